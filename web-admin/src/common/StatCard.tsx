import { Card, CardContent, Chip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Change } from '../api';

const CHANGE_COLOR = { up: 'success', down: 'error', flat: 'default' } as const;

/** One figure with its label and, when the server gives one, its change badge. */
export function StatCard({ label, value, change, icon }: { label: string; value: ReactNode; change?: Change; icon?: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {icon}
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, mt: 1 }} data-testid={`stat-${label}`}>
          {value}
        </Typography>
        {change && <Chip size="small" sx={{ mt: 1 }} label={change.label} color={CHANGE_COLOR[change.direction]} variant="outlined" />}
      </CardContent>
    </Card>
  );
}

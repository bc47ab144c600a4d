import { Chip } from '@mui/material';
import type { AffiliateStatus } from '../api/types';
import { STATUS_CHOICES, STATUS_COLORS } from './choices';

export function AffiliateStatusChip({ status }: { status: AffiliateStatus }) {
  return (
    <Chip size="small" variant="outlined" label={STATUS_CHOICES.find((c) => c.id === status)?.name ?? status} color={STATUS_COLORS[status] ?? 'default'} />
  );
}

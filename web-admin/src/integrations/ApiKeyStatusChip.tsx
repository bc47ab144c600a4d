import { Chip } from '@mui/material';
import type { ApiKeyStatus } from '../api/types';

const LABELS: Record<ApiKeyStatus, string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };
const COLORS = { active: 'success', expired: 'warning', revoked: 'default' } as const;

export function ApiKeyStatusChip({ status }: { status: ApiKeyStatus }) {
  return <Chip size="small" variant="outlined" label={LABELS[status] ?? status} color={COLORS[status] ?? 'default'} />;
}

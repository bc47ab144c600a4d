import HistoryIcon from '@mui/icons-material/History';
import { lazy } from 'react';

export default {
  list: lazy(() => import('./AuditLogList').then((m) => ({ default: m.AuditLogList }))),
  icon: HistoryIcon,
  options: { label: 'Audit log' },
};

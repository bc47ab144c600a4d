import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { lazy } from 'react';
import type { SupportMessageRecord } from '../api/types';

export default {
  list: lazy(() => import('./SupportMessageList').then((m) => ({ default: m.SupportMessageList }))),
  show: lazy(() => import('./SupportMessageShow').then((m) => ({ default: m.SupportMessageShow }))),
  icon: SupportAgentIcon,
  recordRepresentation: (record: SupportMessageRecord) => String(record.subject),
};

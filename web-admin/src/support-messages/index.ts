import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

export default {
  list: lazy(() => import('./SupportMessageList').then((m) => ({ default: m.SupportMessageList }))),
  show: lazy(() => import('./SupportMessageShow').then((m) => ({ default: m.SupportMessageShow }))),
  icon: SupportAgentIcon,
  recordRepresentation: (record: RaRecord) => String(record.subject),
};

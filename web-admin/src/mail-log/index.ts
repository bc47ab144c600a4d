import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import { lazy } from 'react';

export default {
  list: lazy(() => import('./MailLogList').then((m) => ({ default: m.MailLogList }))),
  icon: ForwardToInboxIcon,
  options: { label: 'Mail log' },
};

import PaymentsIcon from '@mui/icons-material/Payments';
import { lazy } from 'react';
import type { PaymentRecord } from '../api/types';

export default {
  list: lazy(() => import('./PaymentList').then((m) => ({ default: m.PaymentList }))),
  show: lazy(() => import('./PaymentShow').then((m) => ({ default: m.PaymentShow }))),
  icon: PaymentsIcon,
  recordRepresentation: (record: PaymentRecord) => `${record.email} (${record.state})`,
};

import PaymentsIcon from '@mui/icons-material/Payments';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

export default {
  list: lazy(() => import('./PaymentList').then((m) => ({ default: m.PaymentList }))),
  show: lazy(() => import('./PaymentShow').then((m) => ({ default: m.PaymentShow }))),
  icon: PaymentsIcon,
  recordRepresentation: (record: RaRecord) => `${record.email} (${record.state})`,
};

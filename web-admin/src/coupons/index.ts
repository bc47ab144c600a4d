import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { lazy } from 'react';
import type { RaRecord } from 'react-admin';

export default {
  list: lazy(() => import('./CouponPages').then((m) => ({ default: m.CouponList }))),
  create: lazy(() => import('./CouponPages').then((m) => ({ default: m.CouponCreate }))),
  edit: lazy(() => import('./CouponPages').then((m) => ({ default: m.CouponEdit }))),
  icon: LocalOfferIcon,
  options: { label: 'Coupons' },
  recordRepresentation: (record: RaRecord) => String(record.code),
};

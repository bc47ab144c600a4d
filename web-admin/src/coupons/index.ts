import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { lazy } from 'react';
import type { CouponRecord } from '../api/types';

export default {
  list: lazy(() => import('./CouponPages').then((m) => ({ default: m.CouponList }))),
  create: lazy(() => import('./CouponPages').then((m) => ({ default: m.CouponCreate }))),
  edit: lazy(() => import('./CouponPages').then((m) => ({ default: m.CouponEdit }))),
  icon: LocalOfferIcon,
  options: { label: 'Coupons' },
  recordRepresentation: (record: CouponRecord) => String(record.code),
};

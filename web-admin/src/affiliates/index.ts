import HandshakeIcon from '@mui/icons-material/Handshake';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import { lazy } from 'react';
import type { AffiliateRecord } from '../api/types';

/** The affiliates grid and each affiliate's page (GET/PUT /api/admin/affiliates). */
export default {
  list: lazy(() => import('./AffiliateList').then((m) => ({ default: m.AffiliateList }))),
  edit: lazy(() => import('./AffiliateEdit').then((m) => ({ default: m.AffiliateEdit }))),
  icon: HandshakeIcon,
  recordRepresentation: (record: AffiliateRecord) => `${record.name} (${record.code})`,
};

/** What affiliates are owed and the payout batches (GET/POST /api/admin/affiliate-payouts). */
export const affiliatePayouts = {
  list: lazy(() => import('./payouts/AffiliatePayoutsPage').then((m) => ({ default: m.AffiliatePayoutsPage }))),
  icon: RequestQuoteIcon,
};

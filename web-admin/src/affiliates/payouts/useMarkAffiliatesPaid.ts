import { queryKeys, useApi } from '../../api';
import type { AffiliatePayoutRequest } from '../../api/types';
import { useConsoleAction } from '../../common/useConsoleAction';

/** Marks what the chosen affiliates are owed in one currency as paid (one batch); the owed table and the batches are read again after. */
export function useMarkAffiliatesPaid() {
  const api = useApi();
  return useConsoleAction((payout: AffiliatePayoutRequest) => api.payAffiliates(payout), {
    success: (batch) => `Marked as paid: ${batch.total} ${batch.currency}, reference ${batch.reference}`,
    failure: 'Failed to mark as paid',
    refresh: false,
    invalidate: [queryKeys.affiliatesOwed, queryKeys.affiliatePayouts],
  });
}

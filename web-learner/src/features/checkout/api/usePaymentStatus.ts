import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchPaymentStatus } from '../../../api/payments';
import { paymentStatusQuery } from '../../../api/queries';
import type { ClaimProof, PaymentState, PaymentStatus } from '../../../api/types';

/** Seconds each request waits on the server for the payment to change (the server's most). */
export const LONG_POLL_SECONDS = 25;
/** Pause between two waits, so a server that answers at once is not asked in a loop. */
const BETWEEN_WAITS_MS = 500;
const AWAITING: PaymentState[] = ['CREATED', 'AWAITING_PAYMENT', 'CONFIRMING'];

/** Whether the payment may still be confirmed (the thank-you page waits for it). */
export const isAwaitingPayment = (state: PaymentState) => AWAITING.includes(state);

// An underpaid crypto payment is waited on too: the buyer may send the rest.
const stillWaiting = (data: PaymentStatus) => isAwaitingPayment(data.state) || (data.state === 'UNDERPAID' && Boolean(data.payTo?.remaining));

/**
 * The payment's state. While it awaits confirmation, each request is a long
 * poll: the server answers as soon as the payment changes (the state the page
 * shows is `since`), so the page learns of access within moments of the
 * payment, without asking every few seconds. The proof of purchase lets the
 * server show its email.
 */
export function usePaymentStatus(paymentId: string | null, proof: ClaimProof) {
  const queryClient = useQueryClient();
  const query = paymentStatusQuery(paymentId, proof);
  return useQuery({
    ...query,
    queryFn: paymentId
      ? ({ signal }) => {
          const shown = queryClient.getQueryData<PaymentStatus>(query.queryKey);
          return fetchPaymentStatus(paymentId, proof, shown && stillWaiting(shown) ? { wait: LONG_POLL_SECONDS, since: shown.state, signal } : undefined);
        }
      : skipToken,
    refetchInterval: (q) => (q.state.data && stillWaiting(q.state.data) ? BETWEEN_WAITS_MS : false),
  });
}

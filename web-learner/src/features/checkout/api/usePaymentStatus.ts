import { useQuery } from '@tanstack/react-query';
import { paymentStatusQuery } from '../../../api/queries';
import type { ClaimProof, PaymentState } from '../../../api/types';

const POLL_MS = 3000;
const AWAITING: PaymentState[] = ['CREATED', 'AWAITING_PAYMENT', 'CONFIRMING'];

/** Whether the payment may still be confirmed (the thank-you page waits and polls). */
export const isAwaitingPayment = (state: PaymentState) => AWAITING.includes(state);

/** The payment's state, polled every 3 s while it awaits confirmation; the proof of purchase lets the server show its email. */
export function usePaymentStatus(paymentId: string | null, proof: ClaimProof) {
  return useQuery({
    ...paymentStatusQuery(paymentId, proof),
    // An underpaid crypto payment keeps polling too: the buyer may send the rest.
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && (isAwaitingPayment(data.state) || (data.state === 'UNDERPAID' && data.payTo?.remaining)) ? POLL_MS : false;
    },
  });
}

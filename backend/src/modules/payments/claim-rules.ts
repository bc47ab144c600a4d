import type { PaymentRow } from './payment.model';
import { CLAIM_PROOF_REQUIRED, PaymentsError, PaymentsErrorCode } from './payments.error';

const PENDING = ['AWAITING_PAYMENT', 'CONFIRMING', 'CREATED'];

/**
 * Whether an account may be created from this payment: the caller proved the
 * purchase, and the payment is PAID, unclaimed and bought with this email.
 * The first rule broken, or null.
 */
export function claimProblem(
  payment: Pick<PaymentRow, 'state' | 'email' | 'claimed_by_user_id'> | undefined,
  email: string,
  proven: boolean,
): PaymentsError | null {
  if (!payment) return PaymentsError.missing(true);
  if (!proven) return new PaymentsError(PaymentsErrorCode.ClaimProofRequired, CLAIM_PROOF_REQUIRED);
  if (payment.claimed_by_user_id) return new PaymentsError(PaymentsErrorCode.AlreadyClaimed, 'This payment has already been used to create an account');
  if (payment.state !== 'PAID') {
    return PENDING.includes(payment.state)
      ? new PaymentsError(PaymentsErrorCode.NotConfirmed, 'Payment is not confirmed yet')
      : new PaymentsError(PaymentsErrorCode.NotCompleted, 'This payment was not completed, so no account can be created with it');
  }
  if (payment.email.toLowerCase() !== email.trim().toLowerCase()) {
    const message = 'The email does not match the payment';
    return new PaymentsError(PaymentsErrorCode.EmailMismatch, message, { errors: { email: message } });
  }
  return null;
}

import type { PaymentRow } from './payment.model';
import type { RefundEligibility } from './dto/admin-payment.dto';

export type { RefundEligibility };

export const REFUND_WINDOW_DAYS = 30;
export const REFUND_MAX_ACCESSED_PERCENT = 20;

/** The refund policy: a paid payment, within 30 days of payment, with at most 20% of the lessons accessed. Every reason it fails is listed. */
export function refundEligibility(payment: Pick<PaymentRow, 'state' | 'paid_at'>, percentAccessed: number, nowMs = Date.now()): RefundEligibility {
  const reasons: string[] = [];
  const daysSincePayment = payment.paid_at ? Math.floor((nowMs - new Date(payment.paid_at).getTime()) / 86_400_000) : null;
  if (payment.state !== 'PAID') reasons.push(`The payment is ${payment.state}, not PAID`);
  if (daysSincePayment !== null && daysSincePayment > REFUND_WINDOW_DAYS)
    reasons.push(`Paid ${daysSincePayment} days ago (refunds within ${REFUND_WINDOW_DAYS} days)`);
  if (percentAccessed > REFUND_MAX_ACCESSED_PERCENT) reasons.push(`${percentAccessed}% of the lessons accessed (at most ${REFUND_MAX_ACCESSED_PERCENT}%)`);
  return { eligible: reasons.length === 0, reasons, daysSincePayment, percentAccessed };
}

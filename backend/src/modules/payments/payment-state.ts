import { decimalEquals } from './decimal';

export const PAYMENT_STATES = ['CREATED', 'AWAITING_PAYMENT', 'CONFIRMING', 'PAID', 'UNDERPAID', 'EXPIRED', 'FAILED', 'MANUAL_REVIEW', 'REFUNDED'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * What a provider told us, normalised to one vocabulary (NOWPayments'
 * statuses; card and PayPal adapters map theirs onto it, plus `approved`:
 * the buyer approved a PayPal order that we still have to capture).
 */
export interface ProviderReport {
  status: string;
  orderId: string | null;
  priceAmount: unknown;
  priceCurrency: string | null;
  payCurrency: string | null;
  /** The provider's id of the money movement: NOWPayments' payment_id, Stripe's PaymentIntent, PayPal's capture (refunds need it). */
  providerPaymentId: string | null;
  /** The provider's id of the checkout (invoice, Checkout Session, order), to match a report that carries no order id. */
  providerRef?: string | null;
  /** Crypto: what the buyer was asked to send, where, and what arrived so far (in the pay currency). */
  crypto?: { payAmount: string | null; received: string | null; address: string | null };
  /** Card and PayPal: the payer's name as the provider knows it (offered when the buyer creates the account). */
  payerName?: string | null;
}

export interface ExpectedPayment {
  id: string;
  amount: string;
  currency: string;
  payCurrency: string;
}

export interface Decision {
  next: PaymentState | null;
  reason: string;
}

/** Provider statuses, as our states. */
const TARGET: Record<string, PaymentState> = {
  waiting: 'AWAITING_PAYMENT',
  confirming: 'CONFIRMING',
  approved: 'CONFIRMING',
  confirmed: 'CONFIRMING',
  sending: 'CONFIRMING',
  finished: 'PAID',
  partially_paid: 'UNDERPAID',
  expired: 'EXPIRED',
  failed: 'FAILED',
  refunded: 'REFUNDED',
};

const RANK: Record<PaymentState, number> = {
  CREATED: 0,
  AWAITING_PAYMENT: 1,
  CONFIRMING: 2,
  UNDERPAID: 3,
  PAID: 4,
  EXPIRED: 4,
  FAILED: 4,
  MANUAL_REVIEW: 4,
  REFUNDED: 5,
};

/** Why a report does not match what we sold, or null when it does. */
export function mismatchOf(report: ProviderReport, expected: ExpectedPayment): string | null {
  if (report.orderId !== expected.id) return `order ${report.orderId ?? '(none)'} is not ${expected.id}`;
  if (!decimalEquals(report.priceAmount, expected.amount)) return `amount ${String(report.priceAmount)} is not ${expected.amount}`;
  if ((report.priceCurrency ?? '').toUpperCase() !== expected.currency.toUpperCase())
    return `currency ${report.priceCurrency ?? '(none)'} is not ${expected.currency}`;
  if ((report.payCurrency ?? '').toLowerCase() !== expected.payCurrency.toLowerCase())
    return `pay currency ${report.payCurrency ?? '(none)'} is not ${expected.payCurrency}`;
  return null;
}

/**
 * A report older than what the payment has become (a "confirming" processed
 * after "partially_paid", say): its state is ignored, and so are its amounts,
 * or a stale full amount would hide what is left to pay.
 */
export function isLate(current: PaymentState, report: ProviderReport): boolean {
  const target = TARGET[report.status];
  return !target || RANK[target] < RANK[current];
}

/**
 * The forward-only payment state machine. Only a "finished" report that
 * matches order, amount (as decimals), currency and pay currency makes
 * PAID; "partially_paid" is UNDERPAID and grants nothing; a mismatch goes
 * to MANUAL_REVIEW; lower-rank reports arriving late are ignored; REFUNDED
 * only follows PAID. A payment reported after EXPIRED or FAILED is still
 * honoured (PAID when it matches, MANUAL_REVIEW otherwise).
 */
export function decide(current: PaymentState, report: ProviderReport, expected: ExpectedPayment): Decision {
  const target = TARGET[report.status];
  if (!target) return { next: null, reason: `unknown provider status "${report.status}"` };

  if (target === 'REFUNDED') {
    if (current !== 'PAID') return { next: null, reason: `refund reported while ${current}` };
    // A partial refund keeps the access it paid for; only a refund of the whole amount ends it.
    if (report.priceAmount !== null && report.priceAmount !== undefined && !decimalEquals(report.priceAmount, expected.amount))
      return { next: null, reason: `partial refund of ${String(report.priceAmount)} ignored (the payment was ${expected.amount})` };
    return { next: 'REFUNDED', reason: 'provider reported a refund' };
  }
  if (current === 'REFUNDED' || current === 'MANUAL_REVIEW') return { next: null, reason: `payment is ${current}` };

  let next = target;
  let reason = `provider status ${report.status}`;
  if (target === 'PAID' || target === 'UNDERPAID') {
    const mismatch = mismatchOf(report, expected);
    if (mismatch) {
      next = 'MANUAL_REVIEW';
      reason = `provider reported ${report.status} but ${mismatch}`;
    }
  }
  const completesUnderpayment = current === 'UNDERPAID' && (next === 'PAID' || next === 'MANUAL_REVIEW');
  // Money that arrives after we (or the provider) gave up on the payment is never dropped: a full,
  // matching payment still makes PAID; a partial one goes to a person.
  if ((current === 'EXPIRED' || current === 'FAILED') && (target === 'PAID' || target === 'UNDERPAID')) {
    if (next === 'PAID') return { next, reason: `provider reported finished after the payment was ${current}` };
    return {
      next: 'MANUAL_REVIEW',
      reason: `provider reported ${report.status} after the payment was ${current}${next === 'MANUAL_REVIEW' ? ` (${reason})` : ''}`,
    };
  }
  if (RANK[next] <= RANK[current] && !completesUnderpayment) {
    return { next: null, reason: `late or repeated ${report.status} ignored while ${current}` };
  }
  return { next, reason };
}

import type { ProviderReport } from '../payment-state';

/** How the buyer pays: cryptocurrency (the spec's default), a card, or PayPal. */
export const PAYMENT_METHODS = ['crypto', 'card', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Every adapter by name. The sandbox names are the local simulators: the
 * crypto one mimics NOWPayments, and the card and PayPal ones are the real
 * Stripe and PayPal adapters talking to simulated APIs served by this app.
 */
export const PROVIDER_NAMES = ['nowpayments', 'sandbox', 'stripe', 'paypal', 'sandbox-card', 'sandbox-paypal'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export interface CheckoutRequest {
  paymentId: string;
  /** The server's price for this checkout (coupon applied), in `currency`. */
  amount: string;
  currency: string;
  /** Crypto: the provider's pay currency code (e.g. usdttrc20); card and PayPal: the method. */
  payCurrency: string;
  email: string;
  description: string;
  notifyUrl: string;
  successUrl: string;
  cancelUrl: string;
}

/** What a crypto provider asks the buyer to send, when it says (our waiting page shows it). */
export interface PayInstructions {
  address: string;
  amount: string;
  expiresAt: Date | null;
}

export interface Checkout {
  providerRef: string;
  /** Where the buyer pays: the provider's hosted page (card, PayPal, a crypto invoice) or null when `payTo` says what to send. */
  checkoutUrl: string | null;
  payTo?: PayInstructions;
  providerPaymentId?: string | null;
}

export interface ReconcileTarget {
  id: string;
  providerRef: string | null;
  providerPaymentId: string | null;
}

export interface ProviderAnswer {
  report: ProviderReport;
  raw: string;
}

/** The port every payment provider adapter implements. */
export interface PaymentProvider {
  readonly name: ProviderName;
  readonly method: PaymentMethod;
  /** Whether the adapter has what it needs to take a payment (keys entered in Settings or the environment). */
  configured(): Promise<boolean>;
  /** Crypto: pay_currency codes enabled for the merchant, or null when unknown (then our whole table is offered). */
  enabledCurrencies(): Promise<ReadonlySet<string> | null>;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** The provider's current view of a payment, or null when it has none yet. */
  fetchStatus(target: ReconcileTarget): Promise<ProviderAnswer | null>;
  /** Checks a notification against the raw body bytes and its headers (a signature, or the provider's verification call). */
  verifyNotification(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<boolean>;
  /**
   * PayPal: the provider's id of this HTTP delivery (a verified one), which
   * it never sends twice (a retry is a new transmission): a second delivery
   * with a stored id is a replay and is taken as a duplicate, whatever its body.
   */
  deliveryId?(headers: Record<string, string | string[] | undefined>): string | null;
  /** PayPal: takes the money of an order the buyer approved; answers the provider's view afterwards. */
  capture?(target: ReconcileTarget): Promise<ProviderAnswer>;
  /** Card and PayPal: gives the whole payment back through the provider; answers its refund id. */
  refund?(target: ReconcileTarget, amount: string, currency: string): Promise<{ refundRef: string }>;
}

export class ProviderUnavailableError extends Error {}

/** A provider answered that the request itself is wrong (not a passing failure): retrying will not help. */
export class ProviderRefusedError extends ProviderUnavailableError {}

const text = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v as string | number));

/** NOWPayments' IPN / payment fields (and the crypto sandbox's, which sends the same), normalised. */
export function reportFromPayload(payload: Record<string, unknown>): ProviderReport {
  return {
    status: String(payload.payment_status ?? ''),
    orderId: text(payload.order_id),
    priceAmount: payload.price_amount,
    priceCurrency: text(payload.price_currency),
    payCurrency: text(payload.pay_currency),
    providerPaymentId: text(payload.payment_id),
    providerRef: text(payload.invoice_id) ?? text(payload.payment_id),
    crypto: { payAmount: text(payload.pay_amount), received: text(payload.actually_paid), address: text(payload.pay_address) },
  };
}

/** One header's value: a repeated header is refused (a signature is never sent twice). */
export function singleHeader(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

import type { ProviderReport } from '../payment-state';

export interface InvoiceRequest {
  paymentId: string;
  amount: string;
  currency: string;
  payCurrency: string;
  email: string;
  description: string;
  ipnCallbackUrl: string;
  successUrl: string;
  cancelUrl: string;
}

export interface Invoice {
  providerRef: string;
  checkoutUrl: string;
}

export interface ReconcileTarget {
  id: string;
  providerRef: string | null;
  providerPaymentId: string | null;
}

/** The port every crypto payment provider adapter implements. */
export interface PaymentProvider {
  readonly name: 'nowpayments' | 'sandbox';
  /** Provider pay_currency codes enabled for the merchant, or null when unknown (then our whole table is offered). */
  enabledCurrencies(): Promise<ReadonlySet<string> | null>;
  createInvoice(request: InvoiceRequest): Promise<Invoice>;
  /** The provider's current view of a payment, or null when it has none yet. */
  fetchStatus(target: ReconcileTarget): Promise<{ report: ProviderReport; raw: string } | null>;
  /** Checks an IPN's signature over the raw body bytes. */
  verifyIpn(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<boolean>;
}

export class ProviderUnavailableError extends Error {}

/** NOWPayments' IPN / payment fields, normalised. */
export function reportFromPayload(payload: Record<string, unknown>): ProviderReport {
  const text = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
  return {
    status: String(payload.payment_status ?? ''),
    orderId: text(payload.order_id),
    priceAmount: payload.price_amount,
    priceCurrency: text(payload.price_currency),
    payCurrency: text(payload.pay_currency),
    providerPaymentId: text(payload.payment_id),
  };
}

import { fromCents, toCents } from '../decimal';
import type { ProviderReport } from '../payment-state';
import { formBody, providerCall } from './http-call';
import {
  type Checkout,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderAnswer,
  ProviderUnavailableError,
  type ReconcileTarget,
  singleHeader,
} from './payment-provider';
import { verifyStripeSignature } from './stripe-signature';

export interface StripeCredentials {
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  toleranceSeconds: number;
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const idOf = (v: unknown): string | null => text(v) ?? text(obj(v).id);
const amountOf = (minor: unknown): string | null => (typeof minor === 'number' && Number.isSafeInteger(minor) ? fromCents(BigInt(minor)) : null);

/** A Checkout Session's state in our vocabulary. */
function sessionStatus(session: Record<string, unknown>): string {
  if (session.status === 'expired') return 'expired';
  if (session.status === 'complete') return session.payment_status === 'paid' || session.payment_status === 'no_payment_required' ? 'finished' : 'confirming';
  return session.status === 'open' ? 'waiting' : '';
}

function fromSession(session: Record<string, unknown>, status: string): ProviderReport {
  return {
    status,
    orderId: text(session.client_reference_id) ?? text(obj(session.metadata).paymentId),
    priceAmount: amountOf(session.amount_total),
    priceCurrency: text(session.currency),
    payCurrency: 'card',
    providerPaymentId: idOf(session.payment_intent),
    providerRef: text(session.id),
    payerName: text(obj(session.customer_details).name),
  };
}

const EVENT_STATUS: Record<string, string | ((session: Record<string, unknown>) => string)> = {
  'checkout.session.completed': sessionStatus,
  'checkout.session.async_payment_succeeded': 'finished',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
};

/**
 * A Stripe webhook event (or a Checkout Session read back by the
 * reconciler), in our vocabulary: a completed, paid session is `finished`;
 * a completed but not yet paid one (a delayed method) `confirming`; an
 * expired session `expired`; a failed delayed payment `failed`; a charge
 * refunded in full `refunded`. Other events are kept and ignored.
 */
export function readStripeReport(payload: Record<string, unknown>): ProviderReport {
  if (payload.object === 'checkout.session') return fromSession(payload, sessionStatus(payload));
  const type = String(payload.type ?? '');
  const data = obj(obj(payload.data).object);
  const mapped = EVENT_STATUS[type];
  if (mapped && data.object === 'checkout.session') return fromSession(data, typeof mapped === 'function' ? mapped(data) : mapped);
  if (type === 'charge.refunded' && data.object === 'charge') {
    return {
      status: data.refunded === true ? 'refunded' : 'partially_refunded',
      orderId: text(obj(data.metadata).paymentId),
      priceAmount: amountOf(data.amount_refunded),
      priceCurrency: text(data.currency),
      payCurrency: 'card',
      providerPaymentId: idOf(data.payment_intent),
      providerRef: null,
    };
  }
  return {
    status: type,
    orderId: text(obj(data.metadata).paymentId),
    priceAmount: null,
    priceCurrency: null,
    payCurrency: 'card',
    providerPaymentId: null,
    providerRef: null,
  };
}

/**
 * Card payments through a Stripe-compatible API, over plain HTTP: a hosted
 * Checkout Session made server-side with our price and currency, the
 * session read back by the reconciler, refunds, and webhooks verified by
 * their Stripe-Signature. Credentials are read at each call (Settings >
 * Payments first, then the environment), so a key change needs no restart.
 */
export class StripeProvider implements PaymentProvider {
  readonly method = 'card' as const;

  constructor(
    readonly name: 'stripe' | 'sandbox-card',
    private readonly credentials: () => Promise<StripeCredentials>,
  ) {}

  async configured(): Promise<boolean> {
    const c = await this.credentials();
    return Boolean(c.secretKey && c.webhookSecret);
  }

  async enabledCurrencies(): Promise<ReadonlySet<string> | null> {
    return null;
  }

  private async call(method: 'GET' | 'POST', path: string, form?: Record<string, string>, idempotencyKey?: string): Promise<Record<string, unknown>> {
    const { apiUrl, secretKey } = await this.credentials();
    if (!secretKey) throw new ProviderUnavailableError('The card provider secret key is not configured');
    const headers: Record<string, string> = { authorization: `Bearer ${secretKey}`, accept: 'application/json' };
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    return (await providerCall(`Card provider ${method} ${path}`, { method, url: `${apiUrl}${path}`, headers, body: form ? formBody(form) : undefined })).json;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const cents = toCents(request.amount);
    if (cents === null) throw new ProviderUnavailableError(`The amount ${request.amount} is not a price in cents`);
    const session = await this.call(
      'POST',
      '/v1/checkout/sessions',
      {
        mode: 'payment',
        'payment_method_types[0]': 'card',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': request.currency.toLowerCase(),
        'line_items[0][price_data][unit_amount]': String(cents),
        'line_items[0][price_data][product_data][name]': request.description,
        customer_email: request.email,
        client_reference_id: request.paymentId,
        'metadata[paymentId]': request.paymentId,
        'payment_intent_data[metadata][paymentId]': request.paymentId,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      `checkout-${request.paymentId}`,
    );
    if (typeof session.id !== 'string' || typeof session.url !== 'string')
      throw new ProviderUnavailableError('The card provider answered a session without id or url');
    return { providerRef: session.id, checkoutUrl: session.url };
  }

  async fetchStatus(target: ReconcileTarget): Promise<ProviderAnswer | null> {
    if (!target.providerRef) return null;
    const session = await this.call('GET', `/v1/checkout/sessions/${encodeURIComponent(target.providerRef)}`);
    return { report: readStripeReport(session), raw: JSON.stringify(session) };
  }

  async verifyNotification(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<boolean> {
    const { webhookSecret, toleranceSeconds } = await this.credentials();
    return verifyStripeSignature(webhookSecret, rawBody, singleHeader(headers, 'stripe-signature'), toleranceSeconds);
  }

  /** The whole PaymentIntent back; the same payment refunded twice is one refund (idempotency key). */
  async refund(target: ReconcileTarget): Promise<{ refundRef: string }> {
    if (!target.providerPaymentId) throw new ProviderUnavailableError('The card provider has not reported this payment yet');
    const refund = await this.call(
      'POST',
      '/v1/refunds',
      { payment_intent: target.providerPaymentId, 'metadata[paymentId]': target.id },
      `refund-${target.id}`,
    );
    if (typeof refund.id !== 'string') throw new ProviderUnavailableError('The card provider answered a refund without id');
    return { refundRef: refund.id };
  }
}

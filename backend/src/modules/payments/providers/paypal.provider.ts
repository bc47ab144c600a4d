import type { ProviderReport } from '../payment-state';
import { providerCall } from './http-call';
import {
  type Checkout,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderAnswer,
  ProviderRefusedError,
  ProviderUnavailableError,
  type ReconcileTarget,
  singleHeader,
} from './payment-provider';

export interface PayPalCredentials {
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** How far a notification's PayPal-Transmission-Time may be from now, either way (PAYPAL_WEBHOOK_TOLERANCE_SECONDS). */
  toleranceSeconds: number;
}

/** PayPal's transmission ids are at most 50 characters; anything much longer is not PayPal's. */
const MAX_TRANSMISSION_ID = 100;

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

const CAPTURE_STATUS: Record<string, string> = {
  COMPLETED: 'finished',
  PENDING: 'confirming',
  DECLINED: 'failed',
  FAILED: 'failed',
  REFUNDED: 'refunded',
  PARTIALLY_REFUNDED: 'partially_refunded',
};
const ORDER_STATUS: Record<string, string> = {
  CREATED: 'waiting',
  SAVED: 'waiting',
  PAYER_ACTION_REQUIRED: 'waiting',
  APPROVED: 'approved',
  VOIDED: 'expired',
};

/** An order (as created, read back or captured): its capture decides once there is one. */
function fromOrder(order: Record<string, unknown>, status?: string): ProviderReport {
  const unit = obj((order.purchase_units as unknown[] | undefined)?.[0]);
  const capture = obj((obj(unit.payments).captures as unknown[] | undefined)?.[0]);
  const amount = obj(capture.amount ?? unit.amount);
  const captured = text(capture.status);
  return {
    status:
      status ??
      (captured ? (CAPTURE_STATUS[captured] ?? captured.toLowerCase()) : (ORDER_STATUS[String(order.status)] ?? String(order.status ?? '').toLowerCase())),
    orderId: text(unit.custom_id) ?? text(unit.reference_id),
    priceAmount: text(amount.value),
    priceCurrency: text(amount.currency_code),
    payCurrency: 'paypal',
    providerPaymentId: text(capture.id),
    providerRef: text(order.id),
    payerName: payerNameOf(obj(order.payer)),
  };
}

/** The payer of an order ("given_name surname"), when PayPal told us. */
function payerNameOf(payer: Record<string, unknown>): string | null {
  const name = obj(payer.name);
  return [text(name.given_name), text(name.surname)].filter(Boolean).join(' ') || null;
}

/** A capture or refund resource of a webhook. */
function fromMoneyMovement(resource: Record<string, unknown>, status: string, amount: Record<string, unknown>): ProviderReport {
  return {
    status,
    orderId: text(resource.custom_id) ?? text(resource.invoice_id),
    priceAmount: text(amount.value),
    priceCurrency: text(amount.currency_code),
    payCurrency: 'paypal',
    providerPaymentId: status === 'refunded' || status === 'partially_refunded' ? null : text(resource.id),
    providerRef: text(obj(obj(resource.supplementary_data).related_ids).order_id),
  };
}

/**
 * A PayPal webhook event (or an order read back) in our vocabulary: an
 * approved order is `approved` (we capture it next), a completed capture
 * `finished`, a pending one `confirming`, a denied one `failed`, a voided
 * order `expired`, a refund of the whole capture `refunded`.
 */
export function readPayPalReport(payload: Record<string, unknown>): ProviderReport {
  const type = text(payload.event_type);
  if (!type) return fromOrder(payload);
  const resource = obj(payload.resource);
  switch (type) {
    case 'CHECKOUT.ORDER.APPROVED':
      return fromOrder(resource, 'approved');
    case 'CHECKOUT.ORDER.COMPLETED':
      return fromOrder(resource);
    case 'CHECKOUT.ORDER.VOIDED':
      return fromOrder(resource, 'expired');
    case 'PAYMENT.CAPTURE.COMPLETED':
      return fromMoneyMovement(resource, 'finished', obj(resource.amount));
    case 'PAYMENT.CAPTURE.PENDING':
      return fromMoneyMovement(resource, 'confirming', obj(resource.amount));
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED':
      return fromMoneyMovement(resource, 'failed', obj(resource.amount));
    case 'PAYMENT.CAPTURE.REFUNDED': {
      const total = obj(obj(resource.seller_payable_breakdown).total_refunded_amount);
      return fromMoneyMovement(resource, 'refunded', total.value ? total : obj(resource.amount));
    }
    default:
      return { ...fromOrder(resource), status: type.toLowerCase() };
  }
}

const TOKEN_MARGIN_MS = 60_000;

/**
 * PayPal through its REST API (Orders v2): an order created server-side
 * with our price and currency, the buyer approves it on PayPal, and we
 * capture it (from a worker); refunds go to the capture. Webhooks are
 * verified by PayPal's own verification call, with the raw event sent back
 * byte for byte. Credentials are read at each call (Settings > Payments
 * first, then the environment).
 */
export class PayPalProvider implements PaymentProvider {
  readonly method = 'paypal' as const;
  private token: { key: string; value: string; until: number } | null = null;

  constructor(
    readonly name: 'paypal' | 'sandbox-paypal',
    private readonly credentials: () => Promise<PayPalCredentials>,
  ) {}

  async configured(): Promise<boolean> {
    const c = await this.credentials();
    return Boolean(c.clientId && c.clientSecret && c.webhookId);
  }

  async enabledCurrencies(): Promise<ReadonlySet<string> | null> {
    return null;
  }

  private async accessToken(c: PayPalCredentials): Promise<string> {
    if (!c.clientId || !c.clientSecret) throw new ProviderUnavailableError('The PayPal client id and secret are not configured');
    const key = `${c.apiUrl} ${c.clientId} ${c.clientSecret}`;
    if (this.token && this.token.key === key && this.token.until > Date.now()) return this.token.value;
    const { json } = await providerCall('PayPal POST /v1/oauth2/token', {
      method: 'POST',
      url: `${c.apiUrl}/v1/oauth2/token`,
      headers: {
        authorization: `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (typeof json.access_token !== 'string') throw new ProviderUnavailableError('PayPal answered a token request without access_token');
    const seconds = typeof json.expires_in === 'number' ? json.expires_in : 300;
    this.token = { key, value: json.access_token, until: Date.now() + seconds * 1000 - TOKEN_MARGIN_MS };
    return json.access_token;
  }

  private async call(method: 'GET' | 'POST', path: string, body?: string, requestId?: string, accept?: (status: number) => boolean) {
    const c = await this.credentials();
    const headers: Record<string, string> = { authorization: `Bearer ${await this.accessToken(c)}`, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (requestId) headers['paypal-request-id'] = requestId;
    return providerCall(`PayPal ${method} ${path}`, { method, url: `${c.apiUrl}${path}`, headers, body }, accept);
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const { json: order } = await this.call(
      'POST',
      '/v2/checkout/orders',
      JSON.stringify({
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: request.paymentId,
            custom_id: request.paymentId,
            invoice_id: request.paymentId,
            description: request.description,
            amount: { currency_code: request.currency, value: request.amount },
          },
        ],
        payment_source: {
          paypal: {
            email_address: request.email,
            experience_context: { user_action: 'PAY_NOW', shipping_preference: 'NO_SHIPPING', return_url: request.successUrl, cancel_url: request.cancelUrl },
          },
        },
      }),
      `order-${request.paymentId}`,
    );
    const links = Array.isArray(order.links) ? (order.links as Array<Record<string, unknown>>) : [];
    const approve = links.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
    if (typeof order.id !== 'string' || typeof approve?.href !== 'string')
      throw new ProviderUnavailableError('PayPal answered an order without id or approval link');
    return { providerRef: order.id, checkoutUrl: approve.href };
  }

  async fetchStatus(target: ReconcileTarget): Promise<ProviderAnswer | null> {
    if (!target.providerRef) return null;
    const { json } = await this.call('GET', `/v2/checkout/orders/${encodeURIComponent(target.providerRef)}`);
    return { report: readPayPalReport(json), raw: JSON.stringify(json) };
  }

  /** Captures an approved order once (the request id makes a repeat the same capture); an order captured before is read back. */
  async capture(target: ReconcileTarget): Promise<ProviderAnswer> {
    if (!target.providerRef) throw new ProviderUnavailableError('This payment has no PayPal order');
    const path = `/v2/checkout/orders/${encodeURIComponent(target.providerRef)}/capture`;
    const { status, json } = await this.call('POST', path, '{}', `capture-${target.id}`, (s) => s < 300 || s === 422);
    if (status === 422) {
      const details = Array.isArray(json.details) ? (json.details as Array<Record<string, unknown>>) : [];
      if (!details.some((d) => d.issue === 'ORDER_ALREADY_CAPTURED'))
        throw new ProviderRefusedError(`PayPal refused the capture: ${details.map((d) => String(d.issue)).join(', ')}`);
      return (await this.fetchStatus(target))!;
    }
    return { report: readPayPalReport(json), raw: JSON.stringify(json) };
  }

  /** The whole capture back (an empty body refunds it all); the request id makes a repeat the same refund. */
  async refund(target: ReconcileTarget): Promise<{ refundRef: string }> {
    if (!target.providerPaymentId) throw new ProviderUnavailableError('PayPal has not reported a capture for this payment yet');
    const { json } = await this.call('POST', `/v2/payments/captures/${encodeURIComponent(target.providerPaymentId)}/refund`, '{}', `refund-${target.id}`);
    if (typeof json.id !== 'string') throw new ProviderUnavailableError('PayPal answered a refund without id');
    return { refundRef: json.id };
  }

  /**
   * PayPal's verification call, with the five transmission headers, our
   * webhook id and the event exactly as it arrived (spliced in as raw bytes:
   * a re-serialised event would not match what PayPal signed). Only
   * "SUCCESS" passes; PayPal being unreachable throws, so the webhook answers
   * 5xx and PayPal sends it again.
   *
   * PayPal signs the transmission id, its time, the webhook id and only a
   * CRC32 of the body, and anyone can pad a forged body to a given CRC32: a
   * captured delivery's headers would verify any body. So, as PayPal's
   * guidance says, a transmission is refused when its time is more than the
   * tolerance away from now (old, or from the future), and its id is
   * recorded with the delivery (see `deliveryId`): the same id again is a
   * replay, taken as a duplicate whatever its body.
   */
  async verifyNotification(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<boolean> {
    const c = await this.credentials();
    const fields = {
      auth_algo: singleHeader(headers, 'paypal-auth-algo'),
      cert_url: singleHeader(headers, 'paypal-cert-url'),
      transmission_id: singleHeader(headers, 'paypal-transmission-id'),
      transmission_sig: singleHeader(headers, 'paypal-transmission-sig'),
      transmission_time: singleHeader(headers, 'paypal-transmission-time'),
    };
    if (!c.webhookId || Object.values(fields).some((v) => !v)) return false;
    if (fields.transmission_id!.length > MAX_TRANSMISSION_ID) return false;
    const sentAt = Date.parse(fields.transmission_time!);
    if (!Number.isFinite(sentAt) || Math.abs(Date.now() - sentAt) > c.toleranceSeconds * 1000) return false;
    const event = rawBody.toString('utf8');
    try {
      const parsed: unknown = JSON.parse(event);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return false;
    } catch {
      return false;
    }
    const body = `${JSON.stringify({ ...fields, webhook_id: c.webhookId }).slice(0, -1)},"webhook_event":${event}}`;
    try {
      const { json } = await this.call('POST', '/v1/notifications/verify-webhook-signature', body);
      return json.verification_status === 'SUCCESS';
    } catch (err) {
      if (err instanceof ProviderRefusedError) return false;
      throw err;
    }
  }

  /** The PayPal-Transmission-Id of a verified notification. */
  deliveryId(headers: Record<string, string | string[] | undefined>): string | null {
    return singleHeader(headers, 'paypal-transmission-id') ?? null;
  }
}

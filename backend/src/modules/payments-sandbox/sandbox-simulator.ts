import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { fromCents } from '../payments';
import type { SandboxProvider } from './sandbox.provider';
import { paypalTransmissionSignature, type SandboxKeys } from './sandbox-secrets';
import type { SandboxCheckoutRow, SandboxRepository } from './sandbox.repository';

/** What a simulated provider API answers: an HTTP status and a JSON body in that provider's own shape. */
export interface SimulatorAnswer {
  status: number;
  body: Record<string, unknown>;
}

export const CARD_OUTCOMES = ['pay', 'fail', 'expire'] as const;
export type CardOutcome = (typeof CARD_OUTCOMES)[number];

const ok = (body: Record<string, unknown>, status = 200): SimulatorAnswer => ({ status, body });
const stripeError = (status: number, message: string): SimulatorAnswer => ({ status, body: { error: { type: 'invalid_request_error', message } } });
const paypalError = (status: number, name: string, issue: string): SimulatorAnswer => ({
  status,
  body: { name, message: issue, debug_id: randomBytes(6).toString('hex'), details: [{ issue }] },
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MINOR = /^\d{1,9}$/;
const VALUE = /^\d{1,7}\.\d{2}$/;
const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The sandbox's card and PayPal modes: small, stateful stand-ins for the
 * Stripe and PayPal APIs (sessions and orders kept in PostgreSQL), so the
 * real card and PayPal adapters run end to end on a laptop. Each has a
 * hosted page with the sandbox's buttons (Pay, Fail, Expire) that sends the
 * provider's own signed webhooks to our endpoint: Stripe-Signature for card
 * events; PayPal transmission headers, checked through the simulated
 * verify-webhook-signature call, for PayPal events.
 */
export class SandboxSimulator {
  constructor(
    private readonly publicUrl: string,
    private readonly keys: SandboxKeys,
    private readonly store: SandboxRepository,
    private readonly sender: SandboxProvider,
  ) {}

  private get base(): string {
    return `${this.publicUrl}/api/payments/sandbox`;
  }

  // Card: a Stripe-compatible API.

  cardAuthorized(authorization: string | undefined): boolean {
    return typeof authorization === 'string' && sameText(authorization, `Bearer ${this.keys.cardSecretKey}`);
  }

  /** POST /v1/checkout/sessions: one payment line with our price; a repeated Idempotency-Key answers the same session. */
  async createSession(form: Record<string, string>, idempotencyKey: string | undefined): Promise<SimulatorAnswer> {
    const cents = form['line_items[0][price_data][unit_amount]'];
    const currency = form['line_items[0][price_data][currency]'];
    for (const [field, valid] of [
      ['line_items[0][price_data][unit_amount]', cents !== undefined && MINOR.test(cents) && cents !== '0'],
      ['line_items[0][price_data][currency]', /^[a-z]{3}$/.test(currency ?? '')],
      ['success_url', /^https?:\/\//.test(form.success_url ?? '')],
      ['cancel_url', /^https?:\/\//.test(form.cancel_url ?? '')],
      ['mode', form.mode === 'payment'],
    ] as const) {
      if (!valid) return stripeError(400, `Invalid or missing parameter: ${field}`);
    }
    const id = `cs_test_sbx_${idempotencyKey ? createHash('sha256').update(`card:${idempotencyKey}`).digest('hex').slice(0, 24) : randomBytes(12).toString('hex')}`;
    const paymentId = form.client_reference_id ?? form['metadata[paymentId]'];
    const row = await this.store.insertCheckout({
      id,
      kind: 'card',
      payment_id: paymentId && UUID.test(paymentId) ? paymentId : null,
      amount: fromCents(BigInt(cents)),
      currency: currency.toUpperCase(),
      status: 'open',
      request: form,
    });
    return ok(this.session(row));
  }

  async getSession(id: string): Promise<SimulatorAnswer> {
    const row = await this.store.findCheckout(id, 'card');
    return row ? ok(this.session(row)) : stripeError(404, `No such checkout.session: '${id}'`);
  }

  /** POST /v1/refunds: the whole PaymentIntent back; the provider then announces charge.refunded. */
  async refundCard(form: Record<string, string>): Promise<SimulatorAnswer> {
    const row = form.payment_intent ? await this.store.findCheckoutByCapture(form.payment_intent, 'card') : undefined;
    if (!row) return stripeError(404, `No such payment_intent: '${form.payment_intent ?? ''}'`);
    if (row.refund_id) return ok(this.refundObject(row, row.refund_id));
    const refundId = `re_sbx_${randomBytes(10).toString('hex')}`;
    const refunded = await this.store.updateCheckout(row.id, ['complete'], { status: 'refunded', refundId });
    if (!refunded) return stripeError(400, `This PaymentIntent cannot be refunded (session ${row.status})`);
    await this.sendCard(refunded, 'charge.refunded', this.charge(refunded));
    return ok(this.refundObject(refunded, refundId));
  }

  /** The hosted card page's buttons: Pay completes the session (with the name on the card), Fail fails its payment, Expire expires it. */
  async simulateCard(id: string, outcome: CardOutcome, payerName?: string): Promise<{ redirectUrl: string; delivered: boolean } | null> {
    const row = await this.store.findCheckout(id, 'card');
    if (!row) return null;
    const next = outcome === 'pay' ? 'complete' : outcome === 'fail' ? 'failed' : 'expired';
    const moved = await this.store.updateCheckout(id, ['open'], {
      status: next,
      captureId: outcome === 'pay' ? `pi_sbx_${randomBytes(10).toString('hex')}` : undefined,
      payerName: outcome === 'pay' ? payerName : undefined,
    });
    const current = moved ?? row;
    let delivered = true;
    if (moved) {
      const type = outcome === 'pay' ? 'checkout.session.completed' : outcome === 'fail' ? 'checkout.session.async_payment_failed' : 'checkout.session.expired';
      delivered = await this.sendCard(moved, type, this.session(moved));
    }
    const request = current.request as Record<string, string>;
    const redirectUrl = current.status === 'complete' ? request.success_url.replace('{CHECKOUT_SESSION_ID}', id) : request.cancel_url;
    return { redirectUrl, delivered };
  }

  private session(row: SandboxCheckoutRow): Record<string, unknown> {
    const request = row.request as Record<string, string>;
    const complete = row.status === 'complete' || row.status === 'refunded' || row.status === 'failed';
    return {
      id: row.id,
      object: 'checkout.session',
      mode: 'payment',
      status: complete ? 'complete' : row.status,
      payment_status: row.status === 'complete' || row.status === 'refunded' ? 'paid' : 'unpaid',
      amount_total: Number(row.amount.replace('.', '')),
      currency: row.currency.toLowerCase(),
      client_reference_id: request.client_reference_id ?? null,
      customer_email: request.customer_email ?? null,
      customer_details: row.status === 'open' ? null : { email: request.customer_email ?? null, name: request.payer_name ?? null },
      metadata: { paymentId: request['metadata[paymentId]'] ?? null },
      payment_intent: row.capture_id,
      success_url: request.success_url,
      cancel_url: request.cancel_url,
      url: row.status === 'open' ? `${this.base}/card/${row.id}` : null,
      created: Math.floor(new Date(row.created_at).getTime() / 1000),
    };
  }

  private charge(row: SandboxCheckoutRow): Record<string, unknown> {
    const request = row.request as Record<string, string>;
    const cents = Number(row.amount.replace('.', ''));
    return {
      id: `ch_sbx_${row.id.slice(-16)}`,
      object: 'charge',
      amount: cents,
      amount_refunded: cents,
      currency: row.currency.toLowerCase(),
      payment_intent: row.capture_id,
      refunded: true,
      metadata: { paymentId: request['payment_intent_data[metadata][paymentId]'] ?? request['metadata[paymentId]'] ?? null },
    };
  }

  private refundObject(row: SandboxCheckoutRow, id: string): Record<string, unknown> {
    return {
      id,
      object: 'refund',
      status: 'succeeded',
      payment_intent: row.capture_id,
      amount: Number(row.amount.replace('.', '')),
      currency: row.currency.toLowerCase(),
    };
  }

  private async sendCard(row: SandboxCheckoutRow, type: string, object: Record<string, unknown>): Promise<boolean> {
    const event = {
      id: `evt_sbx_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: '2025-10-29',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      data: { object },
    };
    const status = await this.sender.deliver(row.payment_id ?? row.id, `${this.publicUrl}/api/payments/webhook/sandbox-card`, JSON.stringify(event), 'stripe');
    return status >= 200 && status < 300;
  }

  // PayPal: an Orders v2-compatible API.

  /** POST /v1/oauth2/token with the app's client id and secret (Basic). */
  token(authorization: string | undefined): SimulatorAnswer {
    const expected = `Basic ${Buffer.from(`${this.keys.paypalClientId}:${this.keys.paypalClientSecret}`).toString('base64')}`;
    if (typeof authorization !== 'string' || !sameText(authorization, expected))
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    return ok({
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: this.keys.paypalAccessToken,
      token_type: 'Bearer',
      expires_in: 32400,
    });
  }

  paypalAuthorized(authorization: string | undefined): boolean {
    return typeof authorization === 'string' && sameText(authorization, `Bearer ${this.keys.paypalAccessToken}`);
  }

  /** POST /v2/checkout/orders: one purchase unit with our price; a repeated PayPal-Request-Id answers the same order. */
  async createOrder(body: Record<string, unknown>, requestId: string | undefined): Promise<SimulatorAnswer> {
    const unit = (Array.isArray(body.purchase_units) ? body.purchase_units[0] : undefined) as Record<string, unknown> | undefined;
    const amount = unit?.amount as Record<string, unknown> | undefined;
    const context = ((body.payment_source as Record<string, Record<string, unknown>> | undefined)?.paypal?.experience_context ?? {}) as Record<string, unknown>;
    if (body.intent !== 'CAPTURE') return paypalError(422, 'UNPROCESSABLE_ENTITY', 'INVALID_INTENT');
    if (!amount || typeof amount.value !== 'string' || !VALUE.test(amount.value) || typeof amount.currency_code !== 'string')
      return paypalError(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
    if (typeof context.return_url !== 'string' || typeof context.cancel_url !== 'string')
      return paypalError(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER');
    const id = requestId
      ? createHash('sha256').update(`paypal:${requestId}`).digest('hex').slice(0, 17).toUpperCase()
      : randomBytes(9).toString('hex').slice(0, 17).toUpperCase();
    const customId = typeof unit?.custom_id === 'string' ? unit.custom_id : null;
    const row = await this.store.insertCheckout({
      id,
      kind: 'paypal',
      payment_id: customId && UUID.test(customId) ? customId : null,
      amount: amount.value,
      currency: amount.currency_code,
      status: 'PAYER_ACTION_REQUIRED',
      request: body,
    });
    return ok(this.order(row), 200);
  }

  async getOrder(id: string): Promise<SimulatorAnswer> {
    const row = await this.store.findCheckout(id, 'paypal');
    return row ? ok(this.order(row)) : paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
  }

  /** POST /v2/checkout/orders/{id}/capture: only an approved order; the capture is announced by PAYMENT.CAPTURE.COMPLETED. */
  async capture(id: string): Promise<SimulatorAnswer> {
    const row = await this.store.findCheckout(id, 'paypal');
    if (!row) return paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    if (row.status === 'COMPLETED' || row.status === 'REFUNDED') return paypalError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    const captured = await this.store.updateCheckout(id, ['APPROVED'], {
      status: 'COMPLETED',
      captureId: randomBytes(9).toString('hex').slice(0, 17).toUpperCase(),
    });
    if (!captured) return paypalError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
    await this.sendPayPal(captured, 'PAYMENT.CAPTURE.COMPLETED', 'capture', this.captureObject(captured, 'COMPLETED'));
    return ok(this.order(captured), 201);
  }

  /** POST /v2/payments/captures/{id}/refund: the whole capture back, announced by PAYMENT.CAPTURE.REFUNDED. */
  async refundCapture(captureId: string): Promise<SimulatorAnswer> {
    const row = await this.store.findCheckoutByCapture(captureId, 'paypal');
    if (!row) return paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    if (row.refund_id) return ok(this.refundResource(row, row.refund_id), 201);
    const refundId = randomBytes(9).toString('hex').slice(0, 17).toUpperCase();
    const refunded = await this.store.updateCheckout(row.id, ['COMPLETED'], { status: 'REFUNDED', refundId });
    if (!refunded) return paypalError(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED');
    await this.sendPayPal(refunded, 'PAYMENT.CAPTURE.REFUNDED', 'refund', this.refundResource(refunded, refundId));
    return ok(this.refundResource(refunded, refundId), 201);
  }

  /** The hosted PayPal page's buttons: Pay approves the order (by the named payer; we capture it next), Fail declines it, Expire voids it. */
  async simulatePayPal(id: string, outcome: CardOutcome, payerName?: string): Promise<{ redirectUrl: string; delivered: boolean } | null> {
    const row = await this.store.findCheckout(id, 'paypal');
    if (!row) return null;
    const next = outcome === 'pay' ? 'APPROVED' : outcome === 'fail' ? 'DECLINED' : 'VOIDED';
    const moved = await this.store.updateCheckout(id, ['PAYER_ACTION_REQUIRED'], { status: next, payerName: outcome === 'pay' ? payerName : undefined });
    let delivered = true;
    if (moved && outcome === 'pay') delivered = await this.sendPayPal(moved, 'CHECKOUT.ORDER.APPROVED', 'checkout-order', this.order(moved));
    if (moved && outcome === 'fail') delivered = await this.sendPayPal(moved, 'PAYMENT.CAPTURE.DENIED', 'capture', this.captureObject(moved, 'DECLINED'));
    if (moved && outcome === 'expire') delivered = await this.sendPayPal(moved, 'CHECKOUT.ORDER.VOIDED', 'checkout-order', this.order(moved));
    const current = moved ?? row;
    const context = this.context(current);
    const redirectUrl =
      current.status === 'APPROVED' || current.status === 'COMPLETED'
        ? `${context.return_url}${context.return_url.includes('?') ? '&' : '?'}token=${id}&PayerID=SBXPAYER`
        : context.cancel_url;
    return { redirectUrl, delivered };
  }

  /**
   * POST /v1/notifications/verify-webhook-signature: SUCCESS only for our
   * webhook id and a transmission signature over
   * `<transmission id>|<time>|<webhook id>|<CRC32 of the event>` (PayPal's
   * signed string; the sandbox signs it with a key where PayPal uses its certificate).
   */
  verify(body: Record<string, unknown>): SimulatorAnswer {
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'];
    if (fields.some((f) => typeof body[f] !== 'string') || !body.webhook_event || typeof body.webhook_event !== 'object')
      return paypalError(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER');
    const expected = paypalTransmissionSignature(
      this.keys,
      body.transmission_id as string,
      body.transmission_time as string,
      JSON.stringify(body.webhook_event),
    );
    const valid = body.webhook_id === this.keys.paypalWebhookId && sameText(String(body.transmission_sig), expected);
    return ok({ verification_status: valid ? 'SUCCESS' : 'FAILURE' });
  }

  private context(row: SandboxCheckoutRow): { return_url: string; cancel_url: string } {
    const source = (row.request.payment_source ?? {}) as Record<string, Record<string, Record<string, string>>>;
    return source.paypal.experience_context as { return_url: string; cancel_url: string };
  }

  private unit(row: SandboxCheckoutRow): Record<string, unknown> {
    return ((row.request.purchase_units as unknown[] | undefined)?.[0] ?? {}) as Record<string, unknown>;
  }

  private captureObject(row: SandboxCheckoutRow, status: string): Record<string, unknown> {
    const unit = this.unit(row);
    return {
      id: row.capture_id ?? `DENIED${row.id.slice(0, 11)}`,
      status,
      amount: { currency_code: row.currency, value: row.amount },
      custom_id: unit.custom_id ?? null,
      invoice_id: unit.invoice_id ?? null,
      final_capture: true,
      supplementary_data: { related_ids: { order_id: row.id } },
      create_time: new Date(row.updated_at).toISOString(),
    };
  }

  private refundResource(row: SandboxCheckoutRow, id: string): Record<string, unknown> {
    const unit = this.unit(row);
    const amount = { currency_code: row.currency, value: row.amount };
    return {
      id,
      status: 'COMPLETED',
      amount,
      custom_id: unit.custom_id ?? null,
      invoice_id: unit.invoice_id ?? null,
      seller_payable_breakdown: { total_refunded_amount: amount },
      links: [{ rel: 'up', href: `${this.base}/paypal/v2/payments/captures/${row.capture_id}`, method: 'GET' }],
    };
  }

  private order(row: SandboxCheckoutRow): Record<string, unknown> {
    const unit = this.unit(row);
    const captured = row.status === 'COMPLETED' || row.status === 'REFUNDED';
    const links = [{ rel: 'self', href: `${this.base}/paypal/v2/checkout/orders/${row.id}`, method: 'GET' }];
    if (row.status === 'PAYER_ACTION_REQUIRED') links.push({ rel: 'payer-action', href: `${this.base}/paypal/pay/${row.id}`, method: 'GET' });
    return {
      id: row.id,
      intent: 'CAPTURE',
      status: row.status === 'DECLINED' ? 'APPROVED' : row.status === 'REFUNDED' ? 'COMPLETED' : row.status,
      purchase_units: [
        {
          reference_id: unit.reference_id ?? 'default',
          custom_id: unit.custom_id ?? null,
          invoice_id: unit.invoice_id ?? null,
          amount: { currency_code: row.currency, value: row.amount },
          ...(captured || row.status === 'DECLINED'
            ? {
                payments: {
                  captures: [this.captureObject(row, row.status === 'REFUNDED' ? 'REFUNDED' : row.status === 'DECLINED' ? 'DECLINED' : 'COMPLETED')],
                },
              }
            : {}),
        },
      ],
      create_time: new Date(row.created_at).toISOString(),
      ...(this.payer(row) ? { payer: this.payer(row) } : {}),
      links,
    };
  }

  /** The order's payer as PayPal reports it once approved: the name typed on the hosted page, split as PayPal splits it. */
  private payer(row: SandboxCheckoutRow): Record<string, unknown> | null {
    const name = typeof row.request.payer_name === 'string' ? row.request.payer_name : null;
    if (!name) return null;
    const [given, ...rest] = name.split(/\s+/);
    return { name: { given_name: given, surname: rest.join(' ') } };
  }

  private async sendPayPal(row: SandboxCheckoutRow, eventType: string, resourceType: string, resource: Record<string, unknown>): Promise<boolean> {
    const event = JSON.stringify({
      id: `WH-SBX-${randomBytes(10).toString('hex').toUpperCase()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      event_type: eventType,
      summary: `Sandbox ${eventType}`,
      resource,
    });
    const status = await this.sender.deliver(row.payment_id ?? row.id, `${this.publicUrl}/api/payments/webhook/sandbox-paypal`, event, 'paypal');
    return status >= 200 && status < 300;
  }
}

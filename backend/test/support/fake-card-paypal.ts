import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

export interface ProviderRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  raw: string;
}

type Answer = [number, Record<string, unknown>];

/** A small JSON HTTP server on 127.0.0.1 that records every request (never the internet). */
abstract class FakeServer {
  readonly requests: ProviderRequest[] = [];
  /** Makes the next calls to a path prefix answer 500 (the provider is down). */
  failing: string | null = null;
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, raw };
        this.requests.push(request);
        const [status, body] = this.failing && request.path.startsWith(this.failing) ? [500, { error: { message: 'Internal error' } }] : this.handle(request);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  calls(method: string, prefix: string): ProviderRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(prefix));
  }

  protected abstract handle(request: ProviderRequest): Answer;
}

/** A stand-in for api.stripe.com: Checkout Sessions and refunds, for one secret key, honouring Idempotency-Key. */
export class FakeStripe extends FakeServer {
  readonly sessions = new Map<string, Record<string, unknown>>();
  private readonly idempotent = new Map<string, Answer>();
  private seq = 0;

  constructor(private readonly secretKey: string) {
    super();
  }

  form(request: ProviderRequest): Record<string, string> {
    return Object.fromEntries(new URLSearchParams(request.raw));
  }

  /** The session as it is once the buyer paid (what a completed event carries). */
  pay(sessionId: string): Record<string, unknown> {
    const session = this.sessions.get(sessionId)!;
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: `pi_fake_${sessionId.slice(-6)}` });
    return session;
  }

  protected handle(request: ProviderRequest): Answer {
    if (request.headers.authorization !== `Bearer ${this.secretKey}`) return [401, { error: { message: 'Invalid API Key provided' } }];
    const key = request.headers['idempotency-key'];
    if (typeof key === 'string' && this.idempotent.has(key)) return this.idempotent.get(key)!;
    const answer = this.route(request);
    if (typeof key === 'string' && answer[0] < 300) this.idempotent.set(key, answer);
    return answer;
  }

  private route(request: ProviderRequest): Answer {
    const form = this.form(request);
    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      const id = `cs_test_fake${String(++this.seq).padStart(6, '0')}`;
      const session = {
        id,
        object: 'checkout.session',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form['line_items[0][price_data][unit_amount]']),
        currency: form['line_items[0][price_data][currency]'],
        client_reference_id: form.client_reference_id,
        metadata: { paymentId: form['metadata[paymentId]'] },
        payment_intent: null,
        url: `https://checkout.stripe.example/c/pay/${id}`,
      };
      this.sessions.set(id, session);
      return [200, session];
    }
    const get = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && get)
      return this.sessions.has(get[1]) ? [200, this.sessions.get(get[1])!] : [404, { error: { message: 'No such session' } }];
    if (request.method === 'POST' && request.path === '/v1/refunds') {
      if (![...this.sessions.values()].some((s) => s.payment_intent === form.payment_intent)) return [400, { error: { message: 'No such payment_intent' } }];
      return [200, { id: `re_fake${String(++this.seq).padStart(6, '0')}`, object: 'refund', status: 'succeeded', payment_intent: form.payment_intent }];
    }
    return [404, { error: { message: 'Unrecognized request URL' } }];
  }
}

/**
 * A stand-in for PayPal's REST API: OAuth token, Orders v2 (create, get,
 * capture), capture refunds and the webhook verification call, which checks
 * what PayPal's signature covers: the transmission id, its time, the webhook
 * id and the CRC32 of the event (not the event itself), signed here with a
 * key of the fake's own where PayPal uses its certificate.
 */
export class FakePayPal extends FakeServer {
  readonly orders = new Map<string, Record<string, unknown>>();
  private readonly signingKey = 'fake-paypal-certificate-key';
  private seq = 0;
  readonly token = 'A21fake-access-token';

  constructor(
    private readonly clientId: string,
    private readonly clientSecret: string,
    private readonly webhookId: string,
  ) {
    super();
  }

  json(request: ProviderRequest): Record<string, unknown> {
    return request.raw ? (JSON.parse(request.raw) as Record<string, unknown>) : {};
  }

  private signature(transmissionId: string, time: string, webhookId: string, event: string): string {
    return createHmac('sha256', this.signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${crc32(Buffer.from(event, 'utf8'))}`)
      .digest('base64');
  }

  /** The five transmission headers PayPal would put on this event (sent at `sentAt`, now unless given). */
  sign(
    event: string,
    { transmissionId = `tx-${++this.seq}-${Date.now()}`, sentAt = new Date() }: { transmissionId?: string; sentAt?: Date } = {},
  ): Record<string, string> {
    const time = sentAt.toISOString();
    return {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.example/v1/notifications/certs/CERT-1',
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': this.signature(transmissionId, time, this.webhookId, JSON.stringify(JSON.parse(event))),
    };
  }

  protected handle(request: ProviderRequest): Answer {
    if (request.method === 'POST' && request.path === '/v1/oauth2/token') {
      const basic = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
      if (request.headers.authorization !== basic) return [401, { error: 'invalid_client' }];
      return [200, { access_token: this.token, token_type: 'Bearer', expires_in: 32400 }];
    }
    if (request.headers.authorization !== `Bearer ${this.token}`) return [401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed' }];
    const body = this.json(request);
    if (request.method === 'POST' && request.path === '/v1/notifications/verify-webhook-signature') {
      const expected = this.signature(
        String(body.transmission_id),
        String(body.transmission_time),
        String(body.webhook_id),
        JSON.stringify(body.webhook_event),
      );
      const ok = body.webhook_id === this.webhookId && body.transmission_sig === expected;
      return [200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' }];
    }
    if (request.method === 'POST' && request.path === '/v2/checkout/orders') {
      const id = `5O190127TN${String(++this.seq).padStart(6, '0')}`;
      const unit = (body.purchase_units as Array<Record<string, unknown>>)[0];
      const order = {
        id,
        status: 'PAYER_ACTION_REQUIRED',
        purchase_units: [{ reference_id: unit.reference_id, custom_id: unit.custom_id, amount: unit.amount }],
        links: [{ rel: 'payer-action', href: `https://www.paypal.example/checkoutnow?token=${id}` }],
      };
      this.orders.set(id, order);
      return [200, order];
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(request.path);
    if (request.method === 'POST' && capture) {
      const order = this.orders.get(capture[1]);
      if (!order) return [404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] }];
      if (order.status === 'COMPLETED') return [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] }];
      const unit = (order.purchase_units as Array<Record<string, unknown>>)[0];
      unit.payments = { captures: [{ id: `CAP${capture[1].slice(-6)}`, status: 'COMPLETED', amount: unit.amount, custom_id: unit.custom_id }] };
      order.status = 'COMPLETED';
      return [201, order];
    }
    const get = /^\/v2\/checkout\/orders\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && get) return this.orders.has(get[1]) ? [200, this.orders.get(get[1])!] : [404, { name: 'RESOURCE_NOT_FOUND' }];
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(request.path);
    if (request.method === 'POST' && refund) return [201, { id: `REF${refund[1]}`, status: 'COMPLETED' }];
    return [404, { name: 'NOT_FOUND' }];
  }
}

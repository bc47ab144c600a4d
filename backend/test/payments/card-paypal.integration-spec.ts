import { spawnSync } from 'node:child_process';
import { crc32 } from 'node:zlib';
import { RedriveService } from '../../src/events/redrive.service';
import { Reconciliation } from '../../src/modules/payments/reconciliation.service';
import { QueueName } from '../../src/queue/queue-names';
import { QueueService } from '../../src/queue/queue.service';
import { stripeSignature, verifyStripeSignature } from '../../src/modules/payments/providers/stripe-signature';
import { entitlementsOf, paymentState, settled } from '../factories/payments.factory';
import { adminToken } from '../factories/users.factory';
import { padToCrc32 } from '../support/crc32-forge';
import { FakePayPal, FakeStripe } from '../support/fake-card-paypal';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

const STRIPE_KEY = 'sk_test_fake_0123456789';
const STRIPE_WHSEC = 'whsec_fake_0123456789abcdef';
const PAYPAL_ID = 'paypal-client-fake';
const PAYPAL_SECRET = 'paypal-secret-fake-0123';
const PAYPAL_WEBHOOK = 'WH-FAKE-1234567890';

/** Stripe's v1 signature, computed by python3's hmac module (independently of the product's code). */
function pythonStripeSign(secret: string, timestamp: number, body: string): string {
  const script =
    'import hashlib, hmac, json, sys\nd = json.load(sys.stdin)\nprint(hmac.new(d["s"].encode(), (str(d["t"]) + "." + d["b"]).encode(), hashlib.sha256).hexdigest())';
  const result = spawnSync('python3', ['-c', script], { input: JSON.stringify({ s: secret, t: timestamp, b: body }), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`python3 signing failed: ${result.stderr}`);
  return result.stdout.trim();
}

const now = () => Math.floor(Date.now() / 1000);

describe('Card (Stripe-compatible) and PayPal adapters against local fake providers', () => {
  const stripe = new FakeStripe(STRIPE_KEY);
  const paypal = new FakePayPal(PAYPAL_ID, PAYPAL_SECRET, PAYPAL_WEBHOOK);
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    const [stripeUrl, paypalUrl] = [await stripe.start(), await paypal.start()];
    app = await startTestApp({
      worker: true,
      env: {
        STRIPE_API_URL: stripeUrl,
        STRIPE_SECRET_KEY: STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: STRIPE_WHSEC,
        PAYPAL_API_URL: paypalUrl,
        PAYPAL_CLIENT_ID: PAYPAL_ID,
        PAYPAL_CLIENT_SECRET: PAYPAL_SECRET,
        PAYPAL_WEBHOOK_ID: PAYPAL_WEBHOOK,
        // A capture whose job was lost is re-driven a second after it was owed (30 s in production).
        REDRIVE_GRACE_SECONDS: '1',
        QUEUE_BACKOFF_BASE_MS: '200',
      },
    });
    admin = (await adminToken(app)).token;
  });
  afterAll(async () => {
    await app?.close();
    await stripe.stop();
    await paypal.stop();
  });

  const create = (method: 'card' | 'paypal', email: string) => app.http.post('/api/payments/create').send({ amount: 497, method, email });
  const stripeWebhook = (body: string, header: string | null) => {
    const req = app.http.post('/api/payments/webhook/stripe').set('content-type', 'application/json');
    return (header === null ? req : req.set('stripe-signature', header)).send(body);
  };
  const signedStripe = (body: string, t = now(), secret = STRIPE_WHSEC) => `t=${t},v1=${pythonStripeSign(secret, t, body)}`;
  const paypalWebhook = (event: string, headers: Record<string, string>) =>
    app.http.post('/api/payments/webhook/paypal').set('content-type', 'application/json').set(headers).send(event);
  const eventsOf = async (paymentId: string) =>
    (await app.db.query('SELECT count(*)::int AS n FROM payment_events WHERE payment_id = $1', [paymentId]))[0].n as number;
  const transitionsTo = async (paymentId: string, state: string) =>
    (await app.db.query('SELECT count(*)::int AS n FROM payment_state_history WHERE payment_id = $1 AND to_state = $2', [paymentId, state]))[0].n as number;
  const refund = (paymentId: string) =>
    app.http.post(`/api/admin/payments/${paymentId}/refund`).set('Authorization', `Bearer ${admin}`).send({ reason: 'Asked within 14 days' });
  const reconcile = (paymentId: string) => app.http.post(`/api/admin/payments/${paymentId}/reconcile`).set('Authorization', `Bearer ${admin}`).send({});
  /** A checkout the reconciler's pass looks at: stuck longer than PAYMENTS_RECONCILE_AFTER_MINUTES and never checked. */
  const stuck = (paymentId: string) =>
    app.db.query(`UPDATE payments SET updated_at = now() - interval '1 hour', reconcile_checked_at = NULL WHERE id = $1`, [paymentId]);
  const captureCommand = async (paymentId: string) =>
    (await app.db.query(`SELECT state, attempts, job_id FROM owed_commands WHERE name = 'capture-payment' AND key = $1`, [`capture-${paymentId}`]))[0] as
      | { state: string; attempts: number; job_id: string }
      | undefined;

  describe('Stripe-Signature', () => {
    it('matches golden vectors computed by python3, and verification takes exactly those', () => {
      const vectors = [
        { t: 1767225600, body: '{"id":"evt_1","type":"checkout.session.completed"}' },
        { t: 1767225601, body: '{"id":"evt_2","data":{"object":{"name":"Zoë – “quoted” ✓"}}}' },
        { t: 1700000000, body: '' },
      ];
      for (const v of vectors) {
        const golden = pythonStripeSign(STRIPE_WHSEC, v.t, v.body);
        expect(stripeSignature(STRIPE_WHSEC, v.t, Buffer.from(v.body))).toBe(golden);
        expect(verifyStripeSignature(STRIPE_WHSEC, Buffer.from(v.body), `t=${v.t},v1=${golden}`, 300, v.t + 10)).toBe(true);
        expect(verifyStripeSignature(STRIPE_WHSEC, Buffer.from(`${v.body} `), `t=${v.t},v1=${golden}`, 300, v.t + 10)).toBe(false);
        expect(verifyStripeSignature(STRIPE_WHSEC, Buffer.from(v.body), `t=${v.t},v1=${golden}`, 300, v.t + 301)).toBe(false);
        expect(verifyStripeSignature(STRIPE_WHSEC, Buffer.from(v.body), `t=${v.t + 1},v1=${golden}`, 300, v.t + 10)).toBe(false);
      }
      // A rotated secret: one of several v1 signatures matching is enough.
      const body = '{"id":"evt_3"}';
      const header = `t=1767225600,v1=${'0'.repeat(64)},v1=${pythonStripeSign(STRIPE_WHSEC, 1767225600, body)}`;
      expect(verifyStripeSignature(STRIPE_WHSEC, Buffer.from(body), header, 300, 1767225600)).toBe(true);
    });
  });

  describe('card payments', () => {
    it('creates a hosted Checkout Session with the server price, currency, our order id and return URLs', async () => {
      const res = await create('card', 'card.session@example.com').expect(201);
      const { paymentId, paymentUrl } = res.body;
      const call = stripe.calls('POST', '/v1/checkout/sessions').at(-1)!;
      const form = stripe.form(call);
      expect(form).toMatchObject({
        mode: 'payment',
        'line_items[0][price_data][unit_amount]': '49700',
        'line_items[0][price_data][currency]': 'usd',
        client_reference_id: paymentId,
        customer_email: 'card.session@example.com',
        success_url: `${app.baseUrl}/thank-you?paymentId=${paymentId}`,
        cancel_url: `${app.baseUrl}/payment?cancelled=1&paymentId=${paymentId}`,
      });
      expect(call.headers['idempotency-key']).toBe(`checkout-${paymentId}`);
      expect(paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.example\/c\/pay\/cs_test_fake/);
      const [row] = await app.db.query('SELECT method, provider, state, amount, currency, pay_currency FROM payments WHERE id = $1', [paymentId]);
      expect(row).toEqual({ method: 'card', provider: 'stripe', state: 'AWAITING_PAYMENT', amount: '497.00', currency: 'USD', pay_currency: 'card' });
    });

    it('a client amount that is not the price is refused and nothing is created', async () => {
      const before = stripe.calls('POST', '/v1/checkout/sessions').length;
      const res = await app.http.post('/api/payments/create').send({ amount: 1, method: 'card', email: 'card.cheap@example.com' }).expect(400);
      expect(res.body.errors.amount).toMatch(/497\.00/);
      expect(stripe.calls('POST', '/v1/checkout/sessions').length).toBe(before);
    });

    it('refuses tampered, wrongly signed, unsigned and old-timestamp webhooks with no state change', async () => {
      const { paymentId } = (await create('card', 'card.forged@example.com').expect(201)).body;
      const sessionId = [...stripe.sessions.values()].find((s) => s.client_reference_id === paymentId)!.id as string;
      const event = JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: stripe.pay(sessionId) } });
      const tampered = event.replace('"amount_total":49700', '"amount_total":100');
      expect(tampered).not.toBe(event);
      await stripeWebhook(tampered, signedStripe(event)).expect(401);
      await stripeWebhook(event, signedStripe(event, now(), 'whsec_someone_else')).expect(401);
      await stripeWebhook(event, null).expect(401);
      await stripeWebhook(event, signedStripe(event, now() - 301)).expect(401);
      await stripeWebhook(event, signedStripe(event, now() + 400)).expect(401);
      expect(await eventsOf(paymentId)).toBe(0);
      expect(await paymentState(app, paymentId)).toBe('AWAITING_PAYMENT');
      expect(await entitlementsOf(app, paymentId)).toEqual([]);
    });

    it('a paid session grants access once, however often the webhook is delivered or replayed', async () => {
      const { paymentId } = (await create('card', 'card.paid@example.com').expect(201)).body;
      const sessionId = [...stripe.sessions.values()].find((s) => s.client_reference_id === paymentId)!.id as string;
      const event = JSON.stringify({ id: 'evt_paid_1', type: 'checkout.session.completed', data: { object: stripe.pay(sessionId) } });
      const header = signedStripe(event);
      const first = await stripeWebhook(event, header).expect(200);
      expect(first.body).toEqual({ received: true, duplicate: false });
      // The same delivery again (a replay inside the tolerance), and the provider's own retry signed afresh.
      const replays = await Promise.all([stripeWebhook(event, header), stripeWebhook(event, header), stripeWebhook(event, signedStripe(event, now() + 1))]);
      for (const r of replays) expect(r.body).toEqual({ received: true, duplicate: true });
      await eventually(async () => (await entitlementsOf(app, paymentId)).length === 1, { what: 'entitlement' });
      // A later, different event for the same session changes nothing.
      const again = JSON.stringify({ id: 'evt_paid_2', type: 'checkout.session.async_payment_succeeded', data: { object: stripe.sessions.get(sessionId) } });
      await stripeWebhook(again, signedStripe(again)).expect(200);
      await settled(app, paymentId);
      expect(await paymentState(app, paymentId)).toBe('PAID');
      expect(await transitionsTo(paymentId, 'PAID')).toBe(1);
      expect(await entitlementsOf(app, paymentId)).toHaveLength(1);
      const [row] = await app.db.query('SELECT provider_payment_id FROM payments WHERE id = $1', [paymentId]);
      expect(row.provider_payment_id).toBe(`pi_fake_${sessionId.slice(-6)}`);
    });

    it('an admin refund reaches the provider and revokes access; the provider refund event changes nothing more', async () => {
      const { paymentId } = (await create('card', 'card.refund@example.com').expect(201)).body;
      const sessionId = [...stripe.sessions.values()].find((s) => s.client_reference_id === paymentId)!.id as string;
      const paid = JSON.stringify({ id: 'evt_refund_paid', type: 'checkout.session.completed', data: { object: stripe.pay(sessionId) } });
      await stripeWebhook(paid, signedStripe(paid)).expect(200);
      await eventually(async () => (await entitlementsOf(app, paymentId)).length === 1, { what: 'entitlement' });

      // The provider is down: 502, and nothing changes here.
      stripe.failing = '/v1/refunds';
      try {
        const down = await refund(paymentId).expect(502);
        expect(down.body.message).toMatch(/provider/i);
      } finally {
        stripe.failing = null;
      }
      expect(await paymentState(app, paymentId)).toBe('PAID');
      expect((await entitlementsOf(app, paymentId))[0].revoked_at).toBeNull();

      await refund(paymentId).expect(200);
      const call = stripe.calls('POST', '/v1/refunds').at(-1)!;
      expect(stripe.form(call)).toMatchObject({ payment_intent: `pi_fake_${sessionId.slice(-6)}` });
      expect(call.headers['idempotency-key']).toBe(`refund-${paymentId}`);
      expect(await paymentState(app, paymentId)).toBe('REFUNDED');
      expect((await entitlementsOf(app, paymentId))[0].revoked_at).not.toBeNull();
      const [row] = await app.db.query('SELECT provider_refund_ref FROM payments WHERE id = $1', [paymentId]);
      expect(row.provider_refund_ref).toMatch(/^re_fake/);

      const refunded = JSON.stringify({
        id: 'evt_refunded',
        type: 'charge.refunded',
        data: {
          object: {
            object: 'charge',
            refunded: true,
            amount_refunded: 49700,
            currency: 'usd',
            payment_intent: `pi_fake_${sessionId.slice(-6)}`,
            metadata: { paymentId },
          },
        },
      });
      await stripeWebhook(refunded, signedStripe(refunded)).expect(200);
      await settled(app, paymentId);
      expect(await paymentState(app, paymentId)).toBe('REFUNDED');
      expect(await transitionsTo(paymentId, 'REFUNDED')).toBe(1);
    });
    it('a session paid but never confirmed (its webhook lost) is completed by the admin Reconcile and by the reconciler, once', async () => {
      const viaAdmin = (await create('card', 'card.lost.webhook@example.com').expect(201)).body.paymentId as string;
      const viaPass = (await create('card', 'card.lost.webhook2@example.com').expect(201)).body.paymentId as string;
      for (const id of [viaAdmin, viaPass]) stripe.pay([...stripe.sessions.values()].find((s) => s.client_reference_id === id)!.id as string);
      expect(await paymentState(app, viaAdmin)).toBe('AWAITING_PAYMENT');

      const reconciled = await reconcile(viaAdmin).expect(200);
      expect(reconciled.body.state).toBe('PAID');
      await eventually(async () => (await entitlementsOf(app, viaAdmin)).length === 1, { what: 'entitlement after Reconcile' });

      await stuck(viaPass);
      await app.worker!.get(Reconciliation).reconcileStale();
      expect(await paymentState(app, viaPass)).toBe('PAID');
      await eventually(async () => (await entitlementsOf(app, viaPass)).length === 1, { what: 'entitlement after the reconciler' });
      // Asking again changes nothing.
      await reconcile(viaAdmin).expect(200);
      await settled(app, viaAdmin);
      for (const id of [viaAdmin, viaPass]) {
        expect(await transitionsTo(id, 'PAID')).toBe(1);
        expect(await entitlementsOf(app, id)).toHaveLength(1);
      }
    });
  });

  describe('PayPal payments', () => {
    const orderOf = (paymentId: string) =>
      [...paypal.orders.values()].find((o) => (o.purchase_units as Array<Record<string, unknown>>)[0].custom_id === paymentId)!;
    const approved = (order: Record<string, unknown>) =>
      JSON.stringify({
        id: `WH-${String(order.id)}-A`,
        event_type: 'CHECKOUT.ORDER.APPROVED',
        resource_type: 'checkout-order',
        resource: { ...order, status: 'APPROVED' },
      });

    it('creates an Orders v2 order with the server price and return URLs, with an OAuth token', async () => {
      const res = await create('paypal', 'pp.order@example.com').expect(201);
      const { paymentId, paymentUrl } = res.body;
      const token = paypal.calls('POST', '/v1/oauth2/token').at(-1)!;
      expect(token.raw).toBe('grant_type=client_credentials');
      const call = paypal.calls('POST', '/v2/checkout/orders').at(-1)!;
      const body = paypal.json(call) as {
        intent: string;
        purchase_units: Array<Record<string, unknown>>;
        payment_source: { paypal: { experience_context: Record<string, string> } };
      };
      expect(body.intent).toBe('CAPTURE');
      expect(body.purchase_units[0]).toMatchObject({ custom_id: paymentId, amount: { currency_code: 'USD', value: '497.00' } });
      expect(body.payment_source.paypal.experience_context).toMatchObject({
        return_url: `${app.baseUrl}/thank-you?paymentId=${paymentId}`,
        cancel_url: `${app.baseUrl}/payment?cancelled=1&paymentId=${paymentId}`,
      });
      expect(call.headers['paypal-request-id']).toBe(`order-${paymentId}`);
      expect(paymentUrl).toBe(`https://www.paypal.example/checkoutnow?token=${String(orderOf(paymentId).id)}`);
      const [row] = await app.db.query('SELECT method, provider, state FROM payments WHERE id = $1', [paymentId]);
      expect(row).toEqual({ method: 'paypal', provider: 'paypal', state: 'AWAITING_PAYMENT' });
    });

    it('refuses a tampered event, unverified transmissions and missing headers with no state change', async () => {
      const { paymentId } = (await create('paypal', 'pp.forged@example.com').expect(201)).body;
      const event = approved(orderOf(paymentId));
      const headers = paypal.sign(event);
      await paypalWebhook(event.replace('"497.00"', '"1.00"'), headers).expect(401);
      await paypalWebhook(event, { ...headers, 'paypal-transmission-sig': 'sig-made-up' }).expect(401);
      const { ['paypal-transmission-sig']: _dropped, ...missing } = headers;
      await paypalWebhook(event, missing).expect(401);
      expect(await eventsOf(paymentId)).toBe(0);
      expect(await paymentState(app, paymentId)).toBe('AWAITING_PAYMENT');
      expect(paypal.calls('POST', `/v2/checkout/orders/${String(orderOf(paymentId).id)}/capture`)).toHaveLength(0);
    });

    /** A PAYMENT.CAPTURE.COMPLETED for a payment nobody paid, padded so its CRC32 is that of `genuine` (all PayPal's signature covers of a body). */
    const forgedCapture = (paymentId: string, genuine: string) => {
      const order = orderOf(paymentId);
      const forged = JSON.stringify({
        id: 'WH-FORGED-CAPTURE',
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource_type: 'capture',
        resource: {
          id: 'CAPFORGED',
          status: 'COMPLETED',
          amount: { currency_code: 'USD', value: '497.00' },
          custom_id: paymentId,
          supplementary_data: { related_ids: { order_id: order.id } },
        },
        padding: 'a'.repeat(96),
      });
      const padded = padToCrc32(forged, 'a'.repeat(96), crc32(Buffer.from(JSON.stringify(JSON.parse(genuine)))));
      expect(crc32(Buffer.from(padded))).toBe(crc32(Buffer.from(JSON.stringify(JSON.parse(genuine)))));
      return padded;
    };
    const voided = (order: Record<string, unknown>) =>
      JSON.stringify({
        id: `WH-${String(order.id)}-V`,
        event_type: 'CHECKOUT.ORDER.VOIDED',
        resource_type: 'checkout-order',
        resource: { ...order, status: 'VOIDED' },
      });
    const untouched = async (paymentId: string) => {
      expect(await eventsOf(paymentId)).toBe(0);
      expect(await paymentState(app, paymentId)).toBe('AWAITING_PAYMENT');
      expect(await entitlementsOf(app, paymentId)).toEqual([]);
    };

    it('a captured genuine delivery replayed with a forged body of the same CRC32 is a duplicate: the unpaid order stays unpaid', async () => {
      const mine = (await create('paypal', 'pp.abandoned@example.com').expect(201)).body.paymentId as string;
      const unpaid = (await create('paypal', 'pp.free-ride@example.com').expect(201)).body.paymentId as string;
      const genuine = voided(orderOf(mine));
      const headers = paypal.sign(genuine);
      expect((await paypalWebhook(genuine, headers).expect(200)).body).toEqual({ received: true, duplicate: false });
      // The same transmission headers, another body: PayPal's own verification call says SUCCESS (the CRC32 matches).
      const forged = forgedCapture(unpaid, genuine);
      const replay = await paypalWebhook(forged, headers).expect(200);
      expect(replay.body).toEqual({ received: true, duplicate: true });
      await untouched(unpaid);
      expect(paypal.calls('POST', `/v2/checkout/orders/${String(orderOf(unpaid).id)}/capture`)).toHaveLength(0);
    });

    it('refuses a transmission older than the tolerance (5 minutes) or from the future, so a captured delivery never delivered cannot be used later', async () => {
      const mine = (await create('paypal', 'pp.abandoned.late@example.com').expect(201)).body.paymentId as string;
      const unpaid = (await create('paypal', 'pp.free-ride.late@example.com').expect(201)).body.paymentId as string;
      const genuine = voided(orderOf(mine));
      const captured = paypal.sign(genuine, { sentAt: new Date(Date.now() - 6 * 60_000) });
      await paypalWebhook(forgedCapture(unpaid, genuine), captured).expect(401);
      await paypalWebhook(genuine, captured).expect(401);
      const ahead = paypal.sign(genuine, { sentAt: new Date(Date.now() + 6 * 60_000) });
      await paypalWebhook(forgedCapture(unpaid, genuine), ahead).expect(401);
      await paypalWebhook(genuine, { ...captured, 'paypal-transmission-time': 'yesterday' }).expect(401);
      await untouched(unpaid);
      await untouched(mine);
      // Within the tolerance (PayPal's clock a little off either way), the genuine delivery is taken.
      await paypalWebhook(genuine, paypal.sign(genuine, { sentAt: new Date(Date.now() - 4 * 60_000) })).expect(200);
      await paypalWebhook(genuine, paypal.sign(genuine, { sentAt: new Date(Date.now() + 60_000) })).expect(200);
      expect(await eventsOf(mine)).toBe(1);
    });

    it('an approved order is captured once and grants access once, however often the events arrive', async () => {
      const { paymentId } = (await create('paypal', 'pp.paid@example.com').expect(201)).body;
      const order = orderOf(paymentId);
      const event = approved(order);
      const headers = paypal.sign(event);
      expect((await paypalWebhook(event, headers).expect(200)).body.duplicate).toBe(false);
      expect((await paypalWebhook(event, headers).expect(200)).body.duplicate).toBe(true);
      // PayPal's own retry is a new transmission (new id, new time) of the same event: a duplicate too.
      expect((await paypalWebhook(event, paypal.sign(event)).expect(200)).body.duplicate).toBe(true);
      await eventually(async () => (await entitlementsOf(app, paymentId)).length === 1, { what: 'entitlement after capture' });
      const captures = paypal.calls('POST', `/v2/checkout/orders/${String(order.id)}/capture`);
      expect(captures).toHaveLength(1);
      expect(captures[0].headers['paypal-request-id']).toBe(`capture-${paymentId}`);
      // PayPal's own capture notification arrives too: nothing more happens.
      const unit = (paypal.orders.get(String(order.id))!.purchase_units as Array<{ payments: { captures: Array<Record<string, unknown>> } }>)[0];
      const completed = JSON.stringify({ id: `WH-${String(order.id)}-C`, event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: unit.payments.captures[0] });
      await paypalWebhook(completed, paypal.sign(completed)).expect(200);
      await settled(app, paymentId);
      expect(await paymentState(app, paymentId)).toBe('PAID');
      expect(await transitionsTo(paymentId, 'PAID')).toBe(1);
      expect(await entitlementsOf(app, paymentId)).toHaveLength(1);
    });

    it('an admin refund reaches PayPal (the capture) and revokes access', async () => {
      const { paymentId } = (await create('paypal', 'pp.refund@example.com').expect(201)).body;
      const order = orderOf(paymentId);
      const event = approved(order);
      await paypalWebhook(event, paypal.sign(event)).expect(200);
      await eventually(async () => (await entitlementsOf(app, paymentId)).length === 1, { what: 'entitlement' });
      await refund(paymentId).expect(200);
      const captureId = `CAP${String(order.id).slice(-6)}`;
      const call = paypal.calls('POST', `/v2/payments/captures/${captureId}/refund`).at(-1)!;
      expect(call.headers['paypal-request-id']).toBe(`refund-${paymentId}`);
      expect(await paymentState(app, paymentId)).toBe('REFUNDED');
      expect((await entitlementsOf(app, paymentId))[0].revoked_at).not.toBeNull();
    });
    it('an approval whose capture failed and whose retrying job Redis lost is captured by the re-drive, once', async () => {
      const { paymentId } = (await create('paypal', 'pp.lost.capture@example.com').expect(201)).body;
      const order = orderOf(paymentId);
      paypal.failing = `/v2/checkout/orders/${String(order.id)}/capture`;
      try {
        const event = approved(order);
        await paypalWebhook(event, paypal.sign(event)).expect(200);
        // The capture is owed in the transaction that applied the approval, and fails while PayPal is down.
        await eventually(async () => (await captureCommand(paymentId))?.state === 'failed', { what: 'a failed capture attempt' });
        expect(await paymentState(app, paymentId)).toBe('CONFIRMING');
        // Redis loses the retrying job.
        const queue = app.worker!.get(QueueService).queue(QueueName.Payments);
        const job = await queue.getJob((await captureCommand(paymentId))!.job_id);
        await job!.remove();
      } finally {
        paypal.failing = null;
      }
      // The re-drive's passes (every REDRIVE_EVERY_SECONDS in the worker) find the capture owed with no job, and enqueue it again.
      const redrive = app.worker!.get(RedriveService);
      await eventually(
        async () => {
          await redrive.sweep();
          return (await entitlementsOf(app, paymentId)).length === 1;
        },
        { timeoutMs: 30_000, intervalMs: 500, what: 'entitlement after the re-drive' },
      );
      await eventually(async () => (await captureCommand(paymentId))?.state === 'sent', { what: 'capture done' });
      const captures = paypal.calls('POST', `/v2/checkout/orders/${String(order.id)}/capture`);
      expect(new Set(captures.map((c) => c.headers['paypal-request-id']))).toEqual(new Set([`capture-${paymentId}`]));
      expect(await transitionsTo(paymentId, 'PAID')).toBe(1);
    });

    it('an approved order nobody captured is captured by the admin Reconcile and by the reconciler (same request id), once', async () => {
      // The buyer approved at PayPal, but the approval never reached us (no webhook, no owed capture).
      const viaAdmin = (await create('paypal', 'pp.reconcile@example.com').expect(201)).body.paymentId as string;
      const viaPass = (await create('paypal', 'pp.reconcile2@example.com').expect(201)).body.paymentId as string;
      for (const id of [viaAdmin, viaPass]) orderOf(id).status = 'APPROVED';

      const reconciled = await reconcile(viaAdmin).expect(200);
      expect(reconciled.body.state).toBe('PAID');
      await eventually(async () => (await entitlementsOf(app, viaAdmin)).length === 1, { what: 'entitlement after Reconcile' });

      await stuck(viaPass);
      await app.worker!.get(Reconciliation).reconcileStale();
      expect(await paymentState(app, viaPass)).toBe('PAID');
      await eventually(async () => (await entitlementsOf(app, viaPass)).length === 1, { what: 'entitlement after the reconciler' });

      for (const id of [viaAdmin, viaPass]) {
        const captures = paypal.calls('POST', `/v2/checkout/orders/${String(orderOf(id).id)}/capture`);
        expect(captures.length).toBeGreaterThanOrEqual(1);
        expect(new Set(captures.map((c) => c.headers['paypal-request-id']))).toEqual(new Set([`capture-${id}`]));
        await eventually(async () => (await captureCommand(id))?.state === 'sent', { what: 'the owed capture marked done' });
        await settled(app, id);
        expect(await transitionsTo(id, 'PAID')).toBe(1);
        expect(await entitlementsOf(app, id)).toHaveLength(1);
      }
    });

    it('Reconcile of an approved order while PayPal is down answers 502 and changes nothing', async () => {
      const { paymentId } = (await create('paypal', 'pp.reconcile.down@example.com').expect(201)).body;
      const order = orderOf(paymentId);
      order.status = 'APPROVED';
      paypal.failing = `/v2/checkout/orders/${String(order.id)}/capture`;
      try {
        const res = await reconcile(paymentId).expect(502);
        expect(res.body.message).toMatch(/did not capture/);
      } finally {
        paypal.failing = null;
      }
      expect(await paymentState(app, paymentId)).toBe('CONFIRMING');
      expect(await entitlementsOf(app, paymentId)).toEqual([]);
    });
  });

  it('offers crypto, card and PayPal once configured, and crypto checkout is unchanged', async () => {
    expect((await app.http.get('/api/payments/methods').expect(200)).body).toEqual({ methods: ['crypto', 'card', 'paypal'] });
    const res = await app.http
      .post('/api/payments/create')
      .send({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email: 'crypto.still@example.com' })
      .expect(201);
    const [row] = await app.db.query('SELECT method, provider FROM payments WHERE id = $1', [res.body.paymentId]);
    expect(row).toEqual({ method: 'crypto', provider: 'sandbox' });
    const missing = await app.http.post('/api/payments/create').send({ amount: 497, email: 'crypto.missing@example.com' }).expect(400);
    expect(JSON.stringify(missing.body)).toMatch(/select both cryptocurrency and blockchain/i);
  });
});

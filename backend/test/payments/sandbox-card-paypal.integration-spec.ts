import { entitlementsOf, paymentState, settled } from '../factories/payments.factory';
import { adminToken } from '../factories/users.factory';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

/**
 * The sandbox's card and PayPal modes: the real card and PayPal adapters
 * against the simulated provider APIs this app serves, driven by the hosted
 * pages' buttons, with the providers' own signed webhooks.
 */
describe('Sandbox card and PayPal modes', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  const create = async (method: 'card' | 'paypal', email: string) =>
    (await app.http.post('/api/payments/create').send({ amount: 497, method, email }).expect(201)).body as {
      paymentId: string;
      paymentUrl: string;
      claimSecret: string;
    };
  /** The thank-you page's view of the payment: with the checkout's claim secret, the buyer's email and name. */
  const status = async (paymentId: string, claimSecret?: string) =>
    (
      await app.http
        .get(`/api/payments/${paymentId}/status`)
        .set(claimSecret ? { 'x-claim-secret': claimSecret } : {})
        .expect(200)
    ).body;
  const hostedPath = (url: string) => new URL(url).pathname;

  it('offers all three methods in sandbox mode', async () => {
    expect((await app.http.get('/api/payments/methods').expect(200)).body).toEqual({ methods: ['crypto', 'card', 'paypal'] });
    // Form bodies are taken only by the card simulator (Stripe's API shape); any other route still refuses them.
    const form = await fetch(`${app.baseUrl}/api/payments/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=497&method=card&email=a%40b.co',
    });
    expect(form.status).toBe(415);
  });

  it('card: the hosted page shows the price; Pay sends a signed webhook that grants access once; a refund goes back through the simulator', async () => {
    const { paymentId, paymentUrl } = await create('card', 'sbx.card@example.com');
    const page = await app.http.get(hostedPath(paymentUrl)).expect(200);
    expect(page.text).toContain('497.00 USD');
    const id = hostedPath(paymentUrl).split('/').at(-1)!;
    const paid = await app.http.post(`/api/payments/sandbox/card/${id}/simulate`).send({ outcome: 'pay' }).expect(200);
    expect(paid.body).toEqual({ success: true, redirectUrl: `${app.baseUrl}/thank-you?paymentId=${paymentId}` });
    // A second click changes nothing.
    await app.http.post(`/api/payments/sandbox/card/${id}/simulate`).send({ outcome: 'pay' }).expect(200);
    await eventually(async () => (await entitlementsOf(app, paymentId)).length === 1, { what: 'entitlement' });
    await settled(app, paymentId);
    expect(await paymentState(app, paymentId)).toBe('PAID');

    const { token } = await adminToken(app);
    const refundRes = await app.http
      .post(`/api/admin/payments/${paymentId}/refund`)
      .set('Authorization', `Bearer ${token}`)
      .send({ reason: 'Changed my mind' });
    expect({ status: refundRes.status, body: refundRes.body }).toMatchObject({
      status: 200,
      body: { state: 'REFUNDED', method: 'card', currencyCode: 'CARD' },
    });
    expect(await paymentState(app, paymentId)).toBe('REFUNDED');
    expect((await entitlementsOf(app, paymentId))[0].revoked_at).not.toBeNull();
    const [row] = await app.db.query('SELECT provider_refund_ref, provider FROM payments WHERE id = $1', [paymentId]);
    expect(row).toEqual({ provider: 'sandbox-card', provider_refund_ref: expect.stringMatching(/^re_sbx_/) });
    // The simulator's charge.refunded notification reaches the webhook and changes nothing more.
    await eventually(
      async () =>
        (await app.db.query(`SELECT count(*)::int AS n FROM payment_events WHERE payment_id = $1 AND provider_status = 'refunded'`, [paymentId]))[0].n === 1,
      {
        what: 'refund notification',
      },
    );
    await settled(app, paymentId);
    expect(await paymentState(app, paymentId)).toBe('REFUNDED');
  });

  it('card: Expire sends the buyer back to the payment page and the payment expires', async () => {
    const { paymentId, paymentUrl } = await create('card', 'sbx.card.expire@example.com');
    const id = hostedPath(paymentUrl).split('/').at(-1)!;
    const res = await app.http.post(`/api/payments/sandbox/card/${id}/simulate`).send({ outcome: 'expire' }).expect(200);
    expect(res.body.redirectUrl).toBe(`${app.baseUrl}/payment?cancelled=1&paymentId=${paymentId}`);
    await eventually(async () => (await paymentState(app, paymentId)) === 'EXPIRED', { what: 'EXPIRED' });
    expect(await entitlementsOf(app, paymentId)).toEqual([]);
  });

  it('card and PayPal: the payer name the provider reports prefills the account, for the buyer only', async () => {
    const card = await create('card', 'named.card@example.com');
    const page = await app.http.get(hostedPath(card.paymentUrl)).expect(200);
    expect(page.text).toContain('Name on card');
    await app.http
      .post(`/api/payments/sandbox/card/${hostedPath(card.paymentUrl).split('/').at(-1)}/simulate`)
      .send({ outcome: 'pay', payerName: ' Ana Ferreira ' })
      .expect(200);
    await eventually(async () => (await status(card.paymentId, card.claimSecret)).payerName === 'Ana Ferreira', { what: 'payer name from the card' });
    expect((await status(card.paymentId)).payerName).toBeNull();

    const paypal = await create('paypal', 'named.paypal@example.com');
    await app.http
      .post(`/api/payments/sandbox/paypal/${hostedPath(paypal.paymentUrl).split('/').at(-1)}/simulate`)
      .send({ outcome: 'pay', payerName: 'Jonas Müller Weber' })
      .expect(200);
    await eventually(async () => (await status(paypal.paymentId, paypal.claimSecret)).payerName === 'Jonas Müller Weber', { what: 'payer name from PayPal' });
  });

  it('PayPal: Pay approves the order, the server captures it and grants access once', async () => {
    const { paymentId, paymentUrl } = await create('paypal', 'sbx.paypal@example.com');
    const page = await app.http.get(hostedPath(paymentUrl)).expect(200);
    expect(page.text).toContain('497.00 USD');
    const id = hostedPath(paymentUrl).split('/').at(-1)!;
    const res = await app.http.post(`/api/payments/sandbox/paypal/${id}/simulate`).send({ outcome: 'pay' }).expect(200);
    expect(res.body.redirectUrl).toContain(`/thank-you?paymentId=${paymentId}`);
    await eventually(async () => (await paymentState(app, paymentId)) === 'PAID', { what: 'PAID after capture' });
    await eventually(async () => (await entitlementsOf(app, paymentId)).length === 1, { what: 'entitlement' });
    await settled(app, paymentId);
    expect(await entitlementsOf(app, paymentId)).toHaveLength(1);
  });

  it('refuses a bad outcome and unknown sessions', async () => {
    const { paymentUrl } = await create('card', 'sbx.card.bad@example.com');
    const id = hostedPath(paymentUrl).split('/').at(-1)!;
    const bad = await app.http.post(`/api/payments/sandbox/card/${id}/simulate`).send({ outcome: 'steal' }).expect(400);
    expect(bad.body.errors.outcome).toMatch(/pay, fail, expire/);
    await app.http.post('/api/payments/sandbox/card/cs_test_unknown/simulate').send({ outcome: 'pay' }).expect(404);
  });
});

import { entitlementsOf, ipnBody, paymentState, sendIpn } from '../factories/payments.factory';
import { adminToken } from '../factories/users.factory';
import { FakeNowPayments } from '../support/fake-nowpayments';
import { pythonSign } from '../support/python-sign';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

describe('NOWPayments adapter against a local fake API', () => {
  const fake = new FakeNowPayments('np-test-key');
  let app: TestApp;

  beforeAll(async () => {
    const apiUrl = await fake.start();
    app = await startTestApp({
      worker: true,
      env: {
        PAYMENTS_PROVIDER: 'nowpayments',
        NOWPAYMENTS_API_URL: apiUrl,
        NOWPAYMENTS_API_KEY: 'np-test-key',
        NOWPAYMENTS_IPN_SECRET: 'np-ipn-secret-0123456789',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.stop();
  });

  const create = (email: string) =>
    app.http.post('/api/payments/create').send({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', clientId: 'user_1', email });

  it('offers only the currencies the merchant enabled, from our table', async () => {
    const res = await app.http.get('/api/payments/currencies').expect(200);
    expect(res.body.currencies.map((c: { code: string }) => c.code)).toEqual(['BTC', 'USDT', 'USDC']);
    expect(fake.requests.some((r) => r.path === '/v1/merchant/coins' && r.apiKey === 'np-test-key')).toBe(true);
  });

  it('creates a hosted invoice for 497 USD with our order id and return URLs', async () => {
    const res = await create('np.buyer@example.com').expect(201);
    const { paymentId, paymentUrl } = res.body;
    expect(paymentUrl).toBe('https://nowpayments.example.com/payment/?iid=4522625843');
    const invoice = fake.requests.filter((r) => r.path === '/v1/invoice').at(-1)!;
    expect(invoice.body).toEqual({
      price_amount: 497,
      price_currency: 'usd',
      pay_currency: 'usdttrc20',
      order_id: paymentId,
      order_description: expect.any(String),
      ipn_callback_url: `${app.baseUrl}/api/payments/webhook/nowpayments`,
      success_url: `${app.baseUrl}/thank-you?paymentId=${paymentId}`,
      cancel_url: expect.stringContaining(`${app.baseUrl}/payment`),
    });
    const [row] = await app.db.query('SELECT provider, provider_ref, state, amount, currency FROM payments WHERE id = $1', [paymentId]);
    expect(row).toEqual({ provider: 'nowpayments', provider_ref: '4522625843', state: 'AWAITING_PAYMENT', amount: '497.00', currency: 'USD' });
  });

  it('answers 502 and stores nothing when the provider fails', async () => {
    fake.failInvoices = true;
    try {
      const before = (await app.db.query('SELECT count(*)::int AS n FROM payments'))[0].n;
      const res = await create('np.failure@example.com').expect(502);
      expect(res.body).toMatchObject({ statusCode: 502, message: expect.any(String) });
      expect((await app.db.query('SELECT count(*)::int AS n FROM payments'))[0].n).toBe(before);
    } finally {
      fake.failInvoices = false;
    }
  });

  it('accepts an IPN signed with the NOWPayments IPN secret and refuses the sandbox route', async () => {
    const { paymentId } = (await create('np.paid@example.com').expect(201)).body;
    const body = ipnBody(paymentId, 'finished', { invoice_id: 4522625843 });
    await sendIpn(app, body, pythonSign('wrong-secret', body), 'nowpayments').expect(401);
    await sendIpn(app, body, pythonSign('np-ipn-secret-0123456789', body), 'sandbox').expect(404);
    await sendIpn(app, body, pythonSign('np-ipn-secret-0123456789', body), 'nowpayments').expect(200);
    await eventually(async () => (await entitlementsOf(app, paymentId)).length === 1, { what: 'entitlement' });
    expect(await paymentState(app, paymentId)).toBe('PAID');
  });

  it('reconciles through GET /v1/payment/{id}', async () => {
    const { paymentId } = (await create('np.reconcile@example.com').expect(201)).body;
    const waiting = ipnBody(paymentId, 'waiting', { invoice_id: 4522625843, payment_id: 6000000001 });
    await sendIpn(app, waiting, pythonSign('np-ipn-secret-0123456789', waiting), 'nowpayments').expect(200);
    await eventually(
      async () => (await app.db.query('SELECT provider_payment_id FROM payments WHERE id = $1', [paymentId]))[0].provider_payment_id === '6000000001',
      { what: 'provider payment id' },
    );
    fake.paymentStatus = JSON.parse(ipnBody(paymentId, 'finished', { invoice_id: 4522625843, payment_id: 6000000001 }));
    const { token } = await adminToken(app);
    await app.http
      .post(`/api/admin/payments/${paymentId}/reconcile`)
      .set('Authorization', `Bearer ${token}`)
      .send({})
      .expect((r) => expect(r.status).toBeLessThan(300));
    await eventually(async () => (await paymentState(app, paymentId)) === 'PAID', { what: 'PAID after reconcile' });
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === '/v1/payment/6000000001')).toBe(true);
    await eventually(async () => (await entitlementsOf(app, paymentId)).length === 1, { what: 'entitlement after reconcile' });
  });
});

import { ipnBody, sendIpn } from '../factories/payments.factory';
import { adminToken } from '../factories/users.factory';
import { FakeNowPayments } from '../support/fake-nowpayments';
import { pythonSign } from '../support/python-sign';
import { startTestApp, type TestApp } from '../support/test-app';

describe('Payments settings drive the NOWPayments adapter', () => {
  const fake = new FakeNowPayments();
  fake.invoiceId = '7000000001';
  fake.enabledCoins = ['btc', 'usdttrc20'];
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    const apiUrl = await fake.start();
    app = await startTestApp({ env: { PAYMENTS_PROVIDER: 'nowpayments', NOWPAYMENTS_API_URL: apiUrl, NOWPAYMENTS_API_KEY: '', NOWPAYMENTS_IPN_SECRET: '' } });
    admin = (await adminToken(app)).token;
  });
  afterAll(async () => {
    await app.close();
    await fake.stop();
  });

  const create = (email: string) =>
    app.http.post('/api/payments/create').send({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', clientId: 'user_1', email });
  const savePayments = (values: Record<string, unknown>) =>
    app.http.put('/api/admin/settings/payments').set('authorization', `Bearer ${admin}`).send(values).expect(200);

  it('refuses checkout while no API key is configured anywhere', async () => {
    const res = await create('nokey@example.com');
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ statusCode: 502, message: 'The payment provider is unavailable. Please try again.' });
    expect(fake.apiKeys.filter((k) => k)).toEqual([]);
  });

  it('calls NOWPayments with the API key saved in the settings, and follows a key change without a restart', async () => {
    fake.validKey = 'np-settings-key-1';
    await savePayments({ cryptoApiKey: 'np-settings-key-1', cryptoIpnSecret: 'np-settings-ipn-secret-1' });
    const first = await create('first@example.com').expect(201);
    expect(first.body.paymentUrl).toBe('https://nowpayments.example.com/payment/?iid=7000000001');
    expect(fake.apiKeys.at(-1)).toBe('np-settings-key-1');

    await savePayments({ cryptoApiKey: 'np-settings-key-2' });
    expect((await create('stale@example.com')).status).toBe(502);
    expect(fake.apiKeys.at(-1)).toBe('np-settings-key-2');
    fake.validKey = 'np-settings-key-2';
    await create('second@example.com').expect(201);
  });

  it('verifies IPNs with the IPN secret saved in the settings', async () => {
    const { paymentId } = (await create('ipn@example.com').expect(201)).body;
    const body = ipnBody(paymentId, 'waiting', { invoice_id: 7000000001 });
    await sendIpn(app, body, pythonSign('some-other-secret', body), 'nowpayments').expect(401);
    await sendIpn(app, body, pythonSign('np-settings-ipn-secret-1', body), 'nowpayments').expect(200);

    await savePayments({ cryptoIpnSecret: 'np-settings-ipn-secret-2' });
    const next = ipnBody(paymentId, 'confirming', { invoice_id: 7000000001 });
    await sendIpn(app, next, pythonSign('np-settings-ipn-secret-1', next), 'nowpayments').expect(401);
    await sendIpn(app, next, pythonSign('np-settings-ipn-secret-2', next), 'nowpayments').expect(200);
  });
});

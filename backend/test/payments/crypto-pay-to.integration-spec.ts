import { toDataURL } from 'qrcode';
import { checkout, ipnBody, paymentState, sendIpn, settled } from '../factories/payments.factory';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

/** The crypto waiting page's facts: what to send, where, until when, and (underpaid) what is left. */
describe('Crypto: what to send', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
  });
  afterAll(async () => {
    await app?.close();
  });

  const status = async (paymentId: string) => (await app.http.get(`/api/payments/${paymentId}/status`).expect(200)).body;

  it('answers the exact amount, the address, a QR code and the expiry the provider quoted', async () => {
    const { paymentId } = await checkout(app);
    const body = await status(paymentId);
    expect(body.method).toBe('crypto');
    expect(body.payTo).toEqual({
      address: expect.stringMatching(/^T[1-9A-HJ-NP-Za-km-z]{33}$/),
      amount: '497.00',
      currencyCode: 'USDT',
      received: null,
      remaining: null,
      expiresAt: expect.any(String),
      // USDT on Tron has no amount-carrying wallet URI: the QR code is the address, the amount is shown beside it.
      paymentUri: null,
      qrCode: await toDataURL(body.payTo.address, { margin: 1, width: 200 }),
      providerPageUrl: `${app.baseUrl}/api/payments/sandbox/checkout/${paymentId}`,
    });
    const minutes = (new Date(body.payTo.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(50);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('an underpaid payment says what arrived and what is left to send to the same address', async () => {
    const { paymentId } = await checkout(app);
    const before = (await status(paymentId)).payTo;
    await app.http.post(`/api/payments/sandbox/${paymentId}/simulate`).send({ outcome: 'partially_paid' }).expect(200);
    await eventually(async () => (await paymentState(app, paymentId)) === 'UNDERPAID', { what: 'UNDERPAID' });
    const after = (await status(paymentId)).payTo;
    expect(after).toMatchObject({ address: before.address, amount: '497.00', received: '248.5', remaining: '248.5' });
  });

  it('a late report processed after the underpayment (a "confirming" with an older amount) leaves what is left to send as it was', async () => {
    const { paymentId } = await checkout(app);
    await app.http.post(`/api/payments/sandbox/${paymentId}/simulate`).send({ outcome: 'partially_paid' }).expect(200);
    await eventually(async () => (await paymentState(app, paymentId)) === 'UNDERPAID', { what: 'UNDERPAID' });
    await sendIpn(app, ipnBody(paymentId, 'confirming', { actually_paid: 497 })).expect(200);
    await settled(app, paymentId);
    expect(await paymentState(app, paymentId)).toBe('UNDERPAID');
    expect((await status(paymentId)).payTo).toMatchObject({ received: '248.5', remaining: '248.5' });
  });

  it('bitcoin: the QR code is a BIP21 URI with the amount to send now (the rest, once underpaid), and sending the rest in the sandbox makes it PAID', async () => {
    const res = await app.http
      .post('/api/payments/create')
      .send({ amount: 497, currency: 'BTC', blockchain: 'Bitcoin Network', clientId: `user_${Date.now()}`, email: 'topup.btc@example.com' })
      .expect(201);
    const paymentId: string = res.body.paymentId;
    const quoted = (await status(paymentId)).payTo;
    expect(quoted.paymentUri).toBe(`bitcoin:${quoted.address}?amount=${quoted.amount}`);
    expect(quoted.qrCode).toBe(await toDataURL(quoted.paymentUri, { margin: 1, width: 200 }));

    await app.http.post(`/api/payments/sandbox/${paymentId}/simulate`).send({ outcome: 'partially_paid' }).expect(200);
    await eventually(async () => (await paymentState(app, paymentId)) === 'UNDERPAID', { what: 'UNDERPAID' });
    const underpaid = (await status(paymentId)).payTo;
    expect(underpaid.remaining).not.toBeNull();
    expect(underpaid.paymentUri).toBe(`bitcoin:${quoted.address}?amount=${underpaid.remaining}`);
    expect(underpaid.qrCode).toBe(await toDataURL(underpaid.paymentUri, { margin: 1, width: 200 }));
    // The sandbox's wallet page offers to send the rest to the same address.
    const page = await app.http.get(`/api/payments/sandbox/checkout/${paymentId}`).expect(200);
    expect(page.text).toContain('Send the rest');
    expect(page.text).toContain(`${underpaid.remaining} BTC`);

    const topUp = await app.http.post(`/api/payments/sandbox/${paymentId}/simulate`).send({ outcome: 'finished' }).expect(200);
    expect(topUp.body).toMatchObject({ success: true, redirectUrl: `${app.baseUrl}/thank-you?paymentId=${paymentId}` });
    await eventually(async () => (await paymentState(app, paymentId)) === 'PAID', { what: 'PAID after the top-up' });
    expect((await status(paymentId)).payTo).toMatchObject({ received: quoted.amount, remaining: null });
  });

  it('card and PayPal payments have nothing to send', async () => {
    const res = await app.http.post('/api/payments/create').send({ amount: 497, method: 'card', email: 'no.payto@example.com' }).expect(201);
    const body = await status(res.body.paymentId);
    expect(body).toMatchObject({ method: 'card', payTo: null });
  });
});

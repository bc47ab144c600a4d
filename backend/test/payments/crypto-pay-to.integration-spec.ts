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
      qrCode: expect.stringMatching(/^data:image\/png;base64,/),
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

  it('card and PayPal payments have nothing to send', async () => {
    const res = await app.http.post('/api/payments/create').send({ amount: 497, method: 'card', email: 'no.payto@example.com' }).expect(201);
    const body = await status(res.body.paymentId);
    expect(body).toMatchObject({ method: 'card', payTo: null });
  });
});

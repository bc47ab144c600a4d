import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkout, paymentState } from '../factories/payments.factory';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

/**
 * The sandbox behaves like a real provider when our webhook does not accept
 * a notification: /simulate says so (202, the failed count) instead of a
 * cheerful 200, and the notification is posted again with backoff until it
 * gets through. Its own memory is in PostgreSQL, not Redis.
 */
describe('sandbox provider: honest deliveries and retries', () => {
  let app: TestApp;
  let gate: Server;
  /** The webhook "is down" while this is above zero: that many requests get a 503. */
  let refuse = 0;
  const seen: number[] = [];

  beforeAll(async () => {
    // A gateway in front of the API, as a load balancer would be: it can make the webhook unavailable.
    let target = '';
    gate = createServer((req, res) => {
      if (req.url?.startsWith('/api/payments/webhook/') && refuse > 0) {
        refuse--;
        seen.push(503);
        req.resume();
        res.writeHead(503, { 'content-type': 'application/json' }).end('{"statusCode":503}');
        return;
      }
      const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        if (req.url?.startsWith('/api/payments/webhook/')) seen.push(answer.statusCode ?? 0);
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((r) => gate.listen(0, '127.0.0.1', r));
    const gateUrl = `http://127.0.0.1:${(gate.address() as AddressInfo).port}`;
    // PayPal transmissions older than 5 seconds are refused here: a retry must be a new transmission, as PayPal sends it.
    app = await startTestApp({ worker: true, env: { PUBLIC_URL: gateUrl, PAYPAL_WEBHOOK_TOLERANCE_SECONDS: '5' } });
    target = app.baseUrl;
  });
  afterAll(async () => {
    await app.close();
    await new Promise((r) => gate.close(r));
  });

  it('reports refused notifications with 202 and delivers them later, ending PAID', async () => {
    const { paymentId } = await checkout(app);
    refuse = 2;
    const res = await app.http.post(`/api/payments/sandbox/${paymentId}/simulate`).send({ outcome: 'finished' }).expect(202);
    expect(res.body).toMatchObject({ success: false, deliveries: [503, 503, 200, 200], failed: 2, retrying: 2 });
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM sandbox_ipn_deliveries WHERE payment_id = $1 AND delivered_at IS NULL`, [paymentId]);
    expect(n).toBe(2);
    await eventually(async () => (await paymentState(app, paymentId)) === 'PAID', { timeoutMs: 20_000, what: 'the payment PAID after the retries' });
    await eventually(
      async () =>
        (await app.db.query(`SELECT count(*)::int AS n FROM sandbox_ipn_deliveries WHERE payment_id = $1 AND delivered_at IS NOT NULL`, [paymentId]))[0].n ===
        2,
      {
        what: 'both retried deliveries marked delivered',
      },
    );
    const statuses = await app.db.query(`SELECT provider_status FROM payment_events WHERE payment_id = $1 ORDER BY received_at`, [paymentId]);
    expect(statuses.map((s: { provider_status: string }) => s.provider_status).sort()).toEqual(['confirmed', 'confirming', 'finished', 'waiting']);
  });

  it("retries a refused PayPal notification as a new transmission (new id and time), which the webhook's time check takes", async () => {
    const created = await app.http.post('/api/payments/create').send({ amount: 497, method: 'paypal', email: 'sbx.paypal.retry@example.com' }).expect(201);
    const { paymentId, paymentUrl } = created.body as { paymentId: string; paymentUrl: string };
    const orderId = new URL(paymentUrl).pathname.split('/').at(-1)!;
    // Refused at once and at the first retry (2 seconds later): the second retry comes about 6 seconds after the first
    // transmission, which is stale by then.
    refuse = 2;
    const res = await app.http.post(`/api/payments/sandbox/paypal/${orderId}/simulate`).send({ outcome: 'pay' }).expect(200);
    expect(res.body).toMatchObject({ success: false });
    await eventually(async () => (await paymentState(app, paymentId)) === 'PAID', { timeoutMs: 30_000, what: 'PAID after the retried transmission' });
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM payment_events WHERE payment_id = $1 AND delivery_id IS NOT NULL`, [paymentId]);
    expect(n).toBeGreaterThanOrEqual(1);
  });

  it('answers 200 when every notification was accepted, and remembers the last status in PostgreSQL', async () => {
    const { paymentId } = await checkout(app);
    const res = await app.http.post(`/api/payments/sandbox/${paymentId}/simulate`).send({ outcome: 'failed' }).expect(200);
    expect(res.body).toMatchObject({ success: true, deliveries: [200, 200, 200], failed: 0, retrying: 0 });
    const [{ last_body }] = await app.db.query(`SELECT last_body FROM sandbox_payments WHERE payment_id = $1`, [paymentId]);
    expect(JSON.parse(last_body)).toMatchObject({ order_id: paymentId, payment_status: 'failed' });
  });
});

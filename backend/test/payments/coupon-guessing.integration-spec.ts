import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import supertest from 'supertest';
import { freePort } from '../../../scripts/lib/net.cjs';
import { createApiApp } from '../../src/app.factory';
import { adminToken } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

const LIMIT = 5;
const WINDOW = 600;

/**
 * Guessing coupon codes: the third review tried 300 codes through the quote
 * and never met a 429. Codes that name no coupon now count per client IP
 * (in Redis, across API instances); past the limit every coupon look-up,
 * quote or checkout, answers 429 with Retry-After until the window ends.
 */
describe('coupon codes cannot be guessed without limit', () => {
  let app: TestApp;
  let second: NestFastifyApplication;
  let secondHttp: ReturnType<typeof supertest>;

  beforeAll(async () => {
    app = await startTestApp({ env: { COUPON_MAX_UNKNOWN_PER_IP: String(LIMIT), COUPON_UNKNOWN_WINDOW_SECONDS: String(WINDOW) } });
    const { token } = await adminToken(app);
    const coupon = (body: Record<string, unknown>) => app.http.post('/api/admin/coupons').set('authorization', `Bearer ${token}`).send(body).expect(201);
    await coupon({ code: 'REAL10', kind: 'percent', percentOff: 10 });
    await coupon({ code: 'BYGONE', kind: 'percent', percentOff: 50, validFrom: '2020-01-01T00:00:00Z', validTo: '2021-01-01T00:00:00Z' });
    // A second API instance on the same database and Redis, as behind a load balancer.
    second = await createApiApp();
    const port = await freePort();
    await second.listen(port, '127.0.0.1');
    secondHttp = supertest(`http://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    await second?.close();
    await app?.close();
  });

  const quote = (code: string, http = app.http) => http.get('/api/payments/quote').query({ coupon: code });
  const guess = () => `GUESS${randomBytes(4).toString('hex').toUpperCase()}`;

  it('counts only codes that do not exist, stops the guesser at the limit on every instance, and lets them try again after the window', async () => {
    // A buyer's real code, again and again, and an expired one: nothing counts.
    for (let i = 0; i < 3 * LIMIT; i++) await quote(i % 2 ? 'real10' : 'BYGONE').expect(i % 2 ? 200 : 400);

    const answers: number[] = [];
    let blocked: supertest.Response | undefined;
    for (let i = 0; i < 300; i++) {
      const res = await quote(guess(), i % 2 ? app.http : secondHttp);
      answers.push(res.status);
      if (res.status === 429) blocked ??= res;
    }
    expect(answers.filter((s) => s === 400)).toHaveLength(LIMIT);
    expect(answers.slice(LIMIT).every((s) => s === 429)).toBe(true);
    expect(blocked!.headers['retry-after']).toMatch(/^\d+$/);
    expect(blocked!.body).toMatchObject({
      statusCode: 429,
      code: 'COUPON_RATE_LIMITED',
      message: expect.stringMatching(/^Too many coupon codes that do not exist were tried from your network\. Please wait \d+ seconds and try again\.$/),
      errors: { couponCode: expect.stringMatching(/^Too many coupon codes/) },
    });

    // Blocked, a real code is no answer either (else the block would still tell codes apart), on either instance, and at checkout.
    await quote('REAL10').expect(429);
    await quote('REAL10', secondHttp).expect(429);
    const checkout = await app.http
      .post('/api/payments/create')
      .send({ amount: 497, method: 'card', email: 'guesser@example.com', couponCode: guess() })
      .expect(429);
    expect(checkout.headers['retry-after']).toMatch(/^\d+$/);
    expect((await app.db.query(`SELECT count(*)::int AS n FROM payments WHERE email = 'guesser@example.com'`))[0].n).toBe(0);
    // The price without a coupon is still there.
    await app.http.get('/api/payments/quote').expect(200);

    // The window ends (its counter expires in Redis, where every instance reads it): the client may try again.
    expect(Number(blocked!.headers['retry-after'])).toBeLessThanOrEqual(WINDOW);
    expect(await app.redis.del('rl:coupon-unknown:ip:127.0.0.1')).toBe(1);
    await quote('REAL10', secondHttp).expect(200);
    await quote(guess()).expect(400);
  });
});

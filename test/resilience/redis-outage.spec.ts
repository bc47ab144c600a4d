import { expect, test } from '@playwright/test';
import { checkout, eventually, paymentOutcome, privateRedis, report, sendSignedIpn, startBackend } from '../support/backend-processes.mjs';

/**
 * Redis goes away while a provider notification arrives. The webhook still
 * stores the delivery (PostgreSQL is the source of truth) and answers 200;
 * when Redis is back, the outbox sweeper publishes it and the payment is
 * processed: PAID with one entitlement. A worker started while Redis is
 * down waits for it rather than exiting.
 */
test('a notification received while Redis is down is processed once Redis is back', async () => {
  const redis = await privateRedis();
  const backend = await startBackend({ redisUrl: redis.url });
  try {
    await backend.startWorker({ LOG_LEVEL: 'info' }).started();
    const paymentId = await checkout(backend);

    await redis.down();
    // A worker started during the outage (a deploy, a crash restart) waits for Redis instead of exiting.
    const late = backend.startWorker({ LOG_LEVEL: 'info' });
    // Sign-in needs Redis (rate limits): it says 503 in the error shape, not 500.
    const login = await backend.request('POST', '/api/auth/login', { email: 'someone@example.com', password: 'whatever-it-is' });
    expect(login.status).toBe(503);
    expect(login.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable', code: 'REDIS_UNAVAILABLE' });
    const health = await backend.request('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable', message: expect.stringContaining('redis'), code: 'UNHEALTHY' });
    for (const status of ['waiting', 'confirming', 'confirmed', 'finished']) {
      const res = await sendSignedIpn(backend, paymentId, status);
      expect(res.status, res.text).toBe(200);
    }
    const stored = await backend.query(`SELECT provider_status, processed_at FROM payment_events WHERE payment_id = $1 ORDER BY received_at`, [paymentId]);
    expect(stored.map((e: { provider_status: string }) => e.provider_status)).toEqual(['waiting', 'confirming', 'confirmed', 'finished']);
    expect(stored.every((e: { processed_at: Date | null }) => e.processed_at === null)).toBe(true);
    const [{ state }] = await backend.query(`SELECT state FROM payments WHERE id = $1`, [paymentId]);
    expect(state).toBe('AWAITING_PAYMENT');
    const [{ unpublished }] = await backend.query(
      `SELECT count(*)::int AS unpublished FROM outbox_events WHERE published_at IS NULL AND type = 'payment.ipn_received'`,
    );
    expect(unpublished).toBe(4);

    await redis.up();
    const back = Date.now();
    await late.started(90_000);
    await eventually(
      async () => {
        const grants = await backend.query(`SELECT revoked_at FROM entitlements WHERE payment_id = $1`, [paymentId]);
        return grants.length === 1 && grants[0].revoked_at === null;
      },
      { timeoutMs: 90_000, what: 'the entitlement after Redis returned' },
    );
    const [after] = await backend.query(`SELECT state FROM payments WHERE id = $1`, [paymentId]);
    expect(after.state).toBe('PAID');
    const converge_s = Math.round((Date.now() - back) / 100) / 10;
    const outcome = await paymentOutcome(backend, [paymentId]);
    expect(outcome).toEqual({ paid: 1, entitlements: 1, duplicates: 0 });
    expect(late.child.exitCode, 'the worker started during the outage is still running').toBeNull();
    report('Redis down while notifications arrive', { sent: 1, ...outcome, converge_s });
  } catch (err) {
    console.error(backend.logs());
    throw err;
  } finally {
    await backend.stop();
    await redis.destroy();
  }
});

import { expect, test } from '@playwright/test';
import { checkout, eventually, privateRedis, sendSignedIpn, startBackend } from '../support/backend-processes.mjs';

/**
 * Redis goes away while a provider notification arrives. The webhook still
 * stores the delivery (PostgreSQL is the source of truth) and answers 200;
 * when Redis is back, the outbox sweeper publishes it and the payment is
 * processed: PAID with one entitlement.
 */
test('a notification received while Redis is down is processed once Redis is back', async () => {
  const redis = await privateRedis();
  const backend = await startBackend({ redisUrl: redis.url });
  try {
    backend.startWorker();
    const paymentId = await checkout(backend);

    await redis.down();
    for (const status of ['waiting', 'confirming', 'confirmed', 'finished']) {
      const res = await sendSignedIpn(backend, paymentId, status);
      expect(res.status, res.text).toBe(200);
    }
    const stored = await backend.query(`SELECT provider_status, processed_at FROM payment_events WHERE payment_id = $1 ORDER BY received_at`, [paymentId]);
    expect(stored.map((e: { provider_status: string }) => e.provider_status)).toEqual(['waiting', 'confirming', 'confirmed', 'finished']);
    expect(stored.every((e: { processed_at: Date | null }) => e.processed_at === null)).toBe(true);
    const [{ state }] = await backend.query(`SELECT state FROM payments WHERE id = $1`, [paymentId]);
    expect(state).toBe('AWAITING_PAYMENT');
    const [{ unpublished }] = await backend.query(`SELECT count(*)::int AS unpublished FROM outbox_events WHERE published_at IS NULL AND type = 'payment.ipn_received'`);
    expect(unpublished).toBe(4);

    await redis.up();
    await eventually(
      async () => {
        const grants = await backend.query(`SELECT revoked_at FROM entitlements WHERE payment_id = $1`, [paymentId]);
        return grants.length === 1 && grants[0].revoked_at === null;
      },
      { timeoutMs: 90_000, what: 'the entitlement after Redis returned' },
    );
    const [after] = await backend.query(`SELECT state FROM payments WHERE id = $1`, [paymentId]);
    expect(after.state).toBe('PAID');
  } catch (err) {
    console.error(backend.logs());
    throw err;
  } finally {
    await backend.stop();
    await redis.destroy();
  }
});

import { expect, test } from '@playwright/test';
import { checkouts, converged, privateRedis, report, startBackend, type Backend } from '../support/backend-processes.mjs';
import { FAST_RECOVERY } from './scenario';

/**
 * Two copies of the product on one Redis, neither with REDIS_PREFIX set.
 * Before, both used the default "{cp}" prefix and consumed each other's
 * jobs: a payment of one was processed by the other's worker against the
 * wrong database, silently. The default prefix is now derived from the
 * database, and a job names the database it belongs to.
 */
test('two copies on one Redis never touch each other’s payments', async () => {
  const redis = await privateRedis();
  const copies: Backend[] = [];
  try {
    for (let i = 0; i < 2; i++) copies.push(await startBackend({ redisUrl: redis.url, ownPrefix: false, env: FAST_RECOVERY }));
    expect(copies[0].redisPrefix).not.toBe(copies[1].redisPrefix);
    for (const copy of copies) copy.startWorker();
    const ids = await Promise.all(copies.map((copy) => checkouts(copy, 15)));
    const since = Date.now();
    await Promise.all(
      copies.map((copy, i) => Promise.all(ids[i].map((id) => copy.request('POST', `/api/payments/sandbox/${id}/simulate`, { outcome: 'finished' })))),
    );
    const outcomes = await Promise.all(copies.map((copy, i) => converged(copy, ids[i], { since })));
    for (const [i, copy] of copies.entries()) {
      // Every notification this copy stored matched one of its own payments, and each was processed here.
      const [row] = await copy.query(
        `SELECT count(*)::int AS stored, count(*) FILTER (WHERE payment_id IS NULL)::int AS unmatched, count(*) FILTER (WHERE processed_at IS NULL)::int AS unprocessed FROM payment_events`,
      );
      expect(row).toEqual({ stored: ids[i].length * 4, unmatched: 0, unprocessed: 0 });
      const [{ foreign }] = await copy.query(`SELECT count(*)::int AS foreign FROM payments WHERE NOT (id = ANY($1::uuid[]))`, [ids[i]]);
      expect(foreign).toBe(0);
      expect(outcomes[i].duplicates).toBe(0);
    }
    report('two copies on one Redis', {
      sent: `${ids[0].length}+${ids[1].length}`,
      paid: `${outcomes[0].paid}+${outcomes[1].paid}`,
      entitlements: `${outcomes[0].entitlements}+${outcomes[1].entitlements}`,
      duplicates: outcomes[0].duplicates + outcomes[1].duplicates,
      converge_s: Math.max(outcomes[0].seconds, outcomes[1].seconds),
    });
  } catch (err) {
    for (const copy of copies) console.error(copy.logs());
    throw err;
  } finally {
    await Promise.all(copies.map((copy) => copy.stop()));
    await redis.destroy();
  }
});

import { expect, test } from '@playwright/test';
import { checkout, checkouts, converged, eventually, report, SHARED_REDIS_URL, startBackend } from '../support/backend-processes.mjs';
import { FAST_RECOVERY, scale } from './scenario';

/**
 * A payment whose "finished" notification was lost sits among many
 * abandoned checkouts. Before, the reconciler took the oldest 100 stuck
 * payments by updated_at and left updated_at alone when nothing changed,
 * so with 100 or more abandoned checkouts it re-checked the same 100
 * forever. Its cursor now advances past every payment it checked: the lost
 * one is reached within two passes of 100.
 */
test('the reconciler reaches a lost payment behind 150 abandoned checkouts within two passes of 100', async () => {
  const abandoned = scale(150, 400);
  const everySeconds = 3;
  const backend = await startBackend({
    redisUrl: SHARED_REDIS_URL,
    env: { ...FAST_RECOVERY, PAYMENTS_RECONCILE_AFTER_MINUTES: '0', PAYMENTS_RECONCILE_EVERY_SECONDS: String(everySeconds), PAYMENTS_RECONCILE_BATCH: '100' },
  });
  try {
    await checkouts(backend, abandoned);
    const lost = await checkout(backend);
    const simulated = await backend.request('POST', `/api/payments/sandbox/${lost}/simulate`, { outcome: 'finished', faults: { drop: ['finished'] } });
    expect(simulated.status).toBe(200);
    expect(simulated.body.deliveries).toEqual([200, 200, 200]);

    const since = Date.now();
    backend.startWorker();
    const outcome = await converged(backend, [lost], { since, timeoutMs: 120_000 });
    // Each pass stamps its batch with its own transaction time: the passes that ran until the payment was PAID.
    const [{ passes }] = await backend.query(
      `SELECT count(DISTINCT reconcile_checked_at)::int AS passes FROM payments WHERE reconcile_checked_at <= (SELECT paid_at FROM payments WHERE id = $1)`,
      [lost],
    );
    const [{ checked }] = await backend.query(`SELECT count(*)::int AS checked FROM payments WHERE reconcile_checked_at IS NOT NULL`);
    const [history] = await backend.query(`SELECT reason FROM payment_state_history WHERE payment_id = $1 AND to_state = 'PAID'`, [lost]);
    expect(history.reason).toMatch(/finished/);
    const [{ stillWaiting }] = await backend.query(`SELECT count(*)::int AS "stillWaiting" FROM payments WHERE state = 'AWAITING_PAYMENT'`);
    expect(stillWaiting, 'abandoned checkouts younger than the 24 h window stay open').toBe(abandoned);
    expect(outcome.duplicates).toBe(0);
    report(`reconciler, ${abandoned} abandoned + 1 dropped finished`, {
      sent: 1,
      paid: outcome.paid,
      entitlements: outcome.entitlements,
      duplicates: outcome.duplicates,
      checked,
      passes,
      converge_s: outcome.seconds,
    });
    // Two passes for 150 (five at chaos size): each reaches 100 payments it had not checked yet.
    expect(passes).toBeLessThanOrEqual(Math.ceil((abandoned + 1) / 100));
  } catch (err) {
    console.error(backend.logs());
    throw err;
  } finally {
    await backend.stop();
  }
});

/** Abandoned checkouts older than the provider's window leave the set: EXPIRED, so they no longer crowd the reconciler. */
test('abandoned checkouts past the provider window expire', async () => {
  const backend = await startBackend({
    redisUrl: SHARED_REDIS_URL,
    env: { ...FAST_RECOVERY, PAYMENTS_RECONCILE_AFTER_MINUTES: '0', PAYMENTS_RECONCILE_EVERY_SECONDS: '2' },
  });
  try {
    const ids = await checkouts(backend, 5);
    await backend.query(`UPDATE payments SET created_at = now() - interval '25 hours' WHERE id = ANY($1::uuid[])`, [ids.slice(0, 3)]);
    backend.startWorker();
    await eventually(async () => (await backend.query(`SELECT count(*)::int AS n FROM payments WHERE state = 'EXPIRED'`))[0].n === 3, {
      timeoutMs: 60_000,
      what: '3 EXPIRED',
    });
    const states = await backend.query(`SELECT id, state FROM payments WHERE id = ANY($1::uuid[]) ORDER BY created_at`, [ids]);
    expect(states.filter((s: { state: string }) => s.state === 'AWAITING_PAYMENT')).toHaveLength(2);
  } finally {
    await backend.stop();
  }
});

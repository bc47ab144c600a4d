import { expect, test } from '@playwright/test';
import { checkout, converged, eventually, report, startBackend } from '../support/backend-processes.mjs';

const PAYMENTS = 30;

/**
 * The worker dies (SIGKILL, no graceful shutdown) while it is processing
 * payment notifications. After a new worker starts, every paid payment ends
 * PAID with exactly one entitlement: BullMQ hands the stalled jobs back and
 * the consumers are idempotent.
 */
test('a worker killed mid-payment loses nothing and grants nothing twice', async () => {
  const backend = await startBackend({ redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' });
  try {
    const worker = backend.startWorker();
    const ids: string[] = [];
    for (let i = 0; i < PAYMENTS; i++) ids.push(await checkout(backend));

    // Fire every payment's "finished" sequence at once, then kill the worker
    // as soon as it has started on them but before it has finished them all.
    const simulations = ids.map((id) => backend.request('POST', `/api/payments/sandbox/${id}/simulate`, { outcome: 'finished' }));
    await eventually(
      async () => {
        const [{ n }] = await backend.query(`SELECT count(*)::int AS n FROM payment_events WHERE processed_at IS NOT NULL`);
        return n > 0;
      },
      { what: 'the worker to start processing', intervalMs: 10 },
    );
    await worker.kill('SIGKILL');
    for (const res of await Promise.all(simulations)) expect(res.status).toBe(200);
    const [{ paid }] = await backend.query(`SELECT count(*)::int AS paid FROM payments WHERE state = 'PAID'`);
    expect(paid, 'the kill landed before every payment was processed').toBeLessThan(PAYMENTS);

    const restarted = Date.now();
    backend.startWorker();
    const outcome = await converged(backend, ids, { since: restarted, timeoutMs: 90_000 });
    const states = await backend.query(`SELECT state, count(*)::int AS n FROM payments GROUP BY state`);
    expect(states).toEqual([{ state: 'PAID', n: PAYMENTS }]);
    const duplicates = await backend.query(`SELECT payment_id FROM entitlements GROUP BY payment_id HAVING count(*) > 1`);
    expect(duplicates).toEqual([]);
    const confirmed = await backend.query(`SELECT count(*)::int AS n FROM payment_state_history WHERE to_state = 'PAID'`);
    expect(confirmed[0].n).toBe(PAYMENTS);
    report('worker killed -9 mid-payment', {
      sent: PAYMENTS,
      paid_before_restart: paid,
      paid: outcome.paid,
      entitlements: outcome.entitlements,
      duplicates: outcome.duplicates,
      converge_s: outcome.seconds,
    });
  } catch (err) {
    console.error(backend.logs());
    throw err;
  } finally {
    await backend.stop();
  }
});

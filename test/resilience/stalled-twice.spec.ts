import { expect, test } from '@playwright/test';
import { Queue } from 'bullmq';
import { checkouts, converged, eventually, report, sendSignedIpn, SHARED_REDIS_URL, startBackend, type Backend } from '../support/backend-processes.mjs';
import { FAST_RECOVERY } from './scenario';

const PAYMENTS = 5;

/** Sessions of this database waiting on a row lock: jobs stuck in flight on the payments the test holds. */
async function waitingOnLocks(backend: Backend): Promise<number> {
  const [{ n }] = await backend.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
  return n;
}

/**
 * The IPN jobs running now, and how often each stalled before: after kill k
 * the next worker holds them only once they are active again with k stalls
 * behind them (a count of lock waits alone also sees other sessions waiting).
 */
async function ipnJobsInFlight(payments: Queue, stalls: number): Promise<number> {
  return (await payments.getActive(0, 100)).filter((job) => job.name === 'process-ipn' && job.stalledCounter === stalls).length;
}

/**
 * The worker is killed twice while the same jobs are in flight. BullMQ fails
 * a job that stalls more often than maxStalledCount ("job stalled more than
 * allowable limit") and never retries it: before, both payments stayed
 * stuck. The allowance is now higher (10), and past it the re-drive enqueues
 * the job again; here the allowance is 1, so the second stall is fatal for
 * the BullMQ job and the re-drive is what saves the payments.
 */
test('a job that stalls twice still completes: the re-drive revives what BullMQ gave up', async () => {
  const backend = await startBackend({
    redisUrl: SHARED_REDIS_URL,
    env: { ...FAST_RECOVERY, QUEUE_MAX_STALLED_COUNT: '1', DB_LOCK_TIMEOUT_MS: '120000', DB_STATEMENT_TIMEOUT_MS: '120000' },
  });
  const holder = await backend.connect();
  try {
    backend.startWorker();
    const ids = await checkouts(backend, PAYMENTS);
    // Hold the payment rows, so the jobs that process them are in flight (waiting on the lock) when the worker dies.
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM payments WHERE id = ANY($1::uuid[]) FOR UPDATE', [ids]);
    for (const id of ids) expect((await sendSignedIpn(backend, id, 'finished')).status).toBe(200);

    // A killed worker's sessions keep waiting on the lock (PostgreSQL notices the dead client only once it gets the lock),
    // so after each kill the next worker's sessions join them once it has taken the jobs up again.
    const payments = new Queue('payments', { connection: { url: SHARED_REDIS_URL }, prefix: backend.redisPrefix });
    let since = Date.now();
    try {
      for (let kill = 1; kill <= 2; kill++) {
        await eventually(async () => (await ipnJobsInFlight(payments, kill - 1)) === PAYMENTS && (await waitingOnLocks(backend)) >= PAYMENTS * kill, {
          timeoutMs: 30_000,
          what: `${PAYMENTS} jobs in flight in worker ${kill}`,
        });
        await backend.worker!.kill('SIGKILL');
        backend.startWorker();
      }
      since = Date.now();
      // The stalled checks run: the second stall is past the allowance, so BullMQ fails the jobs for good.
      await eventually(
        async () => (await payments.getFailed(0, 100)).filter((job) => /stalled more than allowable limit/.test(job.failedReason)).length >= PAYMENTS,
        { timeoutMs: 60_000, what: 'BullMQ failing the twice-stalled jobs' },
      );
    } finally {
      await payments.close();
    }
    await holder.query('COMMIT');

    const outcome = await converged(backend, ids, { since, timeoutMs: 90_000 });
    expect(outcome.duplicates).toBe(0);
    const [{ processed }] = await backend.query(
      `SELECT count(*)::int AS processed FROM payment_events WHERE payment_id = ANY($1::uuid[]) AND processed_at IS NOT NULL`,
      [ids],
    );
    expect(processed).toBe(PAYMENTS);
    report('job stalled twice', {
      sent: PAYMENTS,
      paid: outcome.paid,
      entitlements: outcome.entitlements,
      duplicates: outcome.duplicates,
      converge_s: outcome.seconds,
    });
  } catch (err) {
    // What was left owed, and who still held what: the state a failure needs to be understood.
    for (const [what, sql] of [
      ['payments', `SELECT id, state FROM payments`],
      ['deliveries', `SELECT consumer, event_id, job_id, checks, redrives, check_at, dead_at, last_error FROM event_deliveries`],
      [
        'sessions',
        `SELECT pid, state, wait_event_type, left(query, 80) AS query, now() - xact_start AS age FROM pg_stat_activity WHERE datname = current_database()`,
      ],
    ] as const) {
      console.error(`[stalled-twice] ${what} at failure: ${JSON.stringify(await backend.query(sql).catch((e: Error) => e.message))}`);
    }
    console.error(backend.logs());
    throw err;
  } finally {
    await holder.query('ROLLBACK').catch(() => undefined);
    holder.release();
    await backend.stop();
  }
});

import { expect, test } from '@playwright/test';
import { freePort } from '../support/app-process.mjs';
import { checkouts, converged, eventually, paymentOutcome, privateRedis, report, startBackend, type Backend } from '../support/backend-processes.mjs';
import { figure } from './prometheus-text';
import { adminToken, buyers, completeLesson, FAST_RECOVERY, owedDeliveries, recompute, rollupTotals, scale, seedCourse } from './scenario';

/** The API's /metrics (the installation's figures: owed work, dead letters, queues); read at most every 2 s by the API itself. */
const apiMetrics = async (backend: Backend): Promise<string> => (await fetch(`${backend.baseUrl}/metrics`)).text();
const workerMetrics = async (port: number): Promise<string> => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();

/**
 * Redis loses every key while the worker is behind (a FLUSHALL; a failover
 * to an empty replica or an AOF everysec loss does the same). Before the
 * re-drive, the payments stayed AWAITING_PAYMENT for good and the lesson
 * completions never reached the rollups: the events were published, so the
 * sweeper had nothing to send. Now every delivery still owed is enqueued
 * again, without anyone doing anything.
 */
test('queue lost with a backlog: every payment ends PAID once and every completion reaches the rollups', async () => {
  const payments = scale(40, 200);
  const learners = scale(4, 10);
  const redis = await privateRedis();
  const backend = await startBackend({ redisUrl: redis.url, env: FAST_RECOVERY });
  const metricsPort = await freePort();
  try {
    backend.startWorker();
    const course = await seedCourse(backend, 3);
    const tokens = await buyers(backend, learners);
    const admin = await adminToken(backend);

    // The worker falls behind: stopped, while payments and completions keep arriving.
    await backend.worker!.kill('SIGTERM');
    const ids = await checkouts(backend, payments);
    const simulations = await Promise.all(ids.map((id) => backend.request('POST', `/api/payments/sandbox/${id}/simulate`, { outcome: 'finished' })));
    expect(simulations.every((s) => s.status === 200)).toBe(true);
    for (const token of tokens) for (const lessonId of course.lessonIds) await completeLesson(backend, token, course.id, lessonId);
    expect((await paymentOutcome(backend, ids)).paid).toBe(0);
    const owedBefore = await owedDeliveries(backend);
    expect(owedBefore.pending).toBeGreaterThanOrEqual(payments * 4);
    // What the operator sees (docs/runbook.md, OwedWorkOld): owed deliveries piling up and getting older.
    const behind = await eventually(
      async () => {
        const text = await apiMetrics(backend);
        return figure(text, 'owed_work', { kind: 'event_delivery' }) >= payments * 4 ? text : null;
      },
      { what: 'the owed deliveries in /metrics' },
    );
    expect(figure(behind, 'owed_work_oldest_age_seconds', { kind: 'event_delivery' })).toBeGreaterThan(0);
    expect(figure(behind, 'dead_letters', { kind: 'event_delivery' })).toBe(0);

    await redis.flushAll();
    const since = Date.now();
    backend.startWorker({ WORKER_METRICS_PORT: String(metricsPort) });

    const outcome = await converged(backend, ids, { since, timeoutMs: scale(120_000, 300_000) });
    expect(outcome.duplicates).toBe(0);
    const expectedPayments = payments + learners;
    const totals = await eventually(
      async () => {
        const t = await rollupTotals(backend);
        return t.lessons === learners * 3 && t.courses === learners && t.payments === expectedPayments ? t : null;
      },
      { timeoutMs: 60_000, what: 'every completion and payment in the rollups' },
    );
    expect(totals.revenue).toBe((expectedPayments * 497).toFixed(2));
    await eventually(async () => (await owedDeliveries(backend)).pending === 0, { timeoutMs: 60_000, what: 'no delivery still owed' });
    expect((await owedDeliveries(backend)).dead).toBe(0);
    // The re-drive did it (its counters on the worker that ran it), and the owed backlog is gone with no dead letter.
    const worker = await workerMetrics(metricsPort);
    expect(figure(worker, 'redrive_passes_total')).toBeGreaterThan(0);
    expect(figure(worker, 'redrive_reenqueued_total')).toBeGreaterThan(0);
    expect(figure(worker, 'redrive_dead_letters_total')).toBe(0);
    const caughtUp = await eventually(
      async () => {
        const text = await apiMetrics(backend);
        return figure(text, 'owed_work', { kind: 'event_delivery' }) === 0 ? text : null;
      },
      { what: 'no owed delivery in /metrics' },
    );
    expect(figure(caughtUp, 'dead_letters', { kind: 'event_delivery' })).toBe(0);
    const run = await recompute(backend, admin);
    expect(run.unconsumedEvents).toBe(0);
    expect(Object.values(run.differences).every((n) => n === 0)).toBe(true);
    report('queue flushed with a backlog', {
      sent: payments,
      paid: outcome.paid,
      entitlements: outcome.entitlements,
      duplicates: outcome.duplicates,
      completions: `${totals.lessons}/${learners * 3}`,
      converge_s: outcome.seconds,
      redrive_reenqueued: figure(worker, 'redrive_reenqueued_total'),
    });
  } catch (err) {
    console.error(backend.logs());
    throw err;
  } finally {
    await backend.stop();
    await redis.destroy();
  }
});

/**
 * Redis loses the backlog, and the notifications the re-drive enqueues again
 * then fail for good (their payments' rows are held, so every attempt hits
 * lock_timeout until the attempts run out). /metrics shows what
 * docs/runbook.md says it would: the worker's re-drive counters moving, owed
 * work turning into dead letters (the DeadLetters alert). The runbook's
 * remedy once the cause is gone, "Retry all" on Admin > Queues > Dead
 * letters (its API here), delivers every one: the gauge is back to 0 and
 * every payment is PAID once.
 */
test("queue lost, then the re-driven jobs fail for good: dead letters in /metrics, and the runbook's retry delivers them", async () => {
  const payments = 5;
  const redis = await privateRedis();
  const backend = await startBackend({
    redisUrl: redis.url,
    env: { ...FAST_RECOVERY, QUEUE_JOB_ATTEMPTS: '2', DB_LOCK_TIMEOUT_MS: '300' },
  });
  const metricsPort = await freePort();
  const holder = await backend.connect();
  let locked = false;
  try {
    backend.startWorker();
    const admin = await adminToken(backend);
    await backend.worker!.kill('SIGTERM');
    const ids = await checkouts(backend, payments);
    for (const res of await Promise.all(ids.map((id) => backend.request('POST', `/api/payments/sandbox/${id}/simulate`, { outcome: 'finished' })))) {
      expect(res.status).toBe(200);
    }
    // The payments' rows are held: every attempt to apply a notification waits 300 ms for them and fails.
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM payments WHERE id = ANY($1::uuid[]) FOR UPDATE', [ids]);
    locked = true;
    await redis.flushAll();
    backend.startWorker({ WORKER_METRICS_PORT: String(metricsPort) });

    const dead = await eventually(
      async () => {
        const text = await apiMetrics(backend);
        // Settled: every delivery still owed has either been made (the payments' other consumers) or is a dead letter.
        return figure(text, 'dead_letters', { kind: 'event_delivery' }) >= payments && figure(text, 'owed_work', { kind: 'event_delivery' }) === 0
          ? text
          : null;
      },
      { timeoutMs: 90_000, what: 'the failing notifications turned dead letters in /metrics, nothing else owed' },
    );
    const worker = await workerMetrics(metricsPort);
    expect(figure(worker, 'redrive_reenqueued_total')).toBeGreaterThanOrEqual(payments);
    expect(figure(worker, 'queue_job_duration_seconds_count', { job: 'process-ipn', outcome: 'failed' })).toBeGreaterThanOrEqual(payments * 2);
    expect(figure(worker, 'db_timeouts_total', { kind: 'lock' })).toBeGreaterThanOrEqual(payments * 2);
    expect((await paymentOutcome(backend, ids)).paid).toBe(0);

    // The cause is gone; the runbook's retry.
    await holder.query('COMMIT');
    locked = false;
    const deadLetters = (await owedDeliveries(backend)).dead;
    expect(deadLetters).toBe(figure(dead, 'dead_letters', { kind: 'event_delivery' }));
    const since = Date.now();
    const retried = await backend.request('POST', '/api/admin/dead-letters/retry', {}, { authorization: `Bearer ${admin}` });
    expect(retried.status).toBe(200);
    expect(retried.body.retried).toBe(deadLetters);
    const outcome = await converged(backend, ids, { since, timeoutMs: 90_000 });
    expect(outcome.duplicates).toBe(0);
    await eventually(
      async () => {
        const text = await apiMetrics(backend);
        return figure(text, 'dead_letters', { kind: 'event_delivery' }) === 0 && figure(text, 'owed_work', { kind: 'event_delivery' }) === 0;
      },
      { timeoutMs: 60_000, what: 'no dead letter and nothing owed in /metrics' },
    );
    report('queue flushed, re-driven jobs failed for good, dead letters retried', {
      sent: payments,
      dead_letters: deadLetters,
      paid: outcome.paid,
      entitlements: outcome.entitlements,
      duplicates: outcome.duplicates,
      converge_s: outcome.seconds,
    });
  } catch (err) {
    console.error(backend.logs());
    throw err;
  } finally {
    if (locked) await holder.query('ROLLBACK').catch(() => undefined);
    holder.release();
    await backend.stop();
    await redis.destroy();
  }
});

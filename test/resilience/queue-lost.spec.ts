import { expect, test } from '@playwright/test';
import { checkouts, converged, eventually, paymentOutcome, privateRedis, report, startBackend } from '../support/backend-processes.mjs';
import { adminToken, buyers, completeLesson, FAST_RECOVERY, owedDeliveries, recompute, rollupTotals, scale, seedCourse } from './scenario';

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

    await redis.flushAll();
    const since = Date.now();
    backend.startWorker();

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
    });
  } catch (err) {
    console.error(backend.logs());
    throw err;
  } finally {
    await backend.stop();
    await redis.destroy();
  }
});

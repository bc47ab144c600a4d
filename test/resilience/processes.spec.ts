import { expect, test } from '@playwright/test';
import { checkouts, converged, eventually, report, sendSignedIpn, SHARED_REDIS_URL, startBackend } from '../support/backend-processes.mjs';
import { FAST_RECOVERY, scale } from './scenario';

/**
 * Scenarios that held before the delivery work and must keep holding: two
 * workers side by side (one stopped with SIGTERM mid-burst), and the API
 * killed -9 in the middle of a burst of notifications, between commits and
 * publishes.
 */
test('two workers side by side, one stopped with SIGTERM mid-burst: each payment paid once', async () => {
  const payments = scale(40, 200);
  const backend = await startBackend({ redisUrl: SHARED_REDIS_URL, env: FAST_RECOVERY });
  try {
    const first = backend.startWorker();
    backend.startWorker();
    const ids = await checkouts(backend, payments);
    const since = Date.now();
    const simulations = Promise.all(ids.map((id) => backend.request('POST', `/api/payments/sandbox/${id}/simulate`, { outcome: 'finished' })));
    await eventually(async () => (await backend.query(`SELECT count(*)::int AS n FROM payment_events WHERE processed_at IS NOT NULL`))[0].n > 0, {
      intervalMs: 20,
      what: 'processing to start',
    });
    await first.kill('SIGTERM');
    // Nest closes the app, then re-raises the signal; exit code 1 would mean the 30 s shutdown timeout fired.
    expect(await first.exited, 'the worker shut down gracefully').toEqual({ code: null, signal: 'SIGTERM' });
    expect((await simulations).every((s) => s.status === 200)).toBe(true);
    const outcome = await converged(backend, ids, { since });
    expect(outcome.duplicates).toBe(0);
    const [{ confirmed }] = await backend.query(`SELECT count(*)::int AS confirmed FROM payment_state_history WHERE to_state = 'PAID'`);
    expect(confirmed).toBe(payments);
    report('two workers, one SIGTERMed mid-burst', {
      sent: payments,
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

test('the API killed -9 mid-burst: notifications it had stored are processed, the provider’s retries do the rest', async () => {
  const payments = scale(40, 200);
  const backend = await startBackend({ redisUrl: SHARED_REDIS_URL, env: FAST_RECOVERY });
  try {
    backend.startWorker();
    const ids = await checkouts(backend, payments);
    const since = Date.now();
    const burst = Promise.all(ids.map((id) => sendSignedIpn(backend, id, 'finished')));
    await eventually(async () => (await backend.query(`SELECT count(*)::int AS n FROM payment_events`))[0].n > 0, {
      intervalMs: 5,
      what: 'the first notifications stored',
    });
    await backend.api.kill('SIGKILL');
    const first = await burst;
    const refused = ids.filter((_, i) => first[i].status !== 200);
    backend.startApi();
    await backend.waitForApi();
    // The provider sends again what got no 200; a duplicate of one that did get through is recognised.
    for (const id of ids) {
      const again = await sendSignedIpn(backend, id, 'finished');
      expect(again.status).toBe(200);
    }
    const outcome = await converged(backend, ids, { since });
    expect(outcome.duplicates).toBe(0);
    const [{ stored }] = await backend.query(`SELECT count(*)::int AS stored FROM payment_events`);
    expect(stored, 'each notification stored once, however often it arrived').toBe(payments);
    report('API killed -9 mid-burst', {
      sent: payments,
      refused_by_dying_api: refused.length,
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

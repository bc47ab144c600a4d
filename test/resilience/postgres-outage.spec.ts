import { expect, test } from '@playwright/test';
import {
  checkouts,
  converged,
  eventually,
  paymentOutcome,
  privatePostgres,
  report,
  sendSignedIpn,
  sleep,
  SHARED_REDIS_URL,
  startBackend,
} from '../support/backend-processes.mjs';
import { adminToken, FAST_RECOVERY, PASSWORD, rollupTotals, scale } from './scenario';

/**
 * PostgreSQL stops while the worker has a backlog. Before, jobs used their
 * 5 attempts within ~15 s and failed for good: payments stayed unpaid, some
 * PAID without an entitlement, revenue short. Now retries back off for hours
 * (seconds here), so everything lands once PostgreSQL is back; meanwhile
 * the API answers 503 in the error shape, and sign-in failures caused by the
 * outage do not count against the account.
 */
test('PostgreSQL stopped with a backlog: everything converges when it returns, and the API says 503 meanwhile', async () => {
  const payments = scale(40, 200);
  const outageMs = scale(12_000, 30_000);
  const server = await privatePostgres();
  const backend = await startBackend({ redisUrl: SHARED_REDIS_URL, databaseServer: server.url, env: { ...FAST_RECOVERY, QUEUE_BACKOFF_CAP_SECONDS: '3' } });
  try {
    await adminToken(backend);
    const [{ email: adminEmail }] = await backend.query(`SELECT email FROM users WHERE role = 'admin'`);
    backend.startWorker();
    const ids = await checkouts(backend, payments);
    // The worker is behind: its jobs for these payments are in flight, held up on the rows this session locks.
    const holder = await backend.connect();
    holder.on('error', () => undefined); // its connection dies with the server
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM payments WHERE id = ANY($1::uuid[]) FOR UPDATE', [ids]);
    const webhooks = await Promise.all(ids.map((id) => sendSignedIpn(backend, id, 'finished')));
    expect(webhooks.every((w) => w.status === 200)).toBe(true);
    await eventually(async () => (await backend.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`))[0].n > 0, {
      what: 'jobs in flight',
    });
    const before = await paymentOutcome(backend, ids);

    await server.stop();
    holder.release(true);
    const outageStarted = Date.now();
    const catalogue = await backend.request('GET', '/api/courses');
    expect(catalogue.status).toBe(503);
    expect(catalogue.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable', code: 'DATABASE_UNAVAILABLE' });
    expect(catalogue.headers.get('retry-after')).toBe('5');
    const health = await backend.request('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable', message: expect.stringContaining('database') });
    for (let i = 0; i < 7; i++) {
      const login = await backend.request('POST', '/api/admin/login', { email: adminEmail, password: PASSWORD });
      expect(login.status).toBe(503);
      expect(login.body.code).toBe('DATABASE_UNAVAILABLE');
    }
    await sleep(Math.max(0, outageMs - (Date.now() - outageStarted)));
    await server.start();
    const since = Date.now();

    // Seven sign-ins refused during the outage did not lock the account out.
    expect((await backend.request('POST', '/api/admin/login', { email: adminEmail, password: PASSWORD })).status).toBe(200);
    const outcome = await converged(backend, ids, { since, timeoutMs: scale(120_000, 300_000) });
    expect(outcome.duplicates).toBe(0);
    // The rollups are kept by another consumer (the analytics queue), which may still be catching up when the grants are done.
    const totals = await eventually(
      async () => {
        const t = await rollupTotals(backend);
        return t.payments === payments ? t : null;
      },
      { timeoutMs: 60_000, what: 'every payment in the rollups' },
    );
    expect(totals.revenue).toBe((payments * 497).toFixed(2));
    const [{ dead }] = await backend.query(`SELECT count(*)::int AS dead FROM event_deliveries WHERE dead_at IS NOT NULL`);
    expect(dead).toBe(0);
    report(`PostgreSQL stopped ${outageMs / 1000} s with a backlog`, {
      sent: payments,
      paid_before: before.paid,
      paid: outcome.paid,
      entitlements: outcome.entitlements,
      duplicates: outcome.duplicates,
      revenue: totals.revenue,
      converge_s: outcome.seconds,
    });
  } catch (err) {
    console.error(backend.logs());
    throw err;
  } finally {
    await backend.stop();
    await server.destroy();
  }
});

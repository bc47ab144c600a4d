import { expect, test } from '@playwright/test';
import { checkout, checkouts, converged, report, sendSignedIpn, sleep, SHARED_REDIS_URL, startBackend } from '../support/backend-processes.mjs';
import { adminToken, FAST_RECOVERY, PASSWORD, scale } from './scenario';

/**
 * Another session holds 20 payment rows locked for a long time while a
 * notification arrives for each. Before, each webhook waited on the lock
 * (the foreign-key check of its insert), the 10-connection pool ran dry, and
 * unrelated catalogue, checkout and sign-in requests got 500 (the sign-in
 * errors even counted as failed logins). Now intake takes no lock on the
 * payment, statements have lock and statement timeouts, and the rest of the
 * API keeps answering.
 */
test('20 payment rows locked for long: webhooks, catalogue, checkout and sign-in keep answering', async () => {
  const holdMs = scale(15_000, 30_000);
  const backend = await startBackend({ redisUrl: SHARED_REDIS_URL, env: FAST_RECOVERY });
  const holder = await backend.connect();
  try {
    await adminToken(backend);
    const [{ email }] = await backend.query(`SELECT email FROM users WHERE role = 'admin'`);
    backend.startWorker();
    const ids = await checkouts(backend, 20);
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM payments WHERE id = ANY($1::uuid[]) FOR UPDATE', [ids]);
    const lockedAt = Date.now();

    const webhooks = await Promise.all(ids.map((id) => sendSignedIpn(backend, id, 'finished')));
    const webhookSeconds = (Date.now() - lockedAt) / 1000;
    expect(webhooks.map((w) => w.status)).toEqual(ids.map(() => 200));

    const statuses: number[] = [];
    while (Date.now() - lockedAt < holdMs - 2000) {
      const answers = await Promise.all([
        backend.request('GET', '/api/courses'),
        backend.request('GET', '/api/public-config'),
        backend.request('POST', '/api/admin/login', { email, password: PASSWORD }),
        checkout(backend).then(
          () => ({ status: 201 }),
          (err: Error) => ({ status: Number(/checkout failed: (\d+)/.exec(err.message)?.[1] ?? 0) }),
        ),
      ]);
      statuses.push(...answers.map((a) => a.status));
      await sleep(500);
    }
    expect(statuses.filter((s) => s >= 500 || s === 429 || s === 0)).toEqual([]);
    expect(await backend.query(`SELECT state FROM payments WHERE id = $1`, [ids[0]])).toEqual([{ state: 'AWAITING_PAYMENT' }]);

    await holder.query('COMMIT');
    const since = Date.now();
    const outcome = await converged(backend, ids, { since, timeoutMs: 90_000 });
    expect(outcome.duplicates).toBe(0);
    report('20 payment rows locked', {
      sent: ids.length,
      webhooks_200: webhooks.filter((w) => w.status === 200).length,
      webhooks_s: webhookSeconds.toFixed(1),
      other_requests: statuses.length,
      other_5xx: statuses.filter((s) => s >= 500).length,
      paid: outcome.paid,
      entitlements: outcome.entitlements,
      duplicates: outcome.duplicates,
      converge_s: outcome.seconds,
    });
  } catch (err) {
    console.error(backend.logs());
    throw err;
  } finally {
    await holder.query('ROLLBACK').catch(() => undefined);
    holder.release();
    await backend.stop();
  }
});

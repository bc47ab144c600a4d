import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { converged, eventually, privateRedis, report, startBackend } from '../support/backend-processes.mjs';
import { FAST_RECOVERY, owedCommands, scale } from './scenario';

/**
 * Buyers approve their PayPal orders, the capture fails (PayPal cannot be
 * reached: here the sandbox's simulated PayPal API is down with the API
 * process that serves it), and Redis then loses the retrying jobs. Before,
 * the approval was recorded and its event marked delivered, and the capture
 * lived only in its job: 10 of 10 payments stayed "waiting for capture".
 * Now the capture is owed in the transaction that applies the approval, so
 * the re-drive enqueues it again once its job is gone: every approved order
 * ends PAID with one entitlement.
 */
test('PayPal captures owed when Redis loses its data: every approved order ends PAID with one entitlement', async () => {
  const orders = scale(10, 100);
  const redis = await privateRedis();
  const backend = await startBackend({ redisUrl: redis.url, env: FAST_RECOVERY });
  try {
    // No worker yet: the approvals are stored and owed, not processed.
    const ids: string[] = [];
    for (let i = 0; i < orders; i++) {
      const created = await backend.request('POST', '/api/payments/create', {
        amount: 497,
        method: 'paypal',
        email: `pp-${randomBytes(4).toString('hex')}@example.com`,
      });
      expect(created.status, created.text).toBe(201);
      const orderId = new URL(created.body.paymentUrl).pathname.split('/').at(-1)!;
      const approved = await backend.request('POST', `/api/payments/sandbox/paypal/${orderId}/simulate`, { outcome: 'pay' });
      expect(approved.status, approved.text).toBe(200);
      ids.push(created.body.paymentId);
    }
    const [{ stored }] = await backend.query(
      `SELECT count(*)::int AS stored FROM payment_events WHERE payment_id = ANY($1::uuid[]) AND provider_status = 'approved'`,
      [ids],
    );
    expect(stored).toBe(orders);

    // PayPal is unreachable (the simulated API goes down with the API process) when the worker applies the approvals and captures.
    await backend.api.kill('SIGTERM');
    backend.startWorker();
    await eventually(
      async () => {
        const [{ failing }] = await backend.query(
          `SELECT count(*)::int AS failing FROM owed_commands WHERE name = 'capture-payment' AND state = 'failed' AND attempts >= 1`,
        );
        return failing === orders;
      },
      { timeoutMs: 60_000, what: 'every capture owed and failing' },
    );
    const [{ confirming }] = await backend.query(`SELECT count(*)::int AS confirming FROM payments WHERE id = ANY($1::uuid[]) AND state = 'CONFIRMING'`, [ids]);
    expect(confirming).toBe(orders);

    // Redis loses the retrying capture jobs; then PayPal answers again.
    await redis.flushAll();
    backend.startApi();
    await backend.waitForApi();
    const since = Date.now();

    const outcome = await converged(backend, ids, { since, timeoutMs: scale(90_000, 300_000) });
    expect(outcome.duplicates).toBe(0);
    const [{ paidTwice }] = await backend.query(
      `SELECT count(*)::int AS "paidTwice" FROM (SELECT payment_id FROM payment_state_history WHERE payment_id = ANY($1::uuid[]) AND to_state = 'PAID'
         GROUP BY payment_id HAVING count(*) > 1) d`,
      [ids],
    );
    expect(paidTwice).toBe(0);
    await eventually(async () => (await owedCommands(backend, 'capture-payment')).sent === orders, { what: 'every capture marked done' });
    expect((await owedCommands(backend, 'capture-payment')).dead).toBe(0);
    report('PayPal captures owed when Redis loses its data', {
      sent: orders,
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
    await redis.destroy();
  }
});

import { expect, test } from '@playwright/test';
import { converged, eventually, privateRedis, report, startBackend } from '../support/backend-processes.mjs';
import { FAST_RECOVERY, owedDeliveries, scale } from './scenario';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/**
 * Issue 33: Redis loses every key while referred sales are being confirmed.
 * Each sale's commission is created by a consumer of payment.confirmed; the
 * deliveries still owed when the queue vanished are enqueued again by the
 * re-drive, and the commission is written with the consumer's record of the
 * event (and is unique per payment), so every sale ends with exactly one
 * commission and one commission.created event.
 */
test('Redis flushed during referred sales: one commission per sale, none lost, none doubled', async () => {
  const sales = scale(50, 200);
  const redis = await privateRedis();
  const backend = await startBackend({ redisUrl: redis.url, env: FAST_RECOVERY });
  try {
    backend.startWorker();
    const [affiliate] = await backend.query(
      `INSERT INTO affiliates (name, email, code, status, decided_at, promotion_plan, payout_method, payout_details)
       VALUES ('Fault Affiliate', 'fault-affiliate@example.com', 'FAULTREF', 'approved', now(), 'A newsletter', 'paypal', 'fault-affiliate@example.com')
       RETURNING id`,
    );
    const visit = await backend.request('POST', '/api/referrals/visit', { ref: 'FAULTREF', path: '/' }, { 'user-agent': BROWSER });
    expect(visit.status).toBe(200);
    const cookie = (visit.headers.get('set-cookie') ?? '').split(';')[0];
    expect(cookie).toMatch(/^cp_ref=/);

    const ids: string[] = [];
    for (let i = 0; i < sales; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, sales - i) }, async (_, j) => {
          const res = await backend.request(
            'POST',
            '/api/payments/create',
            { amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email: `referred-${i + j}-${Date.now()}@example.com` },
            { cookie },
          );
          if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${res.text}`);
          return res.body.paymentId as string;
        }),
      );
      ids.push(...batch);
    }
    const [{ attributed }] = await backend.query(`SELECT count(*)::int AS attributed FROM payment_attributions WHERE affiliate_id = $1`, [affiliate.id]);
    expect(attributed).toBe(sales);

    const commissions = async (): Promise<{ n: number; payments: number; events: number }> =>
      (
        await backend.query(
          `SELECT (SELECT count(*)::int FROM affiliate_commissions WHERE affiliate_id = $1) AS n,
                  (SELECT count(DISTINCT payment_id)::int FROM affiliate_commissions WHERE affiliate_id = $1) AS payments,
                  (SELECT count(*)::int FROM outbox_events WHERE type = 'commission.created' AND payload->>'affiliateId' = $1::text) AS events`,
          [affiliate.id],
        )
      )[0];

    const simulations = Promise.all(ids.map((id) => backend.request('POST', `/api/payments/sandbox/${id}/simulate`, { outcome: 'finished' })));
    // Mid-way: some commissions exist, the rest of the deliveries are in Redis (or not yet published) when it loses everything.
    await eventually(async () => (await commissions()).n >= 5, { timeoutMs: 60_000, intervalMs: 50, what: 'the first commissions' });
    await redis.flushAll();
    const since = Date.now();
    const atFlush = (await commissions()).n;
    // The flush came while sales were still being confirmed, not after.
    expect(atFlush).toBeLessThan(sales);
    expect((await simulations).every((s) => s.status === 200)).toBe(true);

    const outcome = await converged(backend, ids, { since, timeoutMs: scale(120_000, 300_000) });
    expect(outcome.duplicates).toBe(0);
    const final = await eventually(
      async () => {
        const c = await commissions();
        return c.n >= sales && c.events >= sales ? c : null;
      },
      { timeoutMs: scale(90_000, 300_000), intervalMs: 250, what: `a commission for each of the ${sales} sales` },
    );
    await eventually(async () => (await owedDeliveries(backend)).pending === 0, { timeoutMs: 60_000, what: 'no delivery still owed' });
    expect(await commissions()).toEqual({ n: sales, payments: sales, events: sales });
    expect((await owedDeliveries(backend)).dead).toBe(0);
    report('Redis flushed during referred sales', {
      sales,
      at_flush: atFlush,
      commissions: final.n,
      doubled: final.n - final.payments,
      converge_s: Math.round((Date.now() - since) / 100) / 10,
    });
  } catch (err) {
    console.error(backend.logs());
    throw err;
  } finally {
    await backend.stop();
    await redis.destroy();
  }
});

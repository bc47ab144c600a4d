import { randomUUID } from 'node:crypto';
import { RollupsService } from '../../src/modules/analytics/rollups.service';
import { daysAgo, logEvent } from '../factories/events.factory';
import { adminToken } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * One revenue: paid minus refunded, by payment date. A refund comes off the
 * day its payment was paid, so a refund today of a payment made two months
 * ago does not make this week's revenue negative; Overview and Analytics read
 * the same rollup.
 */
describe('revenue: paid minus refunded, by payment date', () => {
  let app: TestApp;
  let admin: string;
  let rollups: RollupsService;

  beforeAll(async () => {
    app = await startTestApp();
    admin = (await adminToken(app)).token;
    rollups = app.api.get(RollupsService);
  });
  afterAll(() => app.close());

  const revenue = async (range: string): Promise<string> =>
    (await app.http.get(`/api/admin/analytics?range=${range}`).set('authorization', `Bearer ${admin}`).expect(200)).body.stats.revenue;
  const paid = (amount: string, at: Date, currency = 'USD') =>
    logEvent(app.db, 'payment.confirmed', { paymentId: randomUUID(), email: 'buyer@example.com', amount, currency, provider: 'sandbox' }, at);
  const refunded = (paymentId: string, amount: string, paidAt: Date, at: Date, currency = 'USD') =>
    logEvent(
      app.db,
      'payment.refunded',
      { paymentId, email: 'buyer@example.com', amount, currency, reason: 'asked', userId: null, paidAt: paidAt.toISOString() },
      at,
    );
  const byCurrency = async (range: string): Promise<Array<{ currency: string; amount: string; formatted: string }>> =>
    (await app.http.get(`/api/admin/analytics?range=${range}`).set('authorization', `Bearer ${admin}`).expect(200)).body.stats.revenueByCurrency;

  it('takes a refund off the day the payment was paid, in the rebuild and as events arrive alike', async () => {
    await paid('497.00', daysAgo(2));
    const old = await paid('300.00', daysAgo(50));
    await refunded(old.payload.paymentId, '300.00', daysAgo(50), daysAgo(1));
    await rollups.recompute('test');
    expect(await revenue('7d')).toBe('$497.00');
    expect(await revenue('90d')).toBe('$497.00');

    // The same, one event at a time.
    const older = await paid('100.00', daysAgo(60));
    const refund = await refunded(older.payload.paymentId, '100.00', daysAgo(60), daysAgo(0));
    expect(await rollups.apply(older)).toBe(true);
    expect(await revenue('90d')).toBe('$597.00');
    expect(await rollups.apply(refund)).toBe(true);
    expect(await revenue('7d')).toBe('$497.00');
    expect(await revenue('90d')).toBe('$497.00');

    // The incremental rollups and the rebuild from the log agree.
    const report = await rollups.recompute('test');
    expect(Object.values(report.differences).every((n) => n === 0)).toBe(true);
  });

  it('is the figure the overview shows for the month, with the same definition', async () => {
    const stats = (await app.http.get('/api/admin/stats').set('authorization', `Bearer ${admin}`).expect(200)).body;
    const [row] = await app.db.query(
      `SELECT coalesce(sum(revenue), 0)::numeric(14, 2)::text AS mtd FROM revenue_daily
        WHERE currency = 'USD' AND day >= date_trunc('month', (now() AT TIME ZONE 'UTC'))::date`,
    );
    expect(stats.revenue).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(row.mtd)));
  });

  it('reports revenue per currency, never summed: a EUR and a USD payment are two figures, a EUR refund reduces only EUR', async () => {
    expect(await byCurrency('7d')).toEqual([{ currency: 'USD', amount: '497.00', formatted: '$497.00' }]);

    const eur = await paid('120.00', daysAgo(3), 'EUR');
    const eurRefunded = await paid('80.00', daysAgo(3), 'EUR');
    const usd = await paid('50.00', daysAgo(3));
    for (const e of [eur, eurRefunded, usd]) expect(await rollups.apply(e)).toBe(true);
    expect(await byCurrency('7d')).toEqual([
      { currency: 'EUR', amount: '200.00', formatted: '€200.00' },
      { currency: 'USD', amount: '547.00', formatted: '$547.00' },
    ]);

    const refund = await refunded(eurRefunded.payload.paymentId, '80.00', daysAgo(3), daysAgo(0), 'EUR');
    expect(await rollups.apply(refund)).toBe(true);
    expect(await byCurrency('7d')).toEqual([
      { currency: 'EUR', amount: '120.00', formatted: '€120.00' },
      { currency: 'USD', amount: '547.00', formatted: '$547.00' },
    ]);
    expect(await revenue('7d')).toBe('€120.00 · $547.00');
    const analytics = (await app.http.get('/api/admin/analytics?range=7d').set('authorization', `Bearer ${admin}`).expect(200)).body;
    // The revenue chart has a series per currency: the EUR sales are in it, next to the USD ones, never added to them.
    expect(analytics.revenueCurrencies).toEqual(['EUR', 'USD']);
    const monthly = (currency: string) => analytics.revenueData.reduce((n: number, m: { revenue: Record<string, number> }) => n + m.revenue[currency], 0);
    expect([monthly('EUR'), monthly('USD')]).toEqual([120, 547]);

    // The overview's month-to-date figures are per currency too, read from the same rollup.
    const stats = (await app.http.get('/api/admin/stats').set('authorization', `Bearer ${admin}`).expect(200)).body;
    const rows: Array<{ currency: string; mtd: string }> = await app.db.query(
      `SELECT currency::text AS currency, sum(revenue)::numeric(14, 2)::text AS mtd FROM revenue_daily
        WHERE day >= date_trunc('month', (now() AT TIME ZONE 'UTC'))::date GROUP BY currency ORDER BY currency`,
    );
    expect(stats.revenueByCurrency.map((r: { currency: string; amount: string }) => [r.currency, r.amount])).toEqual(
      rows.length > 0 ? rows.map((r) => [r.currency, r.mtd]) : [['USD', '0.00']],
    );

    // The incremental rollups and the rebuild from the log agree, per currency too.
    const report = await rollups.recompute('test');
    expect(report.differences.revenue_daily).toBe(0);
    expect(Object.values(report.differences).every((n) => n === 0)).toBe(true);
    expect(report.unconsumedEvents).toBe(0);
  });
});

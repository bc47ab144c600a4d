import { randomBytes, randomUUID } from 'node:crypto';
import { ROLLUP_CONSUMER, ROLLUP_EVENTS } from '../../src/modules/analytics/jobs/consumers';
import { RollupsService } from '../../src/modules/analytics/rollups.service';
import { entitlementsOf } from '../factories/payments.factory';
import { daysAgo, logEvent } from '../factories/events.factory';
import { adminToken, createUser, login } from '../factories/users.factory';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const BOT = 'Googlebot/2.1 (+http://www.google.com/bot.html)';
const VISIT_LIMIT = 40;

interface FunnelRowBody {
  value: string;
  label: string;
  visits: number;
  checkouts: number;
  paid: number;
  refunded: number;
  checkoutRate: number | null;
  paidRate: number | null;
  conversionRate: number | null;
  refundRate: number | null;
}

/** Issue 33: funnel analytics — visits, checkouts, paid and refunded by source, kept from page views and events, checked by the recompute. */
describe('funnel analytics', () => {
  let app: TestApp;
  let admin: { authorization: string };
  let rollups: RollupsService;
  let code: string;
  let heldCookie: string;

  beforeAll(async () => {
    app = await startTestApp({ worker: true, env: { VISIT_MAX_PER_IP: String(VISIT_LIMIT) } });
    admin = { authorization: `Bearer ${(await adminToken(app)).token}` };
    rollups = app.api.get(RollupsService);
    const user = await createUser(app.db);
    const token = await login(app, user);
    const applied = await app.http
      .post('/api/affiliates/apply')
      .set('authorization', `Bearer ${token}`)
      .send({ promotionPlan: 'A weekly newsletter with 4,000 readers', payoutMethod: 'paypal', payoutDetails: user.email })
      .expect(201);
    await app.http.put(`/api/admin/affiliates/${applied.body.id}`).set(admin).send({ status: 'approved' }).expect(200);
    code = applied.body.code;
    await app.http.post('/api/admin/coupons').set(admin).send({ code: 'FUNNEL10', kind: 'percent', percentOff: 10 }).expect(201);
  });
  afterAll(() => app.close());

  async function visit(body: Record<string, unknown>, options: { cookie?: string; userAgent?: string } = {}) {
    let req = app.http.post('/api/referrals/visit').set('user-agent', options.userAgent ?? BROWSER);
    if (options.cookie) req = req.set('cookie', options.cookie);
    const res = await req.send({ path: '/', ...body }).expect(200);
    const cookie = ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? [])[0]?.split(';')[0];
    return { body: res.body as { recorded: boolean; referral: string | null }, cookie };
  }

  const lastVisit = async () =>
    (await app.db.query(`SELECT path, affiliate_code, utm_source, utm_medium, utm_campaign, referrer_domain FROM site_visits ORDER BY id DESC LIMIT 1`))[0];
  const visitCount = async (): Promise<number> => (await app.db.query(`SELECT count(*)::int AS n FROM site_visits`))[0].n;

  async function checkout(body: Record<string, unknown> = {}, cookie?: string): Promise<string> {
    let req = app.http.post('/api/payments/create');
    if (cookie) req = req.set('cookie', cookie);
    const email = `funnel-${randomBytes(4).toString('hex')}@example.com`;
    const res = await req.send({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email, ...body });
    if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.paymentId as string;
  }

  async function pay(paymentId: string) {
    await app.http.post(`/api/payments/sandbox/${paymentId}/simulate`).send({ outcome: 'finished' }).expect(200);
    await eventually(async () => (await entitlementsOf(app, paymentId)).length === 1, { what: 'entitlement' });
  }

  /** Every event the rollups count has been applied by the worker's consumer. */
  async function rollupsCaughtUp() {
    await eventually(
      async () => {
        const [{ n }] = await app.db.query(
          `SELECT count(*)::int AS n FROM outbox_events o
            WHERE o.type = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM processed_events p WHERE p.consumer = $2 AND p.event_id = o.id)`,
          [[...ROLLUP_EVENTS], ROLLUP_CONSUMER],
        );
        return n === 0;
      },
      { what: 'rollup consumer caught up' },
    );
  }

  const funnel = async (query: string) => (await app.http.get(`/api/admin/analytics/funnel${query}`).set(admin).expect(200)).body;
  const rowOf = (rows: FunnelRowBody[], value: string) => rows.find((r) => r.value === value);

  it('records every non-bot page view with its source: the URL, else the held attribution, else the referrer; direct ones under (none)', async () => {
    // URL referral (+ campaign): the affiliate by code, and the cookie is set as before.
    const first = await visit({
      ref: code.toLowerCase(),
      utmSource: 'newsletter',
      utmCampaign: 'launch',
      referrer: 'https://www.blog.example/post',
      path: '/',
    });
    expect(first.body.recorded).toBe(true);
    heldCookie = first.cookie!;
    expect(heldCookie).toBe(`cp_ref=${first.body.referral}`);
    expect(await lastVisit()).toEqual({
      path: '/',
      affiliate_code: code,
      utm_source: 'newsletter',
      utm_medium: null,
      utm_campaign: 'launch',
      referrer_domain: 'blog.example',
    });

    // A later page view with nothing in the URL: the held attribution, and no new referral click.
    const [{ n: clicks }] = await app.db.query(`SELECT count(*)::int AS n FROM referral_clicks`);
    const held = await visit({ path: '/courses', referrer: 'https://elsewhere.example/' }, { cookie: heldCookie });
    expect(held.body).toEqual({ recorded: false, referral: first.body.referral });
    expect(await lastVisit()).toEqual({
      path: '/courses',
      affiliate_code: code,
      utm_source: 'newsletter',
      utm_medium: null,
      utm_campaign: 'launch',
      referrer_domain: 'blog.example',
    });
    expect((await app.db.query(`SELECT count(*)::int AS n FROM referral_clicks`))[0].n).toBe(clicks);

    // Only a referring site; our own site is no referrer; an unknown code falls through to the referrer.
    await visit({ path: '/pricing', referrer: 'https://www.search.example/?q=course' });
    expect(await lastVisit()).toMatchObject({ path: '/pricing', affiliate_code: null, utm_source: null, referrer_domain: 'search.example' });
    await visit({ path: '/about', ref: 'NOSUCHCODE', referrer: 'https://news.example/a' });
    expect(await lastVisit()).toMatchObject({ path: '/about', affiliate_code: null, referrer_domain: 'news.example' });
    await visit({ path: '/faq', referrer: `${app.baseUrl}/pricing` });
    expect(await lastVisit()).toMatchObject({ path: '/faq', affiliate_code: null, referrer_domain: null });

    // Direct.
    await visit({ path: '/' });
    expect(await lastVisit()).toEqual({ path: '/', affiliate_code: null, utm_source: null, utm_medium: null, utm_campaign: null, referrer_domain: null });

    // Bots and clients without a user agent are not counted.
    const before = await visitCount();
    await visit({ path: '/', ref: code }, { userAgent: BOT });
    await app.http.post('/api/referrals/visit').set('user-agent', '').send({ path: '/' }).expect(200);
    expect(await visitCount()).toBe(before);
    expect(before).toBe(6);

    // Each dimension's rows of the day add up to the `all` row.
    const rows: Array<{ dimension: string; visits: number }> = await app.db.query(
      `SELECT dimension, sum(visits)::int AS visits FROM funnel_daily GROUP BY dimension ORDER BY dimension`,
    );
    expect(rows).toEqual(['affiliate', 'all', 'coupon', 'referrer', 'utm_campaign', 'utm_medium', 'utm_source'].map((dimension) => ({ dimension, visits: 6 })));
    const byAffiliate = await funnel('?dimension=affiliate');
    expect(byAffiliate.rows.map((r: FunnelRowBody) => [r.value, r.label, r.visits])).toEqual([
      ['(none)', 'No affiliate', 4],
      [code, code, 2],
    ]);
  });

  it('counts checkouts, payments and refunds under the checkout source (real sandbox payments)', async () => {
    // With the referral cookie: paid, then refunded.
    const referred = await checkout({}, heldCookie);
    await pay(referred);
    await app.http.post(`/api/admin/payments/${referred}/refund`).set(admin).send({ reason: 'Customer asked' }).expect(200);
    // A coupon, no referral: paid.
    const couponed = await checkout({ couponCode: 'funnel10' });
    await pay(couponed);
    // Direct, never paid.
    await checkout();
    await rollupsCaughtUp();

    const created = await app.db.query(`SELECT payload->'source' AS source FROM outbox_events WHERE type = 'payment.created' AND aggregate_id = $1`, [
      referred,
    ]);
    expect(created).toEqual([
      {
        source: { affiliateCode: code, utmSource: 'newsletter', utmMedium: null, utmCampaign: 'launch', referrerDomain: 'blog.example', couponCode: null },
      },
    ]);
    expect(await app.db.query(`SELECT * FROM funnel_payment_sources WHERE payment_id = $1`, [couponed])).toEqual([
      {
        payment_id: couponed,
        affiliate_code: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        referrer_domain: null,
        coupon_code: 'FUNNEL10',
      },
    ]);

    const byAffiliate = await funnel('?dimension=affiliate&range=7d');
    expect(byAffiliate.totals).toEqual({
      value: '',
      label: 'Total',
      visits: 6,
      checkouts: 3,
      paid: 2,
      refunded: 1,
      checkoutRate: 0.5,
      paidRate: 0.6667,
      conversionRate: 0.3333,
      refundRate: 0.5,
    });
    // Most paid first, then most visits.
    expect(byAffiliate.rows).toEqual([
      {
        value: '(none)',
        label: 'No affiliate',
        visits: 4,
        checkouts: 2,
        paid: 1,
        refunded: 0,
        checkoutRate: 0.5,
        paidRate: 0.5,
        conversionRate: 0.25,
        refundRate: 0,
      },
      { value: code, label: code, visits: 2, checkouts: 1, paid: 1, refunded: 1, checkoutRate: 0.5, paidRate: 1, conversionRate: 0.5, refundRate: 1 },
    ]);

    const byCoupon = await funnel('?dimension=coupon');
    expect(byCoupon.dimension).toBe('coupon');
    expect(byCoupon.range).toBe('30d');
    expect(rowOf(byCoupon.rows, 'FUNNEL10')).toMatchObject({
      visits: 0,
      checkouts: 1,
      paid: 1,
      refunded: 0,
      checkoutRate: null,
      conversionRate: null,
      paidRate: 1,
    });
    expect(rowOf(byCoupon.rows, '(none)')).toMatchObject({ label: 'No coupon', visits: 6, checkouts: 2, paid: 1, refunded: 1 });

    const bySource = await funnel('?dimension=utm_source');
    expect(rowOf(bySource.rows, 'newsletter')).toMatchObject({ visits: 2, checkouts: 1, paid: 1, refunded: 1 });
    const byReferrer = await funnel('?dimension=referrer');
    expect(byReferrer.rows.map((r: FunnelRowBody) => [r.value, r.visits, r.checkouts])).toEqual([
      ['(none)', 2, 2],
      ['blog.example', 2, 1],
      ['news.example', 1, 0],
      ['search.example', 1, 0],
    ]);

    // One entry per day of the range, the last one today with everything.
    expect(byAffiliate.days).toHaveLength(7);
    expect(byAffiliate.days[6]).toEqual({ day: new Date().toISOString().slice(0, 10), visits: 6, checkouts: 3, paid: 2, refunded: 1 });
    expect(byAffiliate.days[0]).toMatchObject({ visits: 0, checkouts: 0, paid: 0, refunded: 0 });
  });

  it('exports the funnel as CSV with rates in percent', async () => {
    const res = await app.http.get('/api/admin/analytics/funnel.csv?dimension=affiliate&range=30d').set(admin).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="funnel.csv"');
    expect(res.text.trimEnd().split('\r\n')).toEqual([
      'Source,Visits,Checkouts,Paid,Refunded,Checkout rate,Paid rate,Conversion rate,Refund rate',
      'No affiliate,4,2,1,0,50.0,50.0,25.0,0.0',
      `${code},2,1,1,1,50.0,100.0,50.0,100.0`,
      'Total,6,3,2,1,50.0,66.7,33.3,50.0',
    ]);
    const coupons = await app.http.get('/api/admin/analytics/funnel.csv?dimension=coupon').set(admin).expect(200);
    expect(coupons.text).toContain('FUNNEL10,0,1,1,0,,100.0,,0.0');
  });

  it('refuses an unknown dimension or range, and non-admins', async () => {
    const bad = await app.http.get('/api/admin/analytics/funnel?dimension=country').set(admin).expect(400);
    expect(bad.body).toMatchObject({ statusCode: 400, errors: { dimension: expect.stringContaining('dimension must be one of') } });
    const badRange = await app.http.get('/api/admin/analytics/funnel.csv?range=2w').set(admin).expect(400);
    expect(badRange.body.errors).toEqual({ range: expect.stringContaining('range must be one of') });
    await app.http.get('/api/admin/analytics/funnel.csv?dimension=nope').set(admin).expect(400);
    await app.http.get('/api/admin/analytics/funnel').expect(401);
    const learner = await createUser(app.db);
    await app.http
      .get('/api/admin/analytics/funnel')
      .set('authorization', `Bearer ${await login(app, learner)}`)
      .expect(403);
  });

  it('counts a payment under its checkout source even when payment.confirmed is applied before payment.created', async () => {
    const paymentId = randomUUID();
    const source = { affiliateCode: null, utmSource: 'podcast', utmMedium: 'audio', utmCampaign: null, referrerDomain: null, couponCode: null };
    const at = daysAgo(3);
    const created = await logEvent(
      app.db,
      'payment.created',
      { paymentId, email: 'late@example.com', amount: '497.00', currency: 'USD', payCurrency: 'usdttrc20', provider: 'sandbox', source },
      at,
    );
    await app.db.query(`UPDATE outbox_events SET aggregate_type = 'payment', aggregate_id = $1 WHERE id = $2`, [paymentId, created.id]);
    const confirmed = await logEvent(
      app.db,
      'payment.confirmed',
      { paymentId, email: 'late@example.com', amount: '497.00', currency: 'USD', provider: 'sandbox' },
      new Date(at.getTime() + 60_000),
    );
    expect(await rollups.apply(confirmed)).toBe(true);
    expect(await rollups.apply(created)).toBe(true);
    const byMedium = await funnel('?dimension=utm_medium');
    expect(rowOf(byMedium.rows, 'audio')).toMatchObject({ visits: 0, checkouts: 1, paid: 1, refunded: 0 });
    const report = await rollups.recompute('test');
    expect(report.differences).toMatchObject({ funnel_daily: 0, funnel_payment_sources: 0 });
  });

  it('recompute rebuilds the funnel from site_visits and the event log: 0 differences, drift found and repaired', async () => {
    // More traffic, with the worker counting.
    await visit({ path: '/', utmSource: 'twitter', utmMedium: 'social' });
    await visit({ path: '/', referrer: 'https://news.example/b' });
    const paid = await checkout({ couponCode: 'FUNNEL10' }, heldCookie);
    await pay(paid);
    await rollupsCaughtUp();

    const clean = await rollups.recompute('test');
    expect(clean.unconsumedEvents).toBe(0);
    expect(Object.values(clean.differences).every((n) => n === 0)).toBe(true);
    expect(clean.differences).toMatchObject({ funnel_daily: 0, funnel_payment_sources: 0 });
    const snapshot = async () => ({
      daily: await app.db.query(`SELECT * FROM funnel_daily ORDER BY dimension, day, value`),
      sources: await app.db.query(`SELECT * FROM funnel_payment_sources ORDER BY payment_id`),
    });
    const agreed = await snapshot();

    // A lost visit bump, a stray row, a lost source: reported per table, then rebuilt.
    await app.db.query(`UPDATE funnel_daily SET visits = visits - 1 WHERE dimension = 'all' AND day = (SELECT max(day) FROM funnel_daily)`);
    await app.db.query(`INSERT INTO funnel_daily (dimension, day, value, checkouts) VALUES ('coupon', '2020-01-01', 'GHOST', 4)`);
    await app.db.query(`DELETE FROM funnel_payment_sources WHERE payment_id = $1`, [paid]);
    const drift = await rollups.recompute('test');
    expect(drift.differences).toMatchObject({ funnel_daily: 2, funnel_payment_sources: 1, daily_metrics: 0 });
    expect(drift.samples.funnel_daily).toHaveLength(2);
    expect(await snapshot()).toEqual(agreed);

    const after = await rollups.recompute('test');
    expect(after.differences).toMatchObject({ funnel_daily: 0, funnel_payment_sources: 0 });
  });

  it('rate limits page views per client address (429 with Retry-After), counting none of the refused ones', async () => {
    const before = await visitCount();
    let accepted = 0;
    let refused: { status: number; headers: Record<string, string>; body: { message: string } } | undefined;
    for (let i = 0; i <= 2 * VISIT_LIMIT && !refused; i++) {
      const res = await app.http
        .post('/api/referrals/visit')
        .set('user-agent', BROWSER)
        .send({ path: `/p${i}` });
      if (res.status === 429) refused = res as never;
      else {
        expect(res.status).toBe(200);
        accepted++;
      }
    }
    expect(refused).toBeDefined();
    expect(refused!.body).toMatchObject({ statusCode: 429, message: 'Too many requests, try again later' });
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await visitCount()).toBe(before + accepted);
  });
});

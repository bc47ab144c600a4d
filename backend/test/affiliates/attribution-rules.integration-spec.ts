import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '../../src/events/event-catalogue';
import { CommissionConsumers } from '../../src/modules/affiliates/jobs/commission.consumers';
import { QueueWorkers } from '../../src/queue/queue-workers';
import { WorkerModule } from '../../src/worker.module';
import { envelopeOf } from '../factories/events.factory';
import { entitlementsOf } from '../factories/payments.factory';
import { approvedAffiliate as approvedAffiliateOf, BROWSER, type TestAffiliate } from '../factories/affiliates.factory';
import { adminToken } from '../factories/users.factory';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

/** Issue 33: which click wins, what counts as the affiliate's own purchase, and two worker processes racing the commission. */
describe('affiliate attribution rules', () => {
  let app: TestApp;
  let admin: { authorization: string };
  let second: INestApplicationContext | undefined;

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
    admin = { authorization: `Bearer ${(await adminToken(app)).token}` };
  });
  afterAll(async () => {
    await second?.close();
    await app.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  const approvedAffiliate = (payoutDetails?: string): Promise<TestAffiliate> => approvedAffiliateOf(app, admin, payoutDetails);

  /** A referral visit, sending the cookie held so far; answers the cookie held afterwards and whether the visit set it. */
  async function visit(code: string, held?: string) {
    let req = app.http.post('/api/referrals/visit').set('user-agent', BROWSER);
    if (held) req = req.set('cookie', held);
    const res = await req.send({ ref: code, path: '/' }).expect(200);
    const set = ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? [])[0]?.split(';')[0];
    return { cookie: set ?? held, replaced: set !== undefined, referral: res.body.referral as string | null };
  }

  async function checkout(cookie: string | undefined, body: Record<string, unknown> = {}, token?: string) {
    let req = app.http.post('/api/payments/create');
    if (cookie) req = req.set('cookie', cookie);
    if (token) req = req.set(bearer(token));
    const res = await req.send({
      amount: 497,
      currency: 'USDT',
      blockchain: 'Tron (TRC-20)',
      email: `buyer-${randomBytes(4).toString('hex')}@example.com`,
      ...body,
    });
    if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.paymentId as string;
  }

  async function pay(paymentId: string) {
    await app.http.post(`/api/payments/sandbox/${paymentId}/simulate`).send({ outcome: 'finished' }).expect(200);
    await eventually(async () => (await entitlementsOf(app, paymentId)).length === 1, { what: 'entitlement' });
  }

  const attributedTo = async (paymentId: string): Promise<string | null> =>
    ((await app.db.query('SELECT affiliate_id FROM payment_attributions WHERE payment_id = $1', [paymentId]))[0]?.affiliate_id as string | undefined) ?? null;

  const commissionsOf = (paymentId: string): Promise<Array<{ kind: string; state: string; reason: string | null }>> =>
    app.db.query('SELECT kind, state, reason FROM affiliate_commissions WHERE payment_id = $1 ORDER BY kind', [paymentId]);

  async function commissionDone(paymentId: string) {
    await eventually(
      async () => {
        const [{ n }] = await app.db.query(
          `SELECT count(*)::int AS n FROM processed_events WHERE consumer = 'create-affiliate-commission' AND event_id IN (SELECT id FROM outbox_events WHERE type = 'payment.confirmed' AND aggregate_id = $1)`,
          [paymentId],
        );
        return n === 1;
      },
      { what: 'commission consumer' },
    );
  }

  const setModel = (attributionModel: 'last_click' | 'first_click') =>
    app.http.put('/api/admin/settings/affiliates').set(admin).send({ attributionModel }).expect(200);

  it('last click wins by default; with first click the earlier affiliate keeps the sale', async () => {
    const first = await approvedAffiliate();
    const later = await approvedAffiliate();

    const a = await visit(first.code);
    const b = await visit(later.code, a.cookie);
    expect(b.replaced).toBe(true);
    expect(await attributedTo(await checkout(b.cookie))).toBe(later.id);

    await setModel('first_click');
    try {
      const c = await visit(first.code);
      const d = await visit(later.code, c.cookie);
      // The click is still counted for the later affiliate, but the cookie (and the sale) stay with the first.
      expect(d).toMatchObject({ replaced: false, cookie: c.cookie, referral: c.cookie!.slice('cp_ref='.length) });
      const [{ n }] = await app.db.query('SELECT count(*)::int AS n FROM referral_clicks WHERE affiliate_id = $1', [later.id]);
      expect(n).toBe(2);
      expect(await attributedTo(await checkout(d.cookie))).toBe(first.id);
      // A referral kept by the app (no cookie) is judged the same way: it is the first affiliate's.
      expect(await attributedTo(await checkout(undefined, { referral: d.referral }))).toBe(first.id);
    } finally {
      await setModel('last_click');
    }
  });

  it("refuses the affiliate's own purchase by account, mailbox or payout address, and pays an outsider", async () => {
    const affiliate = await approvedAffiliate('PayPal: ana.payouts+aff@gmail.com');
    const sales = {
      payoutAddress: await checkout((await visit(affiliate.code)).cookie, { email: 'anapayouts@googlemail.com' }),
      taggedEmail: await checkout((await visit(affiliate.code)).cookie, { email: affiliate.user.email.replace('@', '+deal@') }),
      signedIn: await checkout((await visit(affiliate.code)).cookie, { email: `other-${randomBytes(3).toString('hex')}@example.com` }, affiliate.token),
      outsider: await checkout((await visit(affiliate.code)).cookie),
    };
    for (const id of Object.values(sales)) {
      await pay(id);
      await commissionDone(id);
    }
    expect(await commissionsOf(sales.payoutAddress)).toEqual([{ kind: 'commission', state: 'refused', reason: 'self-referral: same payment details' }]);
    expect(await commissionsOf(sales.taggedEmail)).toEqual([{ kind: 'commission', state: 'refused', reason: 'self-referral: same email' }]);
    expect(await commissionsOf(sales.signedIn)).toEqual([{ kind: 'commission', state: 'refused', reason: 'self-referral: same account' }]);
    expect(await commissionsOf(sales.outsider)).toEqual([{ kind: 'commission', state: 'pending', reason: null }]);
    const dashboard = await app.http.get('/api/affiliates/me/dashboard').set(bearer(affiliate.token)).expect(200);
    expect(dashboard.body.totals.sales).toBe(1);
  });

  it('two worker processes consuming the same queues, each also handed every confirmation again at once: one commission per sale', async () => {
    // A second worker, as a second process would run it: its own application context, database pool and queue consumers.
    second = await NestFactory.createApplicationContext(WorkerModule.register(), { logger: ['error'] });
    second.get(QueueWorkers).start();
    const affiliate = await approvedAffiliate();
    const payments: string[] = [];
    for (let i = 0; i < 8; i++) payments.push(await checkout((await visit(affiliate.code)).cookie));
    await Promise.all(payments.map((id) => app.http.post(`/api/payments/sandbox/${id}/simulate`).send({ outcome: 'finished' }).expect(200)));

    const rows = await eventually(
      async () => {
        const found: Array<Parameters<typeof envelopeOf<'payment.confirmed'>>[0]> = await app.db.query(
          `SELECT * FROM outbox_events WHERE type = 'payment.confirmed' AND aggregate_id = ANY($1::text[])`,
          [payments],
        );
        return found.length === payments.length ? found : undefined;
      },
      { what: 'confirmations' },
    );
    const events: Array<EventEnvelope<'payment.confirmed'>> = rows.map(envelopeOf);
    const workers = [app.worker!.get(CommissionConsumers), second.get(CommissionConsumers)];
    // Racing the queue's own delivery: both processes handle every event at the same moment.
    const results = await Promise.all(events.flatMap((event) => workers.map((consumer) => consumer.create(event))));
    for (const id of payments) await commissionDone(id);

    const [{ n, payments: distinct }] = await app.db.query(
      `SELECT count(*)::int AS n, count(DISTINCT payment_id)::int AS payments FROM affiliate_commissions WHERE affiliate_id = $1`,
      [affiliate.id],
    );
    expect({ n, distinct }).toEqual({ n: 8, distinct: 8 });
    // At most one of the two racing calls per event created it (none did if the queue's delivery came first).
    expect(results.filter((r) => r.created).length).toBeLessThanOrEqual(8);
    const [{ created }] = await app.db.query(
      `SELECT count(*)::int AS created FROM outbox_events WHERE type = 'commission.created' AND payload->>'affiliateId' = $1`,
      [affiliate.id],
    );
    expect(created).toBe(8);
  });
});

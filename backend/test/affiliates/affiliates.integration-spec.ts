import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '../../src/events/event-catalogue';
import { CommissionConsumers } from '../../src/modules/affiliates/jobs/commission.consumers';
import { PaymentsService } from '../../src/modules/payments';
import { QueueName } from '../../src/queue/queue-names';
import { QueueService } from '../../src/queue/queue.service';
import { entitlementsOf } from '../factories/payments.factory';
import { adminToken, createUser, login, type CreatedUser } from '../factories/users.factory';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

interface Affiliate {
  user: CreatedUser;
  token: string;
  id: string;
  code: string;
}

/** Issue 33: referral attribution stored with the payment, commissions exactly once, reversals, clawbacks and payouts. */
describe('affiliate programme', () => {
  let app: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
    admin = { authorization: `Bearer ${(await adminToken(app)).token}` };
  });
  afterAll(() => app.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function approvedAffiliate(): Promise<Affiliate> {
    const user = await createUser(app.db);
    const token = await login(app, user);
    const applied = await app.http
      .post('/api/affiliates/apply')
      .set(bearer(token))
      .send({ promotionPlan: 'A weekly newsletter with 4,000 readers', payoutMethod: 'paypal', payoutDetails: user.email })
      .expect(201);
    expect(applied.body).toMatchObject({ status: 'pending', referralLink: expect.stringMatching(/\/\?ref=[A-Z2-9]{8}$/) });
    await app.http.put(`/api/admin/affiliates/${applied.body.id}`).set(admin).send({ status: 'approved' }).expect(200);
    return { user, token, id: applied.body.id, code: applied.body.code };
  }

  async function visit(code: string, userAgent = BROWSER) {
    const res = await app.http
      .post('/api/referrals/visit')
      .set('user-agent', userAgent)
      .send({ ref: code, utmSource: 'newsletter', referrer: 'https://www.blog.example/post', path: '/' })
      .expect(200);
    const cookie = ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? [])[0]?.split(';')[0];
    return { body: res.body as { recorded: boolean; referral: string | null }, cookie };
  }

  async function checkout(body: Record<string, unknown> = {}, cookie?: string, token?: string) {
    const email = `buyer-${randomBytes(4).toString('hex')}@example.com`;
    let req = app.http.post('/api/payments/create');
    if (cookie) req = req.set('cookie', cookie);
    if (token) req = req.set(bearer(token));
    const res = await req.send({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email, ...body });
    if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { paymentId: res.body.paymentId as string, claimSecret: res.body.claimSecret as string, email: (body.email as string) ?? email };
  }

  async function pay(paymentId: string) {
    await app.http.post(`/api/payments/sandbox/${paymentId}/simulate`).send({ outcome: 'finished' }).expect(200);
    await eventually(async () => (await entitlementsOf(app, paymentId)).length === 1, { what: 'entitlement' });
  }

  const commissionsOf = (paymentId: string): Promise<Array<{ kind: string; state: string; amount: string; currency: string; reason: string | null }>> =>
    app.db.query('SELECT kind, state, amount::text AS amount, currency, reason FROM affiliate_commissions WHERE payment_id = $1 ORDER BY kind', [paymentId]);

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

  async function refund(paymentId: string) {
    await app.http.post(`/api/admin/payments/${paymentId}/refund`).set(admin).send({ reason: 'Customer asked' }).expect(200);
    await eventually(
      async () => {
        const [{ n }] = await app.db.query(
          `SELECT count(*)::int AS n FROM processed_events WHERE consumer = 'reverse-affiliate-commission' AND event_id IN (SELECT id FROM outbox_events WHERE type = 'payment.refunded' AND aggregate_id = $1)`,
          [paymentId],
        );
        return n === 1;
      },
      { what: 'reversal consumer' },
    );
  }

  it('apply → approve → referral visit → checkout with the cookie → sandbox payment: one pending commission, on the dashboard', async () => {
    const affiliate = await approvedAffiliate();
    const me = await app.http.get('/api/affiliates/me').set(bearer(affiliate.token)).expect(200);
    expect(me.body.affiliate).toMatchObject({ status: 'approved', code: affiliate.code, commission: { type: 'percent', value: '30' } });

    const bot = await visit(affiliate.code, 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    expect(bot.body).toEqual({ recorded: false, referral: null });
    const { body, cookie } = await visit(affiliate.code);
    expect(body.recorded).toBe(true);
    expect(cookie).toBe(`cp_ref=${body.referral}`);
    const [click] = await app.db.query('SELECT * FROM referral_clicks WHERE affiliate_id = $1', [affiliate.id]);
    expect(click).toMatchObject({ utm_source: 'newsletter', referrer_domain: 'blog.example', path: '/' });
    expect(Object.keys(click)).not.toEqual(expect.arrayContaining(['ip']));

    const { paymentId } = await checkout({}, cookie);
    const [attribution] = await app.db.query('SELECT affiliate_id, source, utm_source FROM payment_attributions WHERE payment_id = $1', [paymentId]);
    expect(attribution).toEqual({ affiliate_id: affiliate.id, source: 'referral_link', utm_source: 'newsletter' });
    await pay(paymentId);
    await commissionDone(paymentId);
    expect(await commissionsOf(paymentId)).toEqual([{ kind: 'commission', state: 'pending', amount: '149.10', currency: 'USD', reason: null }]);

    const dashboard = await app.http.get('/api/affiliates/me/dashboard?days=7').set(bearer(affiliate.token)).expect(200);
    expect(dashboard.body.totals).toMatchObject({
      clicks: 1,
      checkouts: 1,
      sales: 1,
      commission: [{ currency: 'USD', pending: '149.10', approved: '0.00', paid: '0.00', reversed: '0.00' }],
    });
    expect(dashboard.body.days).toHaveLength(7);
    expect(dashboard.body.commissions).toEqual([expect.objectContaining({ amount: '149.10', state: 'pending' })]);

    const grid = await app.http
      .get('/api/admin/affiliates')
      .query({ filter: JSON.stringify({ q: affiliate.user.email }) })
      .set(admin)
      .expect(200);
    expect(grid.headers['content-range']).toBe('affiliates 0-0/1');
    expect(grid.body[0]).toMatchObject({ clicks: 1, sales: 1, pendingTotal: '149.10', payableTotal: '0.00', currency: 'USD' });
    const csv = await app.http.get('/api/admin/affiliates/export').set(admin).expect(200);
    expect(csv.text).toContain(affiliate.user.email);
  });

  it('the same payment.confirmed delivered three times, two of them at once, gives one commission', async () => {
    const affiliate = await approvedAffiliate();
    const { referral } = (await visit(affiliate.code)).body;
    const { paymentId } = await checkout({ referral });
    await pay(paymentId);
    await commissionDone(paymentId);
    const [row] = await app.db.query(`SELECT * FROM outbox_events WHERE type = 'payment.confirmed' AND aggregate_id = $1`, [paymentId]);
    const event = {
      id: row.id,
      type: row.type,
      occurredAt: new Date(row.occurred_at).toISOString(),
      aggregateType: row.aggregate_type,
      aggregateId: row.aggregate_id,
      payload: row.payload,
    } as EventEnvelope<'payment.confirmed'>;
    const consumers = app.worker!.get(CommissionConsumers);
    const again = await Promise.all([consumers.create(event), consumers.create(event), consumers.create(event)]);
    expect(again.map((r) => r.created)).toEqual([false, false, false]);
    expect(await commissionsOf(paymentId)).toHaveLength(1);
  });

  it('a sale no affiliate referred owes the commission consumer nothing: no delivery, no job (a referred one does, in the same run)', async () => {
    const owedTo = async (paymentId: string) => {
      const [{ rows, processed }] = await app.db.query(
        `SELECT (SELECT count(*)::int FROM event_deliveries d JOIN outbox_events o ON o.id = d.event_id
                  WHERE d.consumer = 'create-affiliate-commission' AND o.type = 'payment.confirmed' AND o.aggregate_id = $1) AS rows,
                (SELECT count(*)::int FROM processed_events p JOIN outbox_events o ON o.id = p.event_id
                  WHERE p.consumer = 'create-affiliate-commission' AND o.type = 'payment.confirmed' AND o.aggregate_id = $1) AS processed`,
        [paymentId],
      );
      const [{ id }] = await app.db.query(`SELECT id FROM outbox_events WHERE type = 'payment.confirmed' AND aggregate_id = $1`, [paymentId]);
      const job = await app.api.get(QueueService).queue(QueueName.Payments).getJob(`create-affiliate-commission-${id}`);
      return { owed: rows + processed, job: job !== undefined };
    };
    // No referral at all, then a UTM-tagged visit with no affiliate behind it (an attribution without an affiliate).
    const plain = await checkout();
    const unknown = await visit('NOSUCH22');
    const tagged = await checkout(unknown.body.referral ? { referral: unknown.body.referral } : {}, unknown.cookie);
    expect(await app.db.query(`SELECT affiliate_id, source FROM payment_attributions WHERE payment_id = $1`, [tagged.paymentId])).toEqual([
      { affiliate_id: null, source: 'utm' },
    ]);
    const affiliate = await approvedAffiliate();
    const { referral } = (await visit(affiliate.code)).body;
    const referred = await checkout({ referral });
    for (const p of [plain, tagged, referred]) await pay(p.paymentId);
    await commissionDone(referred.paymentId);
    expect(await owedTo(plain.paymentId)).toEqual({ owed: 0, job: false });
    expect(await owedTo(tagged.paymentId)).toEqual({ owed: 0, job: false });
    expect((await owedTo(referred.paymentId)).owed).toBe(1);
    expect(await commissionsOf(plain.paymentId)).toEqual([]);
    expect(await commissionsOf(tagged.paymentId)).toEqual([]);
    expect(await commissionsOf(referred.paymentId)).toHaveLength(1);
  });

  it("refuses a self-referral (the buyer's email is the affiliate's) and records why", async () => {
    const affiliate = await approvedAffiliate();
    const { cookie } = await visit(affiliate.code);
    const sameEmail = await checkout({ email: affiliate.user.email }, cookie);
    await pay(sameEmail.paymentId);
    await commissionDone(sameEmail.paymentId);
    expect(await commissionsOf(sameEmail.paymentId)).toEqual([expect.objectContaining({ state: 'refused', reason: 'self-referral: same email' })]);
    const dashboard = await app.http.get('/api/affiliates/me/dashboard').set(bearer(affiliate.token)).expect(200);
    expect(dashboard.body.totals.sales).toBe(0);
    expect(dashboard.body.commissions).toEqual([]);
  });

  it('keeps the attribution through a claim on another device, and reverses the commission on a refund', async () => {
    const affiliate = await approvedAffiliate();
    const { cookie } = await visit(affiliate.code);
    const { paymentId, email } = await checkout({}, cookie);
    await pay(paymentId);
    await commissionDone(paymentId);
    // Another device: no cookie, no claim secret; the emailed claim link's token.
    const link = new URL(app.api.get(PaymentsService).claimLink(paymentId));
    const claimToken = new URLSearchParams(link.hash.slice(1)).get('claim')!;
    await app.http.post('/api/auth/create-account').send({ email, name: 'Buyer Elsewhere', password: 'Str0ng-Pass-2', paymentId, claimToken }).expect(200);
    const [attribution] = await app.db.query('SELECT affiliate_id FROM payment_attributions WHERE payment_id = $1', [paymentId]);
    expect(attribution.affiliate_id).toBe(affiliate.id);
    expect(await commissionsOf(paymentId)).toEqual([expect.objectContaining({ kind: 'commission', state: 'pending' })]);

    await refund(paymentId);
    expect(await commissionsOf(paymentId)).toEqual([expect.objectContaining({ kind: 'commission', state: 'reversed' })]);
    const dashboard = await app.http.get('/api/affiliates/me/dashboard').set(bearer(affiliate.token)).expect(200);
    expect(dashboard.body.totals.commission).toEqual([{ currency: 'USD', pending: '0.00', approved: '0.00', paid: '0.00', reversed: '149.10' }]);
  });

  it('pays what is owed per currency (total = sum of payable lines), then claws a refunded paid commission back from the next payout', async () => {
    const a = await approvedAffiliate();
    const b = await approvedAffiliate();
    const sales: string[] = [];
    for (const affiliate of [a, a, b]) {
      const { cookie } = await visit(affiliate.code);
      const { paymentId } = await checkout({}, cookie);
      await pay(paymentId);
      await commissionDone(paymentId);
      sales.push(paymentId);
    }
    await app.http.put(`/api/admin/affiliates/${b.id}`).set(admin).send({ commissionType: 'fixed', commissionValue: '50.00' }).expect(200);
    // The hold period passes (default: the 30-day refund window).
    await app.db.query(`UPDATE affiliate_commissions SET payable_at = now() - interval '1 second' WHERE payment_id = ANY($1::uuid[])`, [sales]);

    const owed = await app.http.get('/api/admin/affiliate-payouts/owed').set(admin).expect(200);
    const ours = owed.body.filter((o: { affiliateId: string }) => [a.id, b.id].includes(o.affiliateId));
    expect(ours.map((o: { affiliateId: string; amount: string }) => [o.affiliateId, o.amount]).sort()).toEqual(
      [
        [a.id, '298.20'],
        [b.id, '149.10'],
      ].sort(),
    );
    await app.http.post('/api/admin/affiliate-payouts').set(admin).send({ currency: 'XYZ', reference: 'x' }).expect(400);
    await app.http.post('/api/admin/affiliate-payouts').set(admin).send({ currency: 'USD', reference: '' }).expect(400);

    const payout = await app.http
      .post('/api/admin/affiliate-payouts')
      .set(admin)
      .send({ currency: 'USD', affiliateIds: [a.id, b.id], reference: 'Batch 1' })
      .expect(201);
    const [{ sum }] = await app.db.query(`SELECT sum(amount)::numeric(12,2)::text AS sum FROM affiliate_commissions WHERE payout_id = $1`, [payout.body.id]);
    expect(payout.body).toMatchObject({ currency: 'USD', total: '447.30', count: 2, reference: 'Batch 1' });
    expect(sum).toBe(payout.body.total);
    await app.http
      .post('/api/admin/affiliate-payouts')
      .set(admin)
      .send({ currency: 'USD', affiliateIds: [a.id, b.id], reference: 'Batch again' })
      .expect(409);
    const csv = await app.http.get(`/api/admin/affiliate-payouts/${payout.body.id}/export`).set(admin).expect(200);
    expect(csv.text).toContain('298.20');
    const audit = await app.db.query(`SELECT action FROM audit_log WHERE resource = 'affiliate-payouts' AND resource_id = $1`, [payout.body.id]);
    expect(audit).toEqual([{ action: 'pay-affiliates' }]);

    await refund(sales[0]);
    expect(await commissionsOf(sales[0])).toEqual([
      expect.objectContaining({ kind: 'clawback', state: 'approved', amount: '-149.10' }),
      expect.objectContaining({ kind: 'commission', state: 'paid' }),
    ]);
    // The clawback is owed back: one new sale only balances it (nothing to pay), a second one is paid less the clawback.
    const next: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { cookie } = await visit(a.code);
      const { paymentId } = await checkout({}, cookie);
      await pay(paymentId);
      await commissionDone(paymentId);
      await app.db.query(`UPDATE affiliate_commissions SET payable_at = now() - interval '1 second' WHERE payment_id = $1`, [paymentId]);
      next.push(paymentId);
      if (i === 0)
        await app.http
          .post('/api/admin/affiliate-payouts')
          .set(admin)
          .send({ currency: 'USD', affiliateIds: [a.id], reference: 'Batch 2' })
          .expect(409);
    }
    const second = await app.http
      .post('/api/admin/affiliate-payouts')
      .set(admin)
      .send({ currency: 'USD', affiliateIds: [a.id], reference: 'Batch 2' })
      .expect(201);
    expect(second.body).toMatchObject({ total: '149.10', count: 1 });
    expect(await commissionsOf(sales[0])).toEqual([
      expect.objectContaining({ kind: 'clawback', state: 'paid', amount: '-149.10' }),
      expect.objectContaining({ kind: 'commission', state: 'paid' }),
    ]);
    const dashboard = await app.http.get('/api/affiliates/me/dashboard').set(bearer(a.token)).expect(200);
    expect(dashboard.body.totals.commission).toEqual([{ currency: 'USD', pending: '0.00', approved: '0.00', paid: '447.30', reversed: '0.00' }]);
  });

  it('validates the application, the decisions and the visit', async () => {
    const user = await createUser(app.db);
    const token = await login(app, user);
    const short = await app.http
      .post('/api/affiliates/apply')
      .set(bearer(token))
      .send({ promotionPlan: 'short', payoutMethod: 'paypal', payoutDetails: 'x' })
      .expect(400);
    expect(short.body.errors).toEqual({ promotionPlan: 'Tell us how you will promote the academy in 10 to 1000 characters' });
    const method = await app.http
      .post('/api/affiliates/apply')
      .set(bearer(token))
      .send({ promotionPlan: 'A long enough plan', payoutMethod: 'cash', payoutDetails: 'x' })
      .expect(400);
    expect(method.body.errors).toEqual({ payoutMethod: 'Choose how you want to be paid: paypal, bank or crypto' });
    await app.http.get('/api/affiliates/me/dashboard').set(bearer(token)).expect(404);
    await app.http.post('/api/affiliates/apply').send({}).expect(401);
    const ok = await app.http
      .post('/api/affiliates/apply')
      .set(bearer(token))
      .send({ promotionPlan: 'A long enough plan', payoutMethod: 'bank', payoutDetails: 'IBAN DE00' })
      .expect(201);
    await app.http
      .post('/api/affiliates/apply')
      .set(bearer(token))
      .send({ promotionPlan: 'A long enough plan', payoutMethod: 'bank', payoutDetails: 'IBAN DE00' })
      .expect(409);
    await app.http.get('/api/admin/affiliates').set(bearer(token)).expect(403);
    await app.http.put(`/api/admin/affiliates/${ok.body.id}`).set(admin).send({ status: 'suspended' }).expect(409);
    const pct = await app.http.put(`/api/admin/affiliates/${ok.body.id}`).set(admin).send({ commissionType: 'percent', commissionValue: '150' }).expect(400);
    expect(pct.body.errors).toEqual({ commissionValue: 'A percentage commission must be a whole number from 0 to 100' });
    await app.http.put(`/api/admin/affiliates/${ok.body.id}`).set(admin).send({ status: 'rejected' }).expect(200);
    const audit = await app.db.query(`SELECT action FROM audit_log WHERE resource = 'affiliates' AND resource_id = $1`, [ok.body.id]);
    expect(audit).toEqual([{ action: 'reject-affiliate' }]);
    const unknown = await app.http.post('/api/referrals/visit').set('user-agent', BROWSER).send({ ref: 'NOPE', path: '/' }).expect(200);
    expect(unknown.body).toEqual({ recorded: false, referral: null });
    await app.http.post('/api/referrals/visit').send({ path: 'no-slash' }).expect(400);
  });
});

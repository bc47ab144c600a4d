import { AffiliateMails } from '../../src/modules/affiliates/affiliate-mails.service';
import { AffiliateMailConsumers } from '../../src/modules/affiliates/jobs/affiliate-mail.consumers';
import { approvedAffiliate, endHold, referredSale } from '../factories/affiliates.factory';
import { envelopeOf } from '../factories/events.factory';
import { adminToken } from '../factories/users.factory';
import { capturedMail, waitForMail } from '../support/mailbox';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

/** Issue 33: affiliates get an email for each approved commission and each payout, once, in their language. */
describe('affiliate emails', () => {
  let app: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
    admin = { authorization: `Bearer ${(await adminToken(app)).token}` };
  });
  afterAll(() => app.close());

  /** The sweep as the scheduler runs it, in the API's and the worker's instances (two processes racing). */
  const sweeps = () => [app.api.get(AffiliateMails), app.worker!.get(AffiliateMails)];
  const mailsTo = (to: string, tag: string) => capturedMail(app).filter((m) => m.to === to && m.tag === tag);
  const owed = async (key: string): Promise<number> =>
    (await app.db.query(`SELECT count(*)::int AS n FROM owed_commands WHERE name = 'send-email' AND key = $1`, [key]))[0].n;
  const approvedEvents = async (commissionId: string): Promise<number> =>
    (await app.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = 'commission.approved' AND payload->>'commissionId' = $1`, [commissionId]))[0]
      .n;
  const notifiedAt = async (commissionId: string): Promise<Date | null> =>
    (await app.db.query('SELECT approved_notified_at FROM affiliate_commissions WHERE id = $1', [commissionId]))[0].approved_notified_at;

  it('tells a commission past its hold once, however often and concurrently the sweep runs', async () => {
    const affiliate = await approvedAffiliate(app, admin);
    const { paymentId, commissionId } = await referredSale(app, affiliate);

    // Still in its hold period: nothing to tell.
    await sweeps()[0].notifyApproved();
    expect(await notifiedAt(commissionId)).toBeNull();

    await endHold(app, [paymentId]);
    const [api, worker] = sweeps();
    await Promise.all([api.notifyApproved(), worker.notifyApproved(), api.notifyApproved()]);
    await worker.notifyApproved();

    expect(await notifiedAt(commissionId)).toBeInstanceOf(Date);
    expect(await approvedEvents(commissionId)).toBe(1);
    const [event] = await app.db.query(
      `SELECT aggregate_type, aggregate_id, payload FROM outbox_events WHERE type = 'commission.approved' AND payload->>'commissionId' = $1`,
      [commissionId],
    );
    expect(event).toMatchObject({
      aggregate_type: 'affiliate',
      aggregate_id: affiliate.id,
      payload: { commissionId, affiliateId: affiliate.id, paymentId, amount: '149.10', currency: 'USD' },
    });
    expect(await owed(`affiliate-commission-approved-${commissionId}`)).toBe(1);

    const mail = await waitForMail(app, affiliate.user.email, 'affiliate-commission-approved');
    expect(mail.subject).toBe('Your commission of $149.10 is approved');
    expect(mail.text).toContain('/dashboard/referrals');
    await eventually(
      async () =>
        (await app.db.query(`SELECT 1 FROM owed_commands WHERE key = $1 AND state = 'sent'`, [`affiliate-commission-approved-${commissionId}`])).length === 1,
      {
        what: 'approved mail sent',
      },
    );
    expect(mailsTo(affiliate.user.email, 'affiliate-commission-approved')).toHaveLength(1);
  });

  it('tells nothing for a commission reversed by a refund, and waits while the affiliate is suspended', async () => {
    const affiliate = await approvedAffiliate(app, admin);
    const reversed = await referredSale(app, affiliate);
    await app.http.post(`/api/admin/payments/${reversed.paymentId}/refund`).set(admin).send({ reason: 'Customer asked' }).expect(200);
    await eventually(
      async () => (await app.db.query(`SELECT state FROM affiliate_commissions WHERE id = $1`, [reversed.commissionId]))[0].state === 'reversed',
      {
        what: 'reversal',
      },
    );
    const held = await referredSale(app, affiliate);
    await app.http.put(`/api/admin/affiliates/${affiliate.id}`).set(admin).send({ status: 'suspended' }).expect(200);
    await endHold(app, [reversed.paymentId, held.paymentId]);

    await sweeps()[1].notifyApproved();
    expect(await notifiedAt(reversed.commissionId)).toBeNull();
    expect(await notifiedAt(held.commissionId)).toBeNull();

    // Reinstated: the commission is payable again, and told then.
    await app.http.put(`/api/admin/affiliates/${affiliate.id}`).set(admin).send({ status: 'approved' }).expect(200);
    await sweeps()[1].notifyApproved();
    expect(await notifiedAt(held.commissionId)).toBeInstanceOf(Date);
    expect(await notifiedAt(reversed.commissionId)).toBeNull();
    expect(await approvedEvents(reversed.commissionId)).toBe(0);
    expect(await owed(`affiliate-commission-approved-${reversed.commissionId}`)).toBe(0);
    await waitForMail(app, affiliate.user.email, 'affiliate-commission-approved');
    expect(mailsTo(affiliate.user.email, 'affiliate-commission-approved')).toHaveLength(1);
  });

  it("mails each affiliate of a payout batch once, in the affiliate's language; a redelivered affiliate.paid sends nothing", async () => {
    const english = await approvedAffiliate(app, admin);
    const french = await approvedAffiliate(app, admin);
    await app.http
      .put('/api/account/language')
      .set({ authorization: `Bearer ${french.token}` })
      .send({ language: 'fr' })
      .expect(200);
    const sales = [await referredSale(app, english), await referredSale(app, french)];
    await endHold(
      app,
      sales.map((s) => s.paymentId),
    );

    const payout = await app.http
      .post('/api/admin/affiliate-payouts')
      .set(admin)
      .send({ currency: 'USD', affiliateIds: [english.id, french.id], reference: 'Batch <42>' })
      .expect(201);

    const en = await waitForMail(app, english.user.email, 'affiliate-payout');
    expect(en.subject).toMatch(/ affiliate payout of \$149\.10$/);
    for (const figure of ['Hello ', 'We sent you $149.10', 'PayPal', 'Batch <42>']) expect(en.text).toContain(figure);
    expect(en.html).toContain('Batch &#60;42&#62;');

    const fr = await waitForMail(app, french.user.email, 'affiliate-payout');
    expect(fr.subject).toMatch(/^Votre versement d’affilié .+ de 149,10\s\$US$/);
    for (const figure of ['Bonjour ', 'Nous vous avons versé 149,10', 'Référence', 'Batch <42>', 'Ouvrir mon tableau de bord d’affilié'])
      expect(fr.text).toContain(figure);

    // affiliate.paid delivered again, three times at once: processed once already, no mail owed again.
    const [row] = await app.db.query(`SELECT * FROM outbox_events WHERE type = 'affiliate.paid' AND aggregate_id = $1 AND payload->>'payoutId' = $2`, [
      french.id,
      payout.body.id,
    ]);
    const event = envelopeOf<'affiliate.paid'>(row);
    const consumers = app.worker!.get(AffiliateMailConsumers);
    const again = await Promise.all([consumers.payout(event), consumers.payout(event), consumers.payout(event)]);
    expect(again.map((r) => r.sent)).toEqual([false, false, false]);

    for (const affiliate of [english, french]) {
      const key = `affiliate-payout-${payout.body.id}-${affiliate.id}`;
      expect(await owed(key)).toBe(1);
      await eventually(async () => (await app.db.query(`SELECT 1 FROM owed_commands WHERE key = $1 AND state = 'sent'`, [key])).length === 1, {
        what: 'payout mail sent',
      });
      expect(mailsTo(affiliate.user.email, 'affiliate-payout')).toHaveLength(1);
    }
  });
});

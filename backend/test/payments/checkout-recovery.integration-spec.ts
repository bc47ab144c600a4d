import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '../../src/events/event-catalogue';
import { RollupsService } from '../../src/modules/analytics/rollups.service';
import { CheckoutRecovery } from '../../src/modules/payments/checkout-recovery.service';
import { RecoveryMailConsumers } from '../../src/modules/payments/jobs/recovery-mail.consumers';
import { RecoveryProofs } from '../../src/modules/payments/recovery-proofs';
import { QueueName } from '../../src/queue/queue-names';
import { QueueService } from '../../src/queue/queue.service';
import { buy, checkout, entitlementsOf, settled, type CheckoutResult } from '../factories/payments.factory';
import { adminToken, createUser } from '../factories/users.factory';
import { capturedMail, waitForMail, type CapturedMail } from '../support/mailbox';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

const TAG = 'checkout-reminder';

/** The notification, payment and analytics queues are empty: everything enqueued so far has run. */
async function drained(app: TestApp): Promise<void> {
  const queues = app.worker!.get(QueueService);
  const watched: string[] = [QueueName.Notifications, QueueName.Payments, QueueName.Analytics];
  await eventually(async () => (await queues.counts()).filter((c) => watched.includes(c.name)).every((c) => c.waiting + c.active + c.delayed === 0), {
    what: 'queues drained',
  });
}

const remindersTo = (app: TestApp, to: string): CapturedMail[] => capturedMail(app).filter((m) => m.to === to && m.tag === TAG);

/** The checkout as if started `minutes` ago. */
const age = (app: TestApp, paymentId: string, minutes: number) =>
  app.db.query(`UPDATE payments SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [paymentId, minutes]);

/** Its last reminder as if sent `minutes` ago. */
const ageReminder = (app: TestApp, paymentId: string, minutes: number) =>
  app.db.query(`UPDATE payments SET recovery_reminded_at = now() - make_interval(mins => $2) WHERE id = $1`, [paymentId, minutes]);

const remindersOf = async (app: TestApp, paymentId: string): Promise<number> =>
  (await app.db.query('SELECT recovery_reminders FROM payments WHERE id = $1', [paymentId]))[0].recovery_reminders;

/** Several sweeps at once (and the scheduled one may run too): each checkout is stamped once. */
async function sweep(app: TestApp): Promise<void> {
  const recovery = app.worker!.get(CheckoutRecovery);
  await Promise.all([recovery.remindDue(), recovery.remindDue(), recovery.remindDue()]);
  await drained(app);
}

async function reminderEvents(app: TestApp, paymentId: string): Promise<Array<EventEnvelope<'checkout.recovery_reminder_due'>>> {
  const rows = await app.db.query(`SELECT * FROM outbox_events WHERE type = 'checkout.recovery_reminder_due' AND aggregate_id = $1 ORDER BY occurred_at`, [
    paymentId,
  ]);
  return rows.map(
    (row: {
      id: string;
      occurred_at: Date;
      aggregate_type: string;
      aggregate_id: string;
      payload: EventEnvelope<'checkout.recovery_reminder_due'>['payload'];
    }) => ({
      id: row.id,
      type: 'checkout.recovery_reminder_due' as const,
      occurredAt: new Date(row.occurred_at).toISOString(),
      aggregateType: row.aggregate_type,
      aggregateId: row.aggregate_id,
      payload: row.payload,
    }),
  );
}

/** The resume link of a reminder: its payment id and the token in its fragment. */
function resumeLink(mail: CapturedMail): { paymentId: string; token: string; url: URL } {
  const url = new URL(/https?:\/\/\S+\/checkout\/resume\?\S+/.exec(mail.text)![0]);
  return { paymentId: url.searchParams.get('paymentId')!, token: new URLSearchParams(url.hash.slice(1)).get('token')!, url };
}

async function startCheckout(app: TestApp, language = 'en', email = `abandon-${randomBytes(5).toString('hex')}@example.com`): Promise<CheckoutResult> {
  const res = await app.http
    .post('/api/payments/create')
    .set('x-interface-language', language)
    .send({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', clientId: `user_${Date.now()}`, email })
    .expect(201);
  return { ...res.body, email };
}

describe('abandoned-checkout recovery', () => {
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
    admin = (await adminToken(app)).token;
    await app.http.put('/api/admin/settings/general').set('authorization', `Bearer ${admin}`).send({ siteName: 'Recovery Academy' }).expect(200);
  });
  afterAll(() => app.close());

  it('reminds after the delay in the buyer’s language, with one-click unsubscribe headers, once per reminder; a second a day later, then none', async () => {
    const email = `olvido-${Date.now()}@example.com`;
    const { paymentId } = await startCheckout(app, 'es', email);
    await age(app, paymentId, 30);
    await sweep(app);
    expect(await remindersOf(app, paymentId)).toBe(0);

    await age(app, paymentId, 61);
    await sweep(app);
    expect(await remindersOf(app, paymentId)).toBe(1);
    const mail = await waitForMail(app, email, TAG);
    expect(mail.subject).toBe('Dejaste tu compra en Recovery Academy sin terminar');
    expect(mail.text).toContain('USDT en Tron (TRC-20)');
    expect(mail.text).toContain('Terminar mi compra');
    expect(mail.html).toContain('lang="es"');
    const unsubscribe = new URL(/<(.+)>/.exec(mail.headers!['List-Unsubscribe'])![1]);
    expect(unsubscribe.pathname).toBe('/api/payments/recovery/unsubscribe');
    expect(unsubscribe.searchParams.get('email')).toBe(email);
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(resumeLink(mail).paymentId).toBe(paymentId);

    // The event delivered again, through the queue and directly, at once: still one mail.
    const [event] = await reminderEvents(app, paymentId);
    expect(event.payload).toEqual({ paymentId, reminder: 1, currency: 'USD' });
    const queues = app.worker!.get(QueueService);
    const consumers = app.worker!.get(RecoveryMailConsumers);
    await Promise.all([
      queues.queue(QueueName.Notifications).add('send-checkout-reminder', { ...event, origin: queues.origin }, { jobId: `dup-a-${paymentId}` }),
      consumers.sendCheckoutReminder(event),
      consumers.sendCheckoutReminder(event),
    ]);
    await drained(app);
    expect(remindersTo(app, email)).toHaveLength(1);

    // The second comes 24 hours after the first, not before; then nothing more.
    await ageReminder(app, paymentId, 23 * 60);
    await sweep(app);
    expect(await remindersOf(app, paymentId)).toBe(1);
    await ageReminder(app, paymentId, 24 * 60 + 1);
    await sweep(app);
    expect(await remindersOf(app, paymentId)).toBe(2);
    await eventually(async () => remindersTo(app, email).length === 2, { what: 'second reminder' });
    expect(remindersTo(app, email)[1].subject).toBe('Último recordatorio: tu compra en Recovery Academy sigue esperando');
    await ageReminder(app, paymentId, 48 * 60);
    await age(app, paymentId, 49 * 60);
    await sweep(app);
    expect(remindersTo(app, email)).toHaveLength(2);
    expect(await reminderEvents(app, paymentId)).toHaveLength(2);
  });

  it('sends nothing once paid, ended by the buyer, unsubscribed, owned, bought in another checkout, or replaced by a newer checkout', async () => {
    const paid = await buy(app);
    const failed = await startCheckout(app);
    await app.http.post(`/api/payments/sandbox/${failed.paymentId}/simulate`).send({ outcome: 'failed' }).expect(200);
    await settled(app, failed.paymentId);
    const unsubscribed = await startCheckout(app);
    const owner = await createUser(app.db, { access: true });
    const owned = await startCheckout(app, 'en', owner.email);
    const boughtElsewhere = await startCheckout(app);
    await buy(app, boughtElsewhere.email);
    const replaced = await startCheckout(app);
    const newest = await startCheckout(app, 'en', replaced.email);
    // The resume link of a forged or foreign unsubscribe is refused and changes nothing.
    const proofs = app.api.get(RecoveryProofs);
    const token = proofs.unsubscribeToken(unsubscribed.email);
    await app.http.post(`/api/payments/recovery/unsubscribe?email=${encodeURIComponent(unsubscribed.email)}&token=${'A'.repeat(43)}`).expect(403);
    await app.http.post(`/api/payments/recovery/unsubscribe?email=someone-else%40example.com&token=${token}`).expect(403);
    expect((await app.db.query('SELECT count(*)::int AS n FROM recovery_unsubscribes WHERE email = $1', [unsubscribed.email]))[0].n).toBe(0);
    // Opened in a browser, the link goes on to the learner site's page (which asks first): nothing changes yet.
    const opened = await app.http.get(`/api/payments/recovery/unsubscribe?email=${encodeURIComponent(unsubscribed.email)}&token=${token}`).expect(200);
    expect(opened.text).toContain(`url=/unsubscribe?email=${encodeURIComponent(unsubscribed.email)}&amp;token=${token}`);
    expect((await app.db.query('SELECT count(*)::int AS n FROM recovery_unsubscribes WHERE email = $1', [unsubscribed.email]))[0].n).toBe(0);
    // One-click, as a mail client sends it (RFC 8058).
    await app.http
      .post(`/api/payments/recovery/unsubscribe?email=${encodeURIComponent(unsubscribed.email)}&token=${token}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200, { unsubscribed: true, email: unsubscribed.email });

    const all = [paid, failed, unsubscribed, owned, boughtElsewhere, replaced, newest];
    for (const c of all) await age(app, c.paymentId, 90);
    await app.db.query(`UPDATE payments SET created_at = created_at + interval '1 minute' WHERE id = $1`, [newest.paymentId]);
    await sweep(app);
    for (const c of [paid, failed, unsubscribed, owned, boughtElsewhere, replaced]) {
      expect({ email: c.email, reminders: await remindersOf(app, c.paymentId) }).toEqual({ email: c.email, reminders: 0 });
      if (c !== replaced) expect(remindersTo(app, c.email)).toHaveLength(0);
    }
    expect(await remindersOf(app, newest.paymentId)).toBe(1);
    expect(resumeLink(await waitForMail(app, newest.email, TAG)).paymentId).toBe(newest.paymentId);
    expect(remindersTo(app, replaced.email)).toHaveLength(1);
  });

  it('resumes exactly that checkout from the link, re-quotes an expired one with the same method, and refuses forged links and paid checkouts; analytics counts the recovered sale and the recompute agrees', async () => {
    const first = await startCheckout(app, 'fr');
    await age(app, first.paymentId, 61);
    await sweep(app);
    const mail = await waitForMail(app, first.email, TAG);
    expect(mail.subject).toBe("Votre commande sur Recovery Academy n'est pas terminée");
    const { token } = resumeLink(mail);

    // Forged, altered, another payment's, missing: refused, nothing changes.
    const other = await checkout(app);
    await app.http
      .post(`/api/payments/${first.paymentId}/resume`)
      .send({ token: `${token.split('.')[0]}.${'x'.repeat(43)}` })
      .expect(403);
    await app.http.post(`/api/payments/${other.paymentId}/resume`).send({ token }).expect(403);
    await app.http.post(`/api/payments/${first.paymentId}/resume`).send({ token: '9999999999.short' }).expect(403);
    await app.http.post(`/api/payments/${first.paymentId}/resume`).send({}).expect(400);
    const expiredToken = app.api.get(RecoveryProofs).resumeToken(first.paymentId, Date.now() - 31 * 86_400_000);
    await app.http.post(`/api/payments/${first.paymentId}/resume`).send({ token: expiredToken }).expect(403);

    // The quote stands: the same checkout, its page, and a claim secret that proves the purchase on this browser.
    const same = await app.http.post(`/api/payments/${first.paymentId}/resume`).send({ token }).expect(200);
    expect(same.body).toMatchObject({
      success: true,
      paymentId: first.paymentId,
      paymentUrl: first.paymentUrl,
      method: 'crypto',
      resumed: 'same',
      email: first.email,
    });
    const status = await app.http.get(`/api/payments/${first.paymentId}/status`).set('x-claim-secret', same.body.claimSecret).expect(200);
    expect(status.body).toMatchObject({ proofOfPurchase: true, email: first.email });

    // The invoice expired: made again with the same method, coin, network, email and language; the reminders go on from the first.
    await app.http.post(`/api/payments/sandbox/${first.paymentId}/simulate`).send({ outcome: 'expired' }).expect(200);
    await settled(app, first.paymentId);
    const again = await app.http.post(`/api/payments/${first.paymentId}/resume`).send({ token }).expect(200);
    expect(again.body).toMatchObject({ success: true, method: 'crypto', resumed: 'new', email: first.email });
    const resumedId = again.body.paymentId as string;
    expect(resumedId).not.toBe(first.paymentId);
    const [row] = await app.db.query(
      'SELECT method, currency_code, network, email, language, recovered_from, recovery_reminders, state FROM payments WHERE id = $1',
      [resumedId],
    );
    expect(row).toMatchObject({ method: 'crypto', currency_code: 'USDT', network: 'Tron (TRC-20)', email: first.email, language: 'fr' });
    expect(row).toMatchObject({ recovered_from: first.paymentId, recovery_reminders: 1 });

    // Paid: the link no longer resumes anything.
    await app.http.post(`/api/payments/sandbox/${resumedId}/simulate`).send({ outcome: 'finished' }).expect(200);
    await eventually(async () => (await entitlementsOf(app, resumedId)).length === 1, { what: 'entitlement' });
    await app.http.post(`/api/payments/${first.paymentId}/resume`).send({ token }).expect(409);
    await drained(app);

    // Analytics (from events only) agrees with the payments table, and the recompute rebuilds the same figures.
    const [expected] = await app.db.query(
      `SELECT count(*)::int AS sales, coalesce(sum(amount), 0)::numeric(14, 2)::text AS amount FROM payments
        WHERE state = 'PAID' AND (recovery_reminders > 0 OR recovered_from IS NOT NULL)`,
    );
    const [{ reminders }] = await app.db.query(`SELECT count(*)::int AS reminders FROM outbox_events WHERE type = 'checkout.recovery_reminder_due'`);
    expect(expected.sales).toBeGreaterThanOrEqual(1);
    const figures = async () => (await app.http.get('/api/admin/analytics?range=7d').set('authorization', `Bearer ${admin}`).expect(200)).body.recovery;
    await eventually(async () => (await figures()).recoveredSales === expected.sales, { what: 'recovered sales in analytics' });
    const before = await figures();
    expect(before).toMatchObject({ remindersSent: reminders, recoveredSales: expected.sales });
    expect(before.revenueByCurrency).toEqual([expect.objectContaining({ currency: 'USD', amount: expected.amount })]);

    const rollups = app.worker!.get(RollupsService);
    const report = await rollups.recompute('test');
    expect(report.differences).toMatchObject({ recovery_reminded_payments: 0, recovery_daily: 0 });
    await app.db.query('DELETE FROM recovery_daily');
    await app.db.query('DELETE FROM recovery_reminded_payments');
    const rebuilt = await rollups.recompute('test');
    expect(rebuilt.differences.recovery_daily).toBeGreaterThan(0);
    expect(await figures()).toEqual(before);
  });

  it('offers the coupon chosen in Settings (checked against the coupons) and applies it when the checkout is resumed', async () => {
    const settings = (body: object) => app.http.put('/api/admin/settings/recovery').set('authorization', `Bearer ${admin}`).send(body);
    const refused = await settings({ couponCode: 'NOSUCHCODE' }).expect(400);
    expect(refused.body.errors).toEqual({ couponCode: 'No active coupon has this code (Coupons lists them)' });
    await app.http.post('/api/admin/coupons').set('authorization', `Bearer ${admin}`).send({ code: 'COMEBACK10', kind: 'percent', percentOff: 10 }).expect(201);
    await settings({ couponCode: 'COMEBACK10' }).expect(200);
    try {
      const c = await startCheckout(app, 'de');
      await age(app, c.paymentId, 61);
      await sweep(app);
      const mail = await waitForMail(app, c.email, TAG);
      expect(mail.subject).toBe('Ihr Kauf bei Recovery Academy ist noch nicht abgeschlossen');
      expect(mail.text).toContain('COMEBACK10');
      const resumed = await app.http
        .post(`/api/payments/${c.paymentId}/resume`)
        .send({ token: resumeLink(mail).token })
        .expect(200);
      expect(resumed.body).toMatchObject({ resumed: 'new', method: 'crypto' });
      const [row] = await app.db.query('SELECT amount::text, coupon_code FROM payments WHERE id = $1', [resumed.body.paymentId]);
      expect(row).toEqual({ amount: '447.30', coupon_code: 'COMEBACK10' });
    } finally {
      await settings({ couponCode: '' }).expect(200);
    }
  });

  it('turned off in Settings: no reminder', async () => {
    await app.http.put('/api/admin/settings/recovery').set('authorization', `Bearer ${admin}`).send({ remindersEnabled: false }).expect(200);
    try {
      const c = await startCheckout(app);
      await age(app, c.paymentId, 120);
      await sweep(app);
      expect(await remindersOf(app, c.paymentId)).toBe(0);
    } finally {
      await app.http.put('/api/admin/settings/recovery').set('authorization', `Bearer ${admin}`).send({ remindersEnabled: true }).expect(200);
    }
  });
});

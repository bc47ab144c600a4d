import type { EventEnvelope } from '../../src/events/event-catalogue';
import { MailService } from '../../src/modules/mail';
import { BuyerMailConsumers } from '../../src/modules/payments/jobs/buyer-mail.consumers';
import { ClaimReminders } from '../../src/modules/payments/claim-reminders.service';
import { QueueName } from '../../src/queue/queue-names';
import { QueueService } from '../../src/queue/queue.service';
import { buy, checkout, ipnBody, sendIpn, settled } from '../factories/payments.factory';
import { adminToken, createUser } from '../factories/users.factory';
import { capturedMail, waitForMail, type CapturedMail } from '../support/mailbox';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

/** The queues the buyer's mail goes through are empty: everything enqueued so far has run. */
async function drained(app: TestApp): Promise<void> {
  const queues = app.worker!.get(QueueService);
  await eventually(
    async () => {
      const counts = await queues.counts();
      return counts.filter((c) => c.name === QueueName.Notifications || c.name === QueueName.Payments).every((c) => c.waiting + c.active + c.delayed === 0);
    },
    { what: 'notification and payment queues drained' },
  );
}

const mailsOf = (app: TestApp, to: string, tag: string): CapturedMail[] => capturedMail(app).filter((m) => m.to === to && m.tag === tag);

async function confirmedEvent(app: TestApp, paymentId: string): Promise<EventEnvelope<'payment.confirmed'>> {
  const [row] = await app.db.query(`SELECT * FROM outbox_events WHERE type = 'payment.confirmed' AND aggregate_id = $1`, [paymentId]);
  return {
    id: row.id,
    type: 'payment.confirmed',
    occurredAt: new Date(row.occurred_at).toISOString(),
    aggregateType: row.aggregate_type,
    aggregateId: row.aggregate_id,
    payload: row.payload,
  };
}

describe('the purchase life cycle by email', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
    const { token } = await adminToken(app);
    await app.http
      .put('/api/admin/settings/general')
      .set('authorization', `Bearer ${token}`)
      .send({
        siteName: 'Receipt Academy',
        supportEmail: 'help@receipt.example',
        sellerName: 'Receipt Academy Ltd.',
        sellerAddress: '9 Test Street, Belize City',
      })
      .expect(200);
  });
  afterAll(() => app.close());

  it('mails one numbered receipt per payment, with a working finish-your-account link and the PDF, under duplicate and concurrent delivery', async () => {
    const { paymentId, email } = await buy(app);
    const mail = await waitForMail(app, email, 'receipt');
    const [{ number }] = await app.db.query('SELECT number::text FROM receipts WHERE payment_id = $1', [paymentId]);
    const receiptNo = `R-${number.padStart(6, '0')}`;
    expect(mail.subject).toBe(`Your Receipt Academy receipt ${receiptNo}`);
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain('497.00 USD');
      expect(part).toContain(paymentId);
      expect(part).toContain('Tron (TRC-20)');
      expect(part).toContain('help@receipt.example');
      expect(part).toContain('Receipt Academy');
      expect(part).toContain('30 days');
    }
    const link = new URL(/https?:\/\/\S+\/thank-you\?\S+/.exec(mail.text)![0]);
    expect(link.searchParams.get('paymentId')).toBe(paymentId);
    expect(mail.html).toContain(`href="${link.toString().replace(/&/g, '&#38;')}"`);
    const claimToken = new URLSearchParams(link.hash.slice(1)).get('claim')!;
    const status = await app.http.get(`/api/payments/${paymentId}/status`).set('x-claim-token', claimToken).expect(200);
    expect(status.body).toMatchObject({ email, proofOfPurchase: true, accountExists: false });

    const pdf = (mail as CapturedMail & { attachments: Array<{ filename: string; contentType: string; contentBase64: string }> }).attachments[0];
    expect(pdf).toMatchObject({ filename: `receipt-${receiptNo}.pdf`, contentType: 'application/pdf' });
    const bytes = Buffer.from(pdf.contentBase64, 'base64').toString('latin1');
    expect(bytes.startsWith('%PDF-1.4')).toBe(true);
    for (const text of [receiptNo, 'Receipt Academy Ltd.', '9 Test Street, Belize City', '497.00 USD', email]) expect(bytes).toContain(`(${text})`);

    // The same event delivered again, through the queue and directly, several at once.
    const event = await confirmedEvent(app, paymentId);
    const queues = app.worker!.get(QueueService);
    const consumers = app.worker!.get(BuyerMailConsumers);
    await Promise.all([
      queues.queue(QueueName.Notifications).add('send-receipt', { ...event, origin: queues.origin }, { jobId: `dup-a-${paymentId}` }),
      queues.queue(QueueName.Notifications).add('send-receipt', { ...event, origin: queues.origin }, { jobId: `dup-b-${paymentId}` }),
      consumers.sendReceipt(event),
      consumers.sendReceipt(event),
    ]);
    await drained(app);
    expect(mailsOf(app, email, 'receipt')).toHaveLength(1);
    expect((await app.db.query('SELECT count(*)::int AS n FROM receipts WHERE payment_id = $1', [paymentId]))[0].n).toBe(1);
  });

  it('sends a mail with a dedupe key once when several workers send it at the same moment', async () => {
    const mailer = app.worker!.get(MailService);
    const to = `concurrent-${Date.now()}@example.com`;
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => mailer.deliver({ to, subject: 'Once', text: 'Once only', tag: 'receipt', dedupeKey: `receipt-test-${to}` })),
    );
    expect(mailsOf(app, to, 'receipt')).toHaveLength(1);
    const skipped = results.filter((r) => r.status === 'fulfilled' && 'skipped' in r.value).length;
    const failed = results.filter((r) => r.status === 'rejected').length;
    // The ones that waited on the first sender either skip once it committed, or fail on the lock timeout and would retry (and then skip).
    expect(skipped + failed).toBe(4);
  });

  it('adds a purchase to an existing account: the receipt offers sign-in, no account link', async () => {
    const user = await createUser(app.db, { access: false });
    const { paymentId, claimSecret } = await buy(app, user.email);
    const mail = await waitForMail(app, user.email, 'receipt');
    expect(mail.text).toContain('added to your existing account');
    expect(mail.text).toContain(`${app.baseUrl}/login`);
    expect(mail.text).not.toContain('/thank-you');
    const status = await app.http.get(`/api/payments/${paymentId}/status`).set('x-claim-secret', claimSecret).expect(200);
    expect(status.body).toMatchObject({ accountExists: true, claimed: false });
  });

  it('stops a repeat purchase by an email that already has lifetime access before any payment is made', async () => {
    const member = await createUser(app.db, { access: true });
    const before = (await app.db.query('SELECT count(*)::int AS n FROM payments'))[0].n;
    const res = await app.http
      .post('/api/payments/create')
      .send({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email: member.email.toUpperCase() })
      .expect(409);
    expect(res.body).toMatchObject({ code: 'ALREADY_OWNED', message: 'You already have lifetime access with this email. Sign in to continue learning.' });
    expect((await app.db.query('SELECT count(*)::int AS n FROM payments'))[0].n).toBe(before);
  });

  it('reminds an unclaimed buyer once, a day after payment, and nobody else', async () => {
    const unclaimed = await buy(app);
    const claimed = await buy(app);
    await app.http
      .post('/api/auth/create-account')
      .send({ email: claimed.email, password: 'Str0ng-Pass-71', paymentId: claimed.paymentId, claimSecret: claimed.claimSecret })
      .expect(200);
    const member = await createUser(app.db, { access: false });
    const toMember = await buy(app, member.email);
    const recent = await buy(app);
    await app.db.query(`UPDATE payments SET paid_at = now() - interval '25 hours' WHERE id = ANY($1::uuid[])`, [
      [unclaimed.paymentId, claimed.paymentId, toMember.paymentId],
    ]);

    const reminders = app.worker!.get(ClaimReminders);
    const runs = await Promise.all([reminders.remindDue(), reminders.remindDue(), reminders.remindDue()]);
    expect(runs.reduce((n, r) => n + r.reminded, 0)).toBe(1);
    const mail = await waitForMail(app, unclaimed.email, 'claim-reminder');
    expect(mail.subject).toBe('Reminder: finish creating your Receipt Academy account');
    expect(mail.text).toContain('497.00 USD');
    expect(mail.text).toContain('help@receipt.example');
    const link = new URL(/https?:\/\/\S+\/thank-you\?\S+/.exec(mail.text)![0]);
    expect(link.searchParams.get('paymentId')).toBe(unclaimed.paymentId);

    expect((await reminders.remindDue()).reminded).toBe(0);
    await drained(app);
    expect(mailsOf(app, unclaimed.email, 'claim-reminder')).toHaveLength(1);
    for (const other of [claimed.email, member.email, recent.email]) expect(mailsOf(app, other, 'claim-reminder')).toHaveLength(0);
  });

  it('tells an underpaying buyer what happened and what to do, once', async () => {
    const { paymentId, email } = await checkout(app);
    await app.http.post(`/api/payments/sandbox/${paymentId}/simulate`).send({ outcome: 'partially_paid' }).expect(200);
    const body = ipnBody(paymentId, 'partially_paid', { actually_paid: 100 });
    await sendIpn(app, body).expect(200);
    await settled(app, paymentId);
    const mail = await waitForMail(app, email, 'underpaid');
    expect(mail.subject).toBe('Your Receipt Academy payment was not complete');
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain('497.00 USD');
      expect(part).toContain(paymentId);
      expect(part).toContain('help@receipt.example');
    }
    await drained(app);
    expect(mailsOf(app, email, 'underpaid')).toHaveLength(1);
  });
});

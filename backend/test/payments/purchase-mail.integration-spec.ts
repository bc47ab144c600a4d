import type { EventEnvelope } from '../../src/events/event-catalogue';
import { MailService } from '../../src/modules/mail';
import { BuyerMailConsumers } from '../../src/modules/payments/jobs/buyer-mail.consumers';
import { ClaimReminders } from '../../src/modules/payments/claim-reminders.service';
import { QueueName } from '../../src/queue/queue-names';
import { QueueService } from '../../src/queue/queue.service';
import { buy, checkout, settled } from '../factories/payments.factory';
import { adminToken, createUser, login } from '../factories/users.factory';
import { capturedMail, waitForMail, type CapturedMail } from '../support/mailbox';
import { pdfText } from '../support/pdf-text';
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
      expect(part).toContain('$497.00');
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
    expect(pdf).toMatchObject({ filename: `invoice-${receiptNo}.pdf`, contentType: 'application/pdf' });
    const bytes = Buffer.from(pdf.contentBase64, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The invoice as a reader extracts it: seller, number, buyer, figures (money through Intl in the site's language, English here).
    const text = pdfText(bytes);
    for (const part of [
      'INVOICE',
      receiptNo,
      'Receipt Academy Ltd.',
      '9 Test Street, Belize City',
      '$497.00',
      'USD',
      'Tron (TRC-20)',
      paymentId,
      email,
      'Total paid',
    ])
      expect(text).toContain(part);

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
      Array.from({ length: 5 }, () =>
        mailer.deliver({ to, subject: 'Once', text: 'Once only', tag: 'receipt', dedupeKey: `receipt-test-${to}` }, { id: null, name: 'send-email' }),
      ),
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

  it('stops a signed-in lifetime member buying again with their own email before any payment is made', async () => {
    const member = await createUser(app.db, { access: true });
    const token = await login(app, member);
    const before = (await app.db.query('SELECT count(*)::int AS n FROM payments'))[0].n;
    const res = await app.http
      .post('/api/payments/create')
      .set('authorization', `Bearer ${token}`)
      .send({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email: member.email.toUpperCase() })
      .expect(409);
    expect(res.body).toMatchObject({ code: 'ALREADY_OWNED', message: 'You already have lifetime access with this email. Sign in to continue learning.' });
    expect((await app.db.query('SELECT count(*)::int AS n FROM payments'))[0].n).toBe(before);
  });

  it('tells nobody else whether an email belongs to a customer: the checkout answers the same for an owner and a stranger, and the owner is mailed a sign-in link', async () => {
    const owner = await createUser(app.db, { access: true });
    const stranger = `not.a.customer.${Date.now()}@example.com`;
    const someoneSignedIn = await login(app, await createUser(app.db, { access: false }));
    const start = (email: string, token?: string) => {
      const req = app.http.post('/api/payments/create');
      return (token ? req.set('authorization', `Bearer ${token}`) : req).send({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email });
    };
    const shape = (res: { status: number; body: Record<string, unknown> }) => ({
      status: res.status,
      keys: Object.keys(res.body).sort(),
      paymentUrl: typeof res.body.paymentUrl === 'string' && /\/api\/payments\/sandbox\/checkout\//.test(res.body.paymentUrl),
    });
    const forOwner = await start(owner.email.toUpperCase());
    const forStranger = await start(stranger);
    // Signed in as somebody else, the owner's email is no different either.
    const fromOtherAccount = await start(owner.email, someoneSignedIn);
    expect(shape(forOwner)).toEqual(shape(forStranger));
    expect(shape(fromOtherAccount)).toEqual(shape(forStranger));
    expect(forOwner.status).toBe(201);
    // Its claim secret does not tell either, before anything is paid.
    for (const started of [forOwner, forStranger]) {
      const status = await app.http.get(`/api/payments/${started.body.paymentId}/status`).set('x-claim-secret', started.body.claimSecret).expect(200);
      expect(status.body).toMatchObject({ proofOfPurchase: true, accountExists: null });
    }

    // The owner hears it by email, once a day however many checkouts name them; the stranger gets nothing.
    const mail = await waitForMail(app, owner.email, 'already-owned');
    expect(mail.subject).toMatch(/^You already have lifetime access to /);
    expect(mail.text).toContain(`${app.baseUrl}/login`);
    await drained(app);
    expect(mailsOf(app, owner.email, 'already-owned')).toHaveLength(1);
    expect(capturedMail(app).filter((m) => m.to === stranger)).toEqual([]);
  });

  it('reminds an unclaimed buyer once, a day after payment, and nobody else', async () => {
    const unclaimed = await buy(app);
    const claimed = await buy(app);
    await app.http
      .post('/api/auth/create-account')
      .send({ email: claimed.email, name: 'Claimed Buyer', password: 'Str0ng-Pass-71', paymentId: claimed.paymentId, claimSecret: claimed.claimSecret })
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
    expect(mail.text).toContain('$497.00');
    expect(mail.text).toContain('help@receipt.example');
    const link = new URL(/https?:\/\/\S+\/thank-you\?\S+/.exec(mail.text)![0]);
    expect(link.searchParams.get('paymentId')).toBe(unclaimed.paymentId);

    expect((await reminders.remindDue()).reminded).toBe(0);
    await drained(app);
    expect(mailsOf(app, unclaimed.email, 'claim-reminder')).toHaveLength(1);
    for (const other of [claimed.email, member.email, recent.email]) expect(mailsOf(app, other, 'claim-reminder')).toHaveLength(0);
  });

  it('tells an underpaying buyer, once, how to send the rest: the amount, the address, the QR code inline and the payment page', async () => {
    const { paymentId, email } = await checkout(app);
    await app.http.post(`/api/payments/sandbox/${paymentId}/simulate`).send({ outcome: 'partially_paid' }).expect(200);
    await settled(app, paymentId);
    const [row] = await app.db.query('SELECT pay_amount, pay_address, amount_received, currency_code FROM payments WHERE id = $1', [paymentId]);
    const left = (Number(row.pay_amount) - Number(row.amount_received)).toFixed(8).replace(/\.?0+$/, '');
    const mail = await waitForMail(app, email, 'underpaid');
    expect(mail.subject).toBe(`Your Receipt Academy payment is incomplete: ${left} ${row.currency_code} left to send`);
    for (const part of [mail.text, mail.html!]) {
      for (const figure of [
        '$497.00',
        paymentId,
        `${left} ${row.currency_code}`,
        row.pay_address,
        'help@receipt.example',
        `${app.baseUrl}/thank-you?paymentId=${paymentId}`,
      ])
        expect(part).toContain(figure);
    }
    expect(mail.html).toMatch(/<img\s[^>]*src="cid:([^"]+)"/);
    const cid = /<img\s[^>]*src="cid:([^"]+)"/.exec(mail.html!)![1];
    expect(mail.attachments).toEqual([expect.objectContaining({ filename: 'top-up-qr.png', contentType: 'image/png', cid })]);
    await drained(app);
    expect(mailsOf(app, email, 'underpaid')).toHaveLength(1);
  });
});

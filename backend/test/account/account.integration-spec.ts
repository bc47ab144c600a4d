import { buy } from '../factories/payments.factory';
import { adminToken, createUser, login, PASSWORD } from '../factories/users.factory';
import { binary } from '../support/http';
import { pdfText } from '../support/pdf-text';
import { capturedMail, waitForMail } from '../support/mailbox';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

const NEW_PASSWORD = 'Str0ng-Pass-93';

describe('the learner account page API', () => {
  let app: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
    admin = { authorization: `Bearer ${(await adminToken(app)).token}` };
    await app.http.put('/api/admin/settings/general').set(admin).send({ supportEmail: 'support@acct.example', siteName: 'Account Academy' }).expect(200);
  });
  afterAll(() => app.close());

  /** A buyer who paid and created the account: their session and payment. */
  async function buyer(): Promise<{ email: string; paymentId: string; auth: { authorization: string } }> {
    const paid = await buy(app);
    const res = await app.http
      .post('/api/auth/create-account')
      .send({ email: paid.email, name: 'Ada Buyer', password: NEW_PASSWORD, paymentId: paid.paymentId, claimSecret: paid.claimSecret })
      .expect(200);
    return { email: paid.email, paymentId: paid.paymentId, auth: { authorization: `Bearer ${res.body.token}` } };
  }

  it('welcomes a new account by email, with how to start and the support contact', async () => {
    const { email } = await buyer();
    const mail = await waitForMail(app, email, 'welcome');
    expect(mail.subject).toBe('Welcome to Account Academy');
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain(`${app.baseUrl}/dashboard/courses`);
      expect(part).toContain('support@acct.example');
    }
  });

  it('lists purchases with their receipt, serves the receipt PDF only to its buyer', async () => {
    const { paymentId, auth } = await buyer();
    const res = await app.http.get('/api/account').set(auth).expect(200);
    expect(res.body.profile).toMatchObject({ hasAccess: true, plan: 'lifetime' });
    expect(res.body.purchases).toHaveLength(1);
    const [purchase] = res.body.purchases;
    expect(purchase).toMatchObject({
      paymentId,
      state: 'PAID',
      amount: '497.00',
      currency: 'USD',
      method: 'crypto',
      payCurrency: 'USDT',
      network: 'Tron (TRC-20)',
    });
    expect(purchase.refund).toEqual({ request: null, eligible: true, reasons: [] });
    await eventually(async () => (await app.http.get('/api/account').set(auth)).body.purchases[0].receiptNumber, { what: 'receipt number' });

    const pdf = await binary(app.http.get(`/api/account/purchases/${paymentId}/receipt`).set(auth)).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    // A crypto checkout asks no name: the invoice is billed to the name the buyer gave the account.
    expect(pdfText(pdf.body as Buffer)).toContain('Ada Buyer');

    const stranger = await createUser(app.db);
    const other = { authorization: `Bearer ${await login(app, stranger)}` };
    await app.http.get(`/api/account/purchases/${paymentId}/receipt`).set(other).expect(404);
    await app.http.post(`/api/account/purchases/${paymentId}/refund-request`).set(other).send({}).expect(404);
    await app.http.get(`/api/account/purchases/${paymentId}/credit-note`).set(auth).expect(404);
  });

  it('sends an eligible refund request to the admin as pending, refuses a second one, and refuses an ineligible one with the reason', async () => {
    const { paymentId, auth, email } = await buyer();
    const res = await app.http.post(`/api/account/purchases/${paymentId}/refund-request`).set(auth).send({ reason: 'Not for me' }).expect(200);
    expect(res.body).toMatchObject({ success: true, status: 'pending' });
    const pending = await app.http
      .get('/api/admin/payments')
      .query({ filter: JSON.stringify({ refundRequest: 'pending' }) })
      .set(admin)
      .expect(200);
    expect(pending.body.map((p: { id: string }) => p.id)).toContain(paymentId);
    const detail = await app.http.get(`/api/admin/payments/${paymentId}`).set(admin).expect(200);
    expect(detail.body.refundRequest).toMatchObject({ status: 'pending', reason: 'Not for me' });
    expect(detail.body.state).toBe('PAID');
    expect((await app.http.post(`/api/account/purchases/${paymentId}/refund-request`).set(auth).send({}).expect(409)).body.code).toBe(
      'REFUND_ALREADY_REQUESTED',
    );

    // The admin confirms: the payment is refunded, the request closed, the buyer told.
    await app.http.post(`/api/admin/payments/${paymentId}/refund`).set(admin).send({ reason: 'Requested by the learner' }).expect(200);
    const after = (await app.http.get('/api/account').set(auth).expect(200)).body.purchases[0];
    expect(after).toMatchObject({ state: 'REFUNDED', refund: { request: { status: 'refunded' } } });
    const mail = await waitForMail(app, email, 'refund');
    expect(mail.text).toContain('$497.00');
    expect(mail.text).toContain('Requested by the learner');
    // The refund issued a credit note crediting the invoice; its buyer downloads it, nobody else does, and a paid payment has none.
    const [invoice] = await app.db.query('SELECT number::text FROM receipts WHERE payment_id = $1', [paymentId]);
    const [note] = await app.db.query('SELECT number::text FROM credit_notes WHERE payment_id = $1', [paymentId]);
    const notePdf = await binary(app.http.get(`/api/account/purchases/${paymentId}/credit-note`).set(auth)).expect(200);
    expect(notePdf.headers['content-disposition']).toContain(`credit-note-CN-${note.number.padStart(6, '0')}.pdf`);
    const noteText = pdfText(notePdf.body as Buffer).replace(/\s+/g, ' ');
    for (const part of [
      'CREDIT NOTE',
      `CN-${note.number.padStart(6, '0')}`,
      `Credits invoice R-${invoice.number.padStart(6, '0')}`,
      'Amount refunded −$497.00',
    ])
      expect(noteText).toContain(part);
    const stranger = { authorization: `Bearer ${await login(app, await createUser(app.db))}` };
    await app.http.get(`/api/account/purchases/${paymentId}/credit-note`).set(stranger).expect(404);

    const late = await buyer();
    await app.db.query(`UPDATE payments SET paid_at = now() - interval '45 days' WHERE id = $1`, [late.paymentId]);
    const before = (await app.db.query('SELECT count(*)::int AS n FROM refund_requests'))[0].n;
    const refused = await app.http.post(`/api/account/purchases/${late.paymentId}/refund-request`).set(late.auth).send({}).expect(422);
    expect(refused.body).toMatchObject({
      code: 'REFUND_NOT_ELIGIBLE',
      message: 'This purchase cannot be refunded: Paid 45 days ago (refunds within 30 days).',
    });
    expect((await app.db.query('SELECT count(*)::int AS n FROM refund_requests'))[0].n).toBe(before);
    const listed = (await app.http.get('/api/account').set(late.auth)).body.purchases[0];
    expect(listed.refund).toMatchObject({ eligible: false, reasons: ['Paid 45 days ago (refunds within 30 days)'] });
  });

  /** Moves the account to `newEmail` through the confirmation link, and signs in there (the old session ends). */
  async function changeEmail(auth: { authorization: string }, newEmail: string): Promise<{ authorization: string }> {
    await app.http.post('/api/account/email-change').set(auth).send({ newEmail, currentPassword: NEW_PASSWORD }).expect(200);
    const mail = await waitForMail(app, newEmail, 'email-change');
    const token = decodeURIComponent(/confirm-email\?token=(\S+)/.exec(mail.text)![1]);
    await app.http.post('/api/account/email-change/confirm').send({ token }).expect(200);
    const signedIn = await app.http.post('/api/auth/login').send({ email: newEmail, password: NEW_PASSWORD }).expect(200);
    return { authorization: `Bearer ${signedIn.body.token}` };
  }

  it('refunds a buyer who changed their email: the mail goes to the current address, and the account is no longer lifetime', async () => {
    const { paymentId, auth, email } = await buyer();
    const newEmail = `moved-refund-${Date.now()}@example.com`;
    const moved = await changeEmail(auth, newEmail);

    await app.http.post(`/api/admin/payments/${paymentId}/refund`).set(admin).send({ reason: 'Goodwill' }).expect(200);
    const mail = await waitForMail(app, newEmail, 'refund');
    expect(mail.text).toContain('Goodwill');
    expect(capturedMail(app).filter((m) => m.to === email && m.tag === 'refund')).toEqual([]);

    const me = (await app.http.get('/api/auth/me').set(moved).expect(200)).body.user;
    expect(me).toMatchObject({ email: newEmail, hasAccess: false, plan: 'free' });
    expect((await app.http.get('/api/account').set(moved).expect(200)).body.profile).toMatchObject({ hasAccess: false, plan: 'free' });
  });

  it('declines a refund request only with a reason, which the buyer is emailed (at the current address) and sees on the account page', async () => {
    const { paymentId, auth } = await buyer();
    await app.http.post(`/api/account/purchases/${paymentId}/refund-request`).set(auth).send({ reason: 'Changed my mind' }).expect(200);
    const newEmail = `moved-decline-${Date.now()}@example.com`;
    const moved = await changeEmail(auth, newEmail);

    for (const body of [{}, { reason: '  ' }, { reason: 'no' }]) {
      const refused = await app.http.post(`/api/admin/payments/${paymentId}/refund-request/decline`).set(admin).send(body).expect(400);
      expect(refused.body.errors.reason).toBe('Please tell the buyer why the refund is declined');
    }
    expect((await app.http.get(`/api/admin/payments/${paymentId}`).set(admin).expect(200)).body.refundRequest.status).toBe('pending');

    const reason = 'More than 20% of the lessons were opened';
    const declined = await app.http.post(`/api/admin/payments/${paymentId}/refund-request/decline`).set(admin).send({ reason }).expect(200);
    expect(declined.body).toMatchObject({ state: 'PAID', refundRequest: { status: 'declined', decisionReason: reason } });
    await app.http.post(`/api/admin/payments/${paymentId}/refund-request/decline`).set(admin).send({ reason }).expect(404);

    const mail = await waitForMail(app, newEmail, 'refund-declined');
    expect(mail.subject).toBe('Your Account Academy refund request');
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain('$497.00');
    const purchase = (await app.http.get('/api/account').set(moved).expect(200)).body.purchases[0];
    expect(purchase).toMatchObject({ state: 'PAID', refund: { request: { status: 'declined', decisionReason: reason } } });
    const [audit] = await app.db.query(`SELECT summary FROM audit_log WHERE action = 'decline-refund' AND resource_id = $1`, [paymentId]);
    expect(audit.summary).toContain(reason);
  });

  it('renames the learner and refuses an empty name', async () => {
    const { auth } = await buyer();
    expect((await app.http.put('/api/account/profile').set(auth).send({ name: '  Ada Lovelace ' }).expect(200)).body.profile.name).toBe('Ada Lovelace');
    const bad = await app.http.put('/api/account/profile').set(auth).send({ name: '   ' }).expect(400);
    expect(bad.body.errors.name).toBe('Name is required');
    expect((await app.http.get('/api/account').set(auth)).body.profile.name).toBe('Ada Lovelace');
  });

  it('changes the email only when the link sent to the new address is opened, once', async () => {
    const { auth, email } = await buyer();
    const newEmail = `moved-${Date.now()}@example.com`;
    await app.http.post('/api/account/email-change').set(auth).send({ newEmail, currentPassword: 'wrong-password' }).expect(400);
    const taken = await createUser(app.db);
    expect(
      (await app.http.post('/api/account/email-change').set(auth).send({ newEmail: taken.email, currentPassword: NEW_PASSWORD }).expect(400)).body.errors
        .newEmail,
    ).toBe('A user with this email already exists');
    await app.http.post('/api/account/email-change').set(auth).send({ newEmail, currentPassword: NEW_PASSWORD }).expect(200);
    expect((await app.http.get('/api/account').set(auth)).body.profile.email).toBe(email);

    const mail = await waitForMail(app, newEmail, 'email-change');
    expect(mail.subject).toBe('Confirm your new Account Academy email address');
    const token = decodeURIComponent(/confirm-email\?token=(\S+)/.exec(mail.text)![1]);
    expect(mail.html).toContain('/confirm-email?token=');
    const confirmed = await app.http.post('/api/account/email-change/confirm').send({ token }).expect(200);
    expect(confirmed.body.email).toBe(newEmail);
    await app.http.get('/api/account').set(auth).expect(401);
    await app.http.post('/api/auth/login').send({ email, password: NEW_PASSWORD }).expect(401);
    const signedIn = await app.http.post('/api/auth/login').send({ email: newEmail, password: NEW_PASSWORD }).expect(200);
    expect(signedIn.body.user).toMatchObject({ email: newEmail, hasAccess: true });
    // The old address hears about it, with the new address and where to turn if it was not them.
    const notice = await waitForMail(app, email, 'email-changed');
    expect(notice.subject).toBe('Your Account Academy email address was changed');
    for (const part of [notice.text, notice.html!]) {
      expect(part).toContain(newEmail);
      expect(part).toContain('support@acct.example');
    }
    expect(notice.text).toMatch(/If you did not make this change/);
    expect((await app.http.post('/api/account/email-change/confirm').send({ token }).expect(400)).body.code).toBe('EMAIL_CHANGE_INVALID');
    await app.http
      .post('/api/account/email-change/confirm')
      .send({ token: `${token.slice(0, -2)}xx` })
      .expect(400);
  });

  it('deletes an account: personal data anonymised in one go, payments kept for accounting', async () => {
    const { auth, email, paymentId } = await buyer();
    const [{ id: userId }] = await app.db.query('SELECT id FROM users WHERE email = $1', [email]);
    await app.http.post('/api/support/messages').set(auth).send({ subject: 'Hello', message: 'A question' }).expect(201);
    await app.http.post('/api/account/delete').set(auth).send({ currentPassword: NEW_PASSWORD, confirm: 'delete' }).expect(400);
    await app.http.post('/api/account/delete').set(auth).send({ currentPassword: 'nope', confirm: 'DELETE' }).expect(400);
    expect((await app.db.query('SELECT email FROM users WHERE id = $1', [userId]))[0].email).toBe(email);

    await app.http.post('/api/account/delete').set(auth).send({ currentPassword: NEW_PASSWORD, confirm: 'DELETE' }).expect(200);
    const [user] = await app.db.query('SELECT name, email, status, plan FROM users WHERE id = $1', [userId]);
    expect(user).toEqual({ name: 'Deleted user', email: `deleted-${userId}@deleted.invalid`, status: 'inactive', plan: 'free' });
    const [payment] = await app.db.query('SELECT state, amount, currency, email, claimed_by_user_id FROM payments WHERE id = $1', [paymentId]);
    expect(payment).toEqual({ state: 'PAID', amount: '497.00', currency: 'USD', email: `deleted-${userId}@deleted.invalid`, claimed_by_user_id: userId });
    expect((await app.db.query('SELECT count(*)::int AS n FROM receipts WHERE payment_id = $1', [paymentId]))[0].n).toBe(1);
    const personal = await app.db.query(
      `SELECT 'users' AS t FROM users WHERE lower(email) = $1 UNION ALL SELECT 'payments' FROM payments WHERE lower(email) = $1
       UNION ALL SELECT 'entitlements' FROM entitlements WHERE lower(email) = $1 UNION ALL SELECT 'support' FROM support_messages WHERE lower(email) = $1`,
      [email],
    );
    expect(personal).toEqual([]);
    expect((await app.db.query('SELECT count(*)::int AS n FROM entitlements WHERE user_id = $1 AND revoked_at IS NULL', [userId]))[0].n).toBe(0);
    await app.http.get('/api/account').set(auth).expect(401);
    await app.http.post('/api/auth/login').send({ email, password: NEW_PASSWORD }).expect(401);
  });

  it('takes a support message from a signed-in learner to the support inbox and the console', async () => {
    const learner = await createUser(app.db, { access: false, name: 'Grace Hopper' });
    const auth = { authorization: `Bearer ${await login(app, { email: learner.email, password: PASSWORD })}` };
    await app.http.post('/api/support/messages').send({ subject: 'Hi', message: 'x' }).expect(401);
    expect((await app.http.post('/api/support/messages').set(auth).send({ subject: '', message: 'x' }).expect(400)).body.errors.subject).toBe(
      'Subject is required',
    );
    await app.http.post('/api/support/messages').set(auth).send({ subject: 'Cannot pay', message: 'My <b>card</b> fails' }).expect(201);
    const mail = await eventually(
      async () => capturedMail(app).find((m) => m.tag === 'support-message' && m.subject === 'Account Academy support: Cannot pay'),
      { what: 'the support mail' },
    );
    expect(mail.to).toBe('support@acct.example');
    expect(mail.text).toContain(learner.email);
    expect(mail.html).toContain('My &#60;b&#62;card&#60;/b&#62; fails');
    const list = await app.http
      .get('/api/admin/support-messages')
      .query({ filter: JSON.stringify({ status: 'new' }) })
      .set(admin)
      .expect(200);
    const row = list.body.find((m: { email: string }) => m.email === learner.email);
    expect(row).toMatchObject({ name: 'Grace Hopper', subject: 'Cannot pay', status: 'new' });
    await app.http.put(`/api/admin/support-messages/${row.id}`).set(admin).send({ status: 'read' }).expect(200);
    await app.http.get('/api/admin/support-messages').set(auth).expect(403);
  });
});

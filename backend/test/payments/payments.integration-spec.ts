import { adminToken, createUser, login, PASSWORD } from '../factories/users.factory';
import { buy, checkout, entitlementsOf, ipnBody, paymentState, sendIpn, settled } from '../factories/payments.factory';
import { CLAIM_PROOF_REQUIRED } from '../../src/modules/payments/payments.error';
import { waitForMail } from '../support/mailbox';
import { pythonSign } from '../support/python-sign';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

describe('crypto checkout with the sandbox provider', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
  });
  afterAll(() => app.close());

  const providerRef = async (id: string): Promise<string> => (await app.db.query('SELECT provider_ref FROM payments WHERE id = $1', [id]))[0].provider_ref;

  describe('POST /api/payments/create', () => {
    it('creates a 497.00 USD checkout on the sandbox page', async () => {
      const { paymentId, paymentUrl, claimSecret } = await checkout(app, 'Buyer.One@Example.com');
      expect(claimSecret).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(paymentUrl).toBe(`${app.baseUrl}/api/payments/sandbox/checkout/${paymentId}`);
      const [row] = await app.db.query('SELECT * FROM payments WHERE id = $1', [paymentId]);
      expect(row).toMatchObject({
        amount: '497.00',
        currency: 'USD',
        pay_currency: 'usdttrc20',
        currency_code: 'USDT',
        network: 'Tron (TRC-20)',
        state: 'AWAITING_PAYMENT',
        email: 'buyer.one@example.com',
      });
      const status = await app.http.get(`/api/payments/${paymentId}/status`).expect(200);
      expect(status.body).toMatchObject({ paymentId, state: 'AWAITING_PAYMENT', email: null, claimed: false, proofOfPurchase: false });
      const proven = await app.http.get(`/api/payments/${paymentId}/status`).set('x-claim-secret', claimSecret).expect(200);
      expect(proven.body).toMatchObject({ email: 'buyer.one@example.com', proofOfPurchase: true });
      const page = await app.http.get(`/api/payments/sandbox/checkout/${paymentId}`).expect(200);
      expect(page.text).toContain('497.00 USD');
      expect(page.text).toContain('Tron (TRC-20)');
      for (const label of ['Pay', 'Underpay', 'Expire', 'Fail']) expect(page.text).toContain(`>${label}</button>`);
    });

    it.each([
      [{ amount: 1 }, 'amount', 'The price is 497.00 USD'],
      [{ amount: '49.70' }, 'amount', 'The price is 497.00 USD'],
      [{ blockchain: 'Bitcoin Network' }, 'blockchain', 'Please select both cryptocurrency and blockchain network'],
      [{ blockchain: '' }, 'blockchain', 'Please select both cryptocurrency and blockchain network'],
      [{ currency: 'DOGE' }, 'blockchain', 'Please select both cryptocurrency and blockchain network'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ email: '' }, 'email', 'Please enter a valid email address'],
    ])('refuses %p with 400', async (over, field, message) => {
      const before = (await app.db.query('SELECT count(*)::int AS n FROM payments'))[0].n;
      const res = await app.http
        .post('/api/payments/create')
        .send({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', clientId: 'user_1', email: 'ok@example.com', ...over })
        .expect(400);
      expect(res.body.errors[field]).toBe(message);
      expect((await app.db.query('SELECT count(*)::int AS n FROM payments'))[0].n).toBe(before);
    });

    it('lists the currencies of the spec table', async () => {
      const res = await app.http.get('/api/payments/currencies').expect(200);
      expect(res.body.currencies.slice(0, 5)).toEqual([
        { code: 'BTC', name: 'Bitcoin' },
        { code: 'ETH', name: 'Ethereum' },
        { code: 'USDT', name: 'Tether USD' },
        { code: 'USDC', name: 'USD Coin' },
        { code: 'BNB', name: 'Binance Coin' },
      ]);
    });
  });

  describe('signed notifications', () => {
    it('accepts a golden-vector IPN signed by python3 (nested fee, non-ASCII) and grants access once', async () => {
      const { paymentId, email } = await checkout(app);
      const body = ipnBody(paymentId, 'finished');
      await sendIpn(app, body).expect(200);
      await eventually(async () => (await entitlementsOf(app, paymentId)).length === 1, { what: 'entitlement' });
      expect(await paymentState(app, paymentId)).toBe('PAID');
      const [event] = await app.db.query('SELECT raw_body, payload FROM payment_events WHERE payment_id = $1', [paymentId]);
      expect(event.raw_body).toBe(body);
      const [grant] = await app.db.query('SELECT email, source FROM entitlements WHERE payment_id = $1', [paymentId]);
      expect(grant).toEqual({ email, source: 'payment' });
    });

    it.each([
      ['a changed field', (b: string, s: string) => [b.replace('"price_amount":497', '"price_amount":4970'), s]],
      ['a missing header', (b: string) => [b, null]],
      ['a short signature', (b: string, s: string) => [b, s.slice(0, 100)]],
      ['a non-hex signature', (b: string, s: string) => [b, `${s.slice(0, 127)}g`]],
      ['another secret', (b: string) => [b, pythonSign('someone-else', b)]],
    ])('refuses %s with 401 and changes nothing', async (_label, tamper) => {
      const { paymentId } = await checkout(app);
      const body = ipnBody(paymentId, 'finished');
      const [sentBody, signature] = (tamper as (b: string, s: string) => [string, string | null])(body, pythonSign(app.env.SANDBOX_IPN_SECRET, body));
      const res = await sendIpn(app, sentBody, signature).expect(401);
      expect(res.body).toMatchObject({ statusCode: 401, success: false });
      expect(await paymentState(app, paymentId)).toBe('AWAITING_PAYMENT');
      expect((await app.db.query('SELECT count(*)::int AS n FROM payment_events WHERE payment_id = $1', [paymentId]))[0].n).toBe(0);
    });

    it('turns the same finished IPN delivered 10 times concurrently into one PAID transition and one entitlement', async () => {
      const { paymentId } = await checkout(app);
      const body = ipnBody(paymentId, 'finished');
      const responses = await Promise.all(Array.from({ length: 10 }, () => sendIpn(app, body)));
      expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
      await settled(app, paymentId);
      await eventually(async () => (await entitlementsOf(app, paymentId)).length === 1, { what: 'entitlement' });
      const history = await app.db.query(`SELECT to_state FROM payment_state_history WHERE payment_id = $1 AND to_state = 'PAID'`, [paymentId]);
      expect(history).toHaveLength(1);
      expect(
        (await app.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = 'payment.confirmed' AND aggregate_id = $1`, [paymentId]))[0].n,
      ).toBe(1);
      expect(await entitlementsOf(app, paymentId)).toHaveLength(1);
    });

    it('keeps PAID when finished arrives before confirming', async () => {
      const { paymentId } = await checkout(app);
      await sendIpn(app, ipnBody(paymentId, 'finished')).expect(200);
      await settled(app, paymentId);
      await sendIpn(app, ipnBody(paymentId, 'confirming', { updated_at: '2026-11-20T10:01:00.000Z' })).expect(200);
      await sendIpn(app, ipnBody(paymentId, 'waiting', { updated_at: '2026-11-20T10:00:30.000Z' })).expect(200);
      await settled(app, paymentId);
      expect(await paymentState(app, paymentId)).toBe('PAID');
    });

    it('grants nothing for partially_paid', async () => {
      const { paymentId } = await checkout(app);
      await sendIpn(app, ipnBody(paymentId, 'partially_paid', { actually_paid: 200 })).expect(200);
      await settled(app, paymentId);
      expect(await paymentState(app, paymentId)).toBe('UNDERPAID');
      expect(await entitlementsOf(app, paymentId)).toHaveLength(0);
    });

    it.each([
      ['amount 49.7', { price_amount: 49.7 }],
      ['currency eur', { price_currency: 'eur' }],
      ['another pay currency', { pay_currency: 'btc' }],
    ])('sends %s to MANUAL_REVIEW without access', async (_label, over) => {
      const { paymentId } = await checkout(app);
      await sendIpn(app, ipnBody(paymentId, 'finished', over)).expect(200);
      await settled(app, paymentId);
      expect(await paymentState(app, paymentId)).toBe('MANUAL_REVIEW');
      expect(await entitlementsOf(app, paymentId)).toHaveLength(0);
    });

    it('sends a report for our invoice with an unknown order to MANUAL_REVIEW', async () => {
      const { paymentId } = await checkout(app);
      const body = ipnBody('6f0c6f7e-9d0a-4c1b-8f3e-2a1b3c4d5e6f', 'finished', { invoice_id: await providerRef(paymentId) });
      await sendIpn(app, body).expect(200);
      await settled(app, paymentId);
      expect(await paymentState(app, paymentId)).toBe('MANUAL_REVIEW');
      expect(await entitlementsOf(app, paymentId)).toHaveLength(0);
    });

    it('stores and ignores a report for an order that is not ours', async () => {
      const res = await sendIpn(app, ipnBody('0e6c8a8b-1111-4222-8333-944455556666', 'finished')).expect(200);
      expect(res.body).toMatchObject({ received: true });
      await eventually(
        async () => {
          const [row] = await app.db.query(`SELECT outcome FROM payment_events WHERE payload->>'order_id' = '0e6c8a8b-1111-4222-8333-944455556666'`);
          return row?.outcome?.startsWith('no payment matches');
        },
        { what: 'unknown order processed' },
      );
    });

    it('revokes access when a refund is reported after PAID', async () => {
      const { paymentId } = await buy(app);
      await sendIpn(app, ipnBody(paymentId, 'refunded', { updated_at: '2026-11-21T10:00:00.000Z' })).expect(200);
      await settled(app, paymentId);
      expect(await paymentState(app, paymentId)).toBe('REFUNDED');
      const [grant] = await entitlementsOf(app, paymentId);
      expect(grant.revoked_at).not.toBeNull();
    });
  });

  describe('sandbox simulator', () => {
    it('walks waiting → confirming → confirmed → finished and returns to the thank-you page', async () => {
      const { paymentId } = await checkout(app);
      const res = await app.http.post(`/api/payments/sandbox/${paymentId}/simulate`).send({ outcome: 'finished' }).expect(200);
      expect(res.body.redirectUrl).toBe(`${app.baseUrl}/thank-you?paymentId=${paymentId}`);
      expect(res.body.deliveries).toEqual([200, 200, 200, 200]);
      await settled(app, paymentId);
      expect(await paymentState(app, paymentId)).toBe('PAID');
      const history = await app.db.query('SELECT from_state, to_state FROM payment_state_history WHERE payment_id = $1 ORDER BY id', [paymentId]);
      expect(history.map((h: { to_state: string }) => h.to_state)).toEqual(['CREATED', 'AWAITING_PAYMENT', 'CONFIRMING', 'PAID']);
    });

    it.each([
      ['partially_paid', 'UNDERPAID', '/thank-you'],
      ['expired', 'EXPIRED', '/payment?cancelled=1'],
      ['failed', 'FAILED', '/payment?cancelled=1'],
    ])('simulates %s', async (outcome, state, back) => {
      const { paymentId } = await checkout(app);
      const res = await app.http.post(`/api/payments/sandbox/${paymentId}/simulate`).send({ outcome }).expect(200);
      expect(res.body.redirectUrl).toContain(back);
      await settled(app, paymentId);
      expect(await paymentState(app, paymentId)).toBe(state);
      expect(await entitlementsOf(app, paymentId)).toHaveLength(0);
    });

    it('honours a full payment that arrives after the payment expired', async () => {
      const { paymentId } = await checkout(app);
      await app.http.post(`/api/payments/sandbox/${paymentId}/simulate`).send({ outcome: 'expired' }).expect(200);
      await settled(app, paymentId);
      expect(await paymentState(app, paymentId)).toBe('EXPIRED');
      await app.http.post(`/api/payments/sandbox/${paymentId}/simulate`).send({ outcome: 'finished' }).expect(200);
      await settled(app, paymentId);
      expect(await paymentState(app, paymentId)).toBe('PAID');
      await eventually(async () => (await entitlementsOf(app, paymentId)).length === 1, { what: 'entitlement after a late payment' });
    });

    it('survives duplicated and reordered deliveries', async () => {
      const { paymentId } = await checkout(app);
      await app.http
        .post(`/api/payments/sandbox/${paymentId}/simulate`)
        .send({ outcome: 'finished', faults: { duplicate: true, reorder: true } })
        .expect(200);
      await settled(app, paymentId);
      expect(await paymentState(app, paymentId)).toBe('PAID');
      await eventually(async () => (await entitlementsOf(app, paymentId)).length === 1, { what: 'entitlement' });
    });

    it('refuses a badly signed sequence', async () => {
      const { paymentId } = await checkout(app);
      const res = await app.http
        .post(`/api/payments/sandbox/${paymentId}/simulate`)
        .send({ outcome: 'finished', faults: { badSignature: true } })
        .expect(202);
      expect(res.body.deliveries.every((s: number) => s === 401)).toBe(true);
      expect(await paymentState(app, paymentId)).toBe('AWAITING_PAYMENT');
    });

    it('recovers a dropped finished notification through reconciliation', async () => {
      const { paymentId } = await checkout(app);
      await app.http
        .post(`/api/payments/sandbox/${paymentId}/simulate`)
        .send({ outcome: 'finished', faults: { drop: ['finished'] } })
        .expect(200);
      await settled(app, paymentId);
      expect(await paymentState(app, paymentId)).toBe('CONFIRMING');
      await app.db.query(`UPDATE payments SET updated_at = now() - interval '1 hour' WHERE id = $1`, [paymentId]);
      await app.worker!.get((await import('../../src/modules/payments/reconciliation.service')).Reconciliation).reconcileStale();
      expect(await paymentState(app, paymentId)).toBe('PAID');
      await eventually(async () => (await entitlementsOf(app, paymentId)).length === 1, { what: 'entitlement after reconcile' });
    });
  });

  describe('account creation', () => {
    const create = (body: Record<string, unknown>) => app.http.post('/api/auth/create-account').send({ name: 'Ana Ferreira', ...body });

    it('creates the buyer once, signed in with lifetime access', async () => {
      const { paymentId, email, claimSecret } = await buy(app);
      const weak = await create({ email, password: 'weakpass', paymentId, claimSecret }).expect(400);
      expect(weak.body.errors.password).toBe('Please choose a stronger password');
      // The learner's full name is asked for (certificates and receipts print it), never made up from the email.
      for (const name of [undefined, '', '   ']) {
        const nameless = await create({ email, name, password: 'Str0ng-Pass', paymentId, claimSecret }).expect(400);
        expect(nameless.body.errors.name).toBe('Please enter your full name');
      }
      expect((await create({ email, name: 'x'.repeat(121), password: 'Str0ng-Pass', paymentId, claimSecret }).expect(400)).body.errors.name).toBe(
        'Your name must be at most 120 characters',
      );
      const res = await create({ email: email.toUpperCase(), name: '  Ana  Ferreira ', password: 'Str0ng-Pass', paymentId, claimSecret }).expect(200);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Account created',
        user: { email, name: 'Ana  Ferreira', role: 'student', plan: 'lifetime', hasAccess: true },
      });
      await app.http.get('/api/auth/me').set('authorization', `Bearer ${res.body.token}`).expect(200);
      // Creating the account signs the buyer in: the console shows that sign-in, not "Last login: Never".
      expect(Date.parse(res.body.user.lastLoginAt)).toBeGreaterThan(Date.now() - 60_000);
      const { token } = await adminToken(app);
      const shown = await app.http.get(`/api/admin/users/${res.body.user.id}`).set('authorization', `Bearer ${token}`).expect(200);
      expect(shown.body.lastLogin).not.toBe('Never');
      expect(
        (await app.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = 'user.logged_in' AND payload->>'userId' = $1`, [res.body.user.id]))[0].n,
      ).toBe(1);
      const again = await create({ email, password: 'Str0ng-Pass', paymentId, claimSecret }).expect(400);
      expect(again.body.message).toBe('This payment has already been used to create an account');
      await login(app, { email, password: 'Str0ng-Pass' });
      expect(
        (await app.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = 'account.created' AND payload->>'paymentId' = $1`, [paymentId]))[0].n,
      ).toBe(1);
    });

    it('refuses unpaid, underpaid and mismatched payments', async () => {
      const unpaid = await checkout(app);
      expect(
        (await create({ email: unpaid.email, password: 'Str0ng-Pass', paymentId: unpaid.paymentId, claimSecret: unpaid.claimSecret }).expect(400)).body.message,
      ).toBe('Payment is not confirmed yet');
      const under = await checkout(app);
      await app.http.post(`/api/payments/sandbox/${under.paymentId}/simulate`).send({ outcome: 'partially_paid' }).expect(200);
      await settled(app, under.paymentId);
      expect(
        (await create({ email: under.email, password: 'Str0ng-Pass', paymentId: under.paymentId, claimSecret: under.claimSecret }).expect(400)).body.message,
      ).toMatch(/not completed/);
      const paid = await buy(app);
      expect(
        (await create({ email: 'someone.else@example.com', password: 'Str0ng-Pass', paymentId: paid.paymentId, claimSecret: paid.claimSecret }).expect(400))
          .body.errors.email,
      ).toBe('The email does not match the payment');
      expect((await create({ email: paid.email, password: 'Str0ng-Pass', paymentId: 'not-a-uuid' }).expect(400)).body.errors.paymentId).toBe(
        'Payment not found',
      );
      expect((await create({ email: paid.email, password: 'Str0ng-Pass', paymentId: '4b4a4b4a-0000-4000-8000-000000000000' }).expect(400)).body.message).toBe(
        'Payment not found',
      );
      expect(
        (await app.db.query('SELECT count(*)::int AS n FROM users WHERE lower(email) IN ($1, $2, $3)', [unpaid.email, under.email, paid.email]))[0].n,
      ).toBe(0);
    });

    it('needs proof of purchase: a payment id alone (from a URL or browser history) creates nothing', async () => {
      const { paymentId, email, claimSecret } = await buy(app);
      const bare = await create({ email, password: 'Str0ng-Pass', paymentId }).expect(403);
      expect(bare.body.message).toBe(CLAIM_PROOF_REQUIRED);
      await create({ email, password: 'Str0ng-Pass', paymentId, claimSecret: 'guessed-secret' }).expect(403);
      await create({ email, password: 'Str0ng-Pass', paymentId, claimToken: '9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }).expect(403);
      expect((await app.db.query('SELECT count(*)::int AS n FROM users WHERE lower(email) = $1', [email]))[0].n).toBe(0);
      expect((await app.http.get(`/api/payments/${paymentId}/status`).expect(200)).body.email).toBeNull();
      await create({ email, password: 'Str0ng-Pass', paymentId, claimSecret }).expect(200);
    });

    it('emails the buyer a claim link that works from another device, once', async () => {
      const { paymentId, email } = await buy(app);
      const mail = await waitForMail(app, email, 'receipt');
      expect(mail.subject).toMatch(/receipt R-\d{6}$/);
      expect(mail.text).toContain('Finish creating your account');
      expect(mail.text).toContain('$497.00');
      const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
      expect(link.pathname).toBe('/thank-you');
      expect(link.searchParams.get('paymentId')).toBe(paymentId);
      const claimToken = new URLSearchParams(link.hash.slice(1)).get('claim')!;
      const status = await app.http.get(`/api/payments/${paymentId}/status`).set('x-claim-token', claimToken).expect(200);
      expect(status.body).toMatchObject({ email, proofOfPurchase: true });
      await create({ email, password: 'Str0ng-Pass', paymentId, claimToken }).expect(200);
      expect((await create({ email, password: 'Str0ng-Pass', paymentId, claimToken }).expect(400)).body.message).toBe(
        'This payment has already been used to create an account',
      );
    });

    it('adds a repeat purchase to the existing account', async () => {
      const user = await createUser(app.db, { access: false });
      const { paymentId, claimSecret } = await buy(app, user.email);
      const res = await create({ email: user.email, password: 'Whatever-Kettle-19', paymentId, claimSecret }).expect(200);
      expect(res.body).toMatchObject({ success: true, existingAccount: true });
      expect(res.body.token).toBeUndefined();
      const me = await app.http.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
      expect(me.body.user).toMatchObject({ hasAccess: true, plan: 'lifetime' });
    });
  });

  describe('admin payments', () => {
    it('lists, shows deliveries and history, refunds and revokes access', async () => {
      const { token } = await adminToken(app);
      const auth = { authorization: `Bearer ${token}` };
      const { paymentId, email, claimSecret } = await buy(app);
      const account = await app.http
        .post('/api/auth/create-account')
        .send({ email, name: 'Ana Ferreira', password: 'Str0ng-Pass', paymentId, claimSecret })
        .expect(200);

      const list = await app.http
        .get('/api/admin/payments')
        .query({ filter: JSON.stringify({ q: email }) })
        .set(auth)
        .expect(200);
      expect(list.headers['content-range']).toBe('payments 0-0/1');
      const byEmail = await app.http
        .get('/api/admin/payments')
        .query({ filter: JSON.stringify({ email: email.toUpperCase() }) })
        .set(auth)
        .expect(200);
      expect(byEmail.body.map((p: { id: string }) => p.id)).toEqual([paymentId]);
      expect(list.body[0]).toMatchObject({ id: paymentId, state: 'PAID', provider: 'sandbox', amount: '497.00', refundEligibility: { eligible: true } });
      const paidList = await app.http.get('/api/admin/payments').query({ filter: '{"state":"PAID"}', sort: '["createdAt","DESC"]' }).set(auth).expect(200);
      expect(paidList.body.every((p: { state: string }) => p.state === 'PAID')).toBe(true);
      await app.http.get('/api/admin/payments').query({ sort: '["raw_body","ASC"]' }).set(auth).expect(400);

      const detail = await app.http.get(`/api/admin/payments/${paymentId}`).set(auth).expect(200);
      expect(detail.body.events.map((e: { providerStatus: string }) => e.providerStatus)).toEqual(['waiting', 'confirming', 'confirmed', 'finished']);
      expect(detail.body.history.map((h: { to: string }) => h.to)).toEqual(['CREATED', 'AWAITING_PAYMENT', 'CONFIRMING', 'PAID']);

      await app.http.post(`/api/admin/payments/${paymentId}/refund`).set(auth).send({ reason: '' }).expect(400);
      const refunded = await app.http.post(`/api/admin/payments/${paymentId}/refund`).set(auth).send({ reason: 'Customer asked within 7 days' }).expect(200);
      expect(refunded.body).toMatchObject({ state: 'REFUNDED', refundReason: 'Customer asked within 7 days' });
      await app.http.post(`/api/admin/payments/${paymentId}/refund`).set(auth).send({ reason: 'again' }).expect(400);

      const me = await app.http.get('/api/auth/me').set('authorization', `Bearer ${account.body.token}`).expect(200);
      expect(me.body.user).toMatchObject({ hasAccess: false, plan: 'free' });
      const audit = await app.db.query(`SELECT action FROM audit_log WHERE resource = 'payments' AND resource_id = $1`, [paymentId]);
      expect(audit.map((a: { action: string }) => a.action)).toEqual(['refund']);
    });

    it('shows a payment as not refundable once too much was accessed or too much time passed', async () => {
      const { token } = await adminToken(app);
      const { paymentId, email, claimSecret } = await buy(app);
      await app.http.post('/api/auth/create-account').send({ email, name: 'Ana Ferreira', password: 'Str0ng-Pass', paymentId, claimSecret }).expect(200);
      await app.db.query(`UPDATE payments SET paid_at = now() - interval '45 days' WHERE id = $1`, [paymentId]);
      const res = await app.http.get(`/api/admin/payments/${paymentId}`).set('authorization', `Bearer ${token}`).expect(200);
      expect(res.body.refundEligibility.eligible).toBe(false);
      expect(res.body.refundEligibility.reasons[0]).toMatch(/Paid 45 days ago/);
    });

    it('reconciles a payment on demand', async () => {
      const { token } = await adminToken(app);
      const { paymentId } = await checkout(app);
      await app.http
        .post(`/api/payments/sandbox/${paymentId}/simulate`)
        .send({ outcome: 'finished', faults: { drop: ['confirmed', 'finished'] } })
        .expect(200);
      await settled(app, paymentId);
      const res = await app.http.post(`/api/admin/payments/${paymentId}/reconcile`).set('authorization', `Bearer ${token}`).expect(200);
      expect(res.body.state).toBe('PAID');
    });
  });
});

describe('checkout rate limit', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { CHECKOUT_MAX_PER_IP: '3' } });
  });
  afterAll(() => app.close());

  it('lets one client IP start a few checkouts, then answers 429 and creates nothing more', async () => {
    for (let i = 0; i < 3; i++) await checkout(app);
    const res = await app.http
      .post('/api/payments/create')
      .send({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email: 'one.more@example.com' })
      .expect(429);
    expect(res.body.message).toMatch(/Too many checkouts started from your network/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await app.db.query('SELECT count(*)::int AS n FROM payments'))[0].n).toBe(3);
  });
});

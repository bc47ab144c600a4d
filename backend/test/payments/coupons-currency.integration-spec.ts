import { CouponEmailKeys1795627200000 } from '../../src/database/migrations/1795627200000-coupon-email-keys';
import { entitlementsOf, paymentState } from '../factories/payments.factory';
import { adminToken } from '../factories/users.factory';
import { FakeStripe } from '../support/fake-card-paypal';
import { waitForMail } from '../support/mailbox';
import { pythonSign } from '../support/python-sign';
import { eventually, startTestApp, type TestApp } from '../support/test-app';
import { ipnBody, sendIpn } from '../factories/payments.factory';

const STRIPE_KEY = 'sk_test_fake_coupons_01';

describe('Currency made real, and coupons', () => {
  const stripe = new FakeStripe(STRIPE_KEY);
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    app = await startTestApp({
      worker: true,
      env: { STRIPE_API_URL: await stripe.start(), STRIPE_SECRET_KEY: STRIPE_KEY, STRIPE_WEBHOOK_SECRET: 'whsec_fake_coupons_0123456789' },
    });
    admin = (await adminToken(app)).token;
  });
  afterAll(async () => {
    await app?.close();
    await stripe.stop();
  });

  const asAdmin = <T extends { set: (k: string, v: string) => T }>(req: T) => req.set('Authorization', `Bearer ${admin}`);
  const coupon = (body: Record<string, unknown>) => asAdmin(app.http.post('/api/admin/coupons')).send(body);
  const lastSession = () => stripe.form(stripe.calls('POST', '/v1/checkout/sessions').at(-1)!);
  const couponRow = async (code: string) => (await app.db.query('SELECT redemptions FROM coupons WHERE code = $1', [code]))[0] as { redemptions: number };

  it('admin coupons: created, validated field by field, listed, updated and deleted', async () => {
    const bad = await coupon({ code: 'x', kind: 'fixed', amountOff: '-1', validFrom: '2027-01-02', validTo: '2027-01-01', maxRedemptions: 0 }).expect(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['amountOff', 'code', 'currency', 'maxRedemptions', 'validTo']);
    expect((await app.db.query('SELECT count(*)::int AS n FROM coupons'))[0].n).toBe(0);
    const made = await coupon({ code: ' spring10 ', kind: 'fixed', amountOff: 10, currency: 'usd' }).expect(201);
    expect(made.body).toMatchObject({
      code: 'SPRING10',
      kind: 'fixed',
      amountOff: '10.00',
      currency: 'USD',
      redemptions: 0,
      active: true,
      oncePerEmail: false,
    });
    await coupon({ code: 'SPRING10', kind: 'percent', percentOff: 5 }).expect(409);
    const list = await asAdmin(app.http.get('/api/admin/coupons')).expect(200);
    expect(list.headers['content-range']).toBe('coupons 0-0/1');
    const updated = await asAdmin(app.http.put(`/api/admin/coupons/${made.body.id}`))
      .send({ active: false })
      .expect(200);
    expect(updated.body).toMatchObject({ code: 'SPRING10', active: false });
    await asAdmin(app.http.delete(`/api/admin/coupons/${made.body.id}`)).expect(200);
    await asAdmin(app.http.get(`/api/admin/coupons/${made.body.id}`)).expect(404);
    await app.http.get('/api/admin/coupons').expect(401);
  });

  it('a 20% coupon: the quote shows the discounted price and the provider is asked for it, whatever the client says', async () => {
    await coupon({ code: 'LAUNCH20', kind: 'percent', percentOff: 20 }).expect(201);
    const quote = await app.http.get('/api/payments/quote?coupon=launch20').expect(200);
    expect(quote.body).toEqual({ currency: 'USD', listAmount: '497.00', compareAt: '997.00', discount: '99.40', amount: '397.60', couponCode: 'LAUNCH20' });
    const res = await app.http
      .post('/api/payments/create')
      .send({ amount: 497, method: 'card', email: 'coupon.buyer@example.com', couponCode: 'launch20' })
      .expect(201);
    expect(lastSession()).toMatchObject({ 'line_items[0][price_data][unit_amount]': '39760', 'line_items[0][price_data][currency]': 'usd' });
    const [row] = await app.db.query('SELECT amount, list_amount, discount_amount, coupon_code FROM payments WHERE id = $1', [res.body.paymentId]);
    expect(row).toEqual({ amount: '397.60', list_amount: '497.00', discount_amount: '99.40', coupon_code: 'LAUNCH20' });
    expect((await couponRow('LAUNCH20')).redemptions).toBe(1);
    // A client that claims the discounted amount as the price is refused: the server alone applies the coupon.
    await app.http.post('/api/payments/create').send({ amount: 397.6, method: 'card', email: 'coupon.cheat@example.com', couponCode: 'LAUNCH20' }).expect(400);

    // Crypto asks its provider for the discounted amount too.
    const crypto = await app.http
      .post('/api/payments/create')
      .send({ amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email: 'coupon.crypto@example.com', couponCode: 'LAUNCH20' })
      .expect(201);
    const [cryptoRow] = await app.db.query('SELECT amount, currency FROM payments WHERE id = $1', [crypto.body.paymentId]);
    expect(cryptoRow).toEqual({ amount: '397.60', currency: 'USD' });
    // Paid at the discounted amount: PAID and access.
    const paid = ipnBody(crypto.body.paymentId, 'finished', { price_amount: 397.6 });
    await sendIpn(app, paid, pythonSign(app.env.SANDBOX_IPN_SECRET, paid)).expect(200);
    await eventually(async () => (await entitlementsOf(app, crypto.body.paymentId)).length === 1, { what: 'entitlement' });

    // The sale keeps its coupon for the seller: the payment page, the grid and the CSV export show the code and the discount.
    const shown = (await asAdmin(app.http.get(`/api/admin/payments/${crypto.body.paymentId}`)).expect(200)).body;
    expect(shown).toMatchObject({ state: 'PAID', amount: '397.60', couponCode: 'LAUNCH20', listAmount: '497.00', discountAmount: '99.40' });
    const filter = encodeURIComponent(JSON.stringify({ email: 'coupon.crypto@example.com' }));
    const [listed] = (await asAdmin(app.http.get(`/api/admin/payments?filter=${filter}`)).expect(200)).body;
    expect(listed).toMatchObject({ couponCode: 'LAUNCH20', listAmount: '497.00', discountAmount: '99.40' });
    const csv = (await asAdmin(app.http.get(`/api/admin/payments/export?filter=${filter}`)).expect(200)).text.trim().split('\r\n');
    // Read by column name: columns are appended at the end over time.
    const [header, cellsOfRow] = [csv[0].split(','), csv[1].split(',')];
    const cells = (...names: string[]) => names.map((name) => (header.includes(name) ? cellsOfRow[header.indexOf(name)] : `no column ${name}`));
    expect(cells('couponCode', 'listAmount', 'discountAmount', 'invoiceNumber', 'creditNoteNumber')).toEqual([
      'LAUNCH20',
      '497.00',
      '99.40',
      shown.invoiceNumber,
      '',
    ]);
    expect(shown.invoiceNumber).toMatch(/^R-\d{6}$/);
    expect(listed.invoiceNumber).toBe(shown.invoiceNumber);
  });

  it('refuses unknown, expired and used-up coupons with a clear message, and creates nothing', async () => {
    await coupon({ code: 'OLD', kind: 'percent', percentOff: 50, validFrom: '2020-01-01T00:00:00Z', validTo: '2021-01-01T00:00:00Z' }).expect(201);
    const before = stripe.calls('POST', '/v1/checkout/sessions').length;
    for (const [code, message] of [
      ['NOPE', 'This coupon code is not valid'],
      ['OLD', 'This coupon has expired'],
    ]) {
      const res = await app.http
        .post('/api/payments/create')
        .send({ amount: 497, method: 'card', email: 'coupon.refused@example.com', couponCode: code })
        .expect(400);
      expect(res.body.errors).toEqual({ couponCode: message });
      expect((await app.http.get(`/api/payments/quote?coupon=${code}`).expect(400)).body.errors).toEqual({ couponCode: message });
    }
    expect(stripe.calls('POST', '/v1/checkout/sessions').length).toBe(before);
    expect((await app.db.query(`SELECT count(*)::int AS n FROM payments WHERE email = 'coupon.refused@example.com'`))[0].n).toBe(0);
  });

  it('the last redemption raced by two checkouts: exactly one succeeds', async () => {
    await coupon({ code: 'LASTONE', kind: 'fixed', amountOff: '100.00', currency: 'USD', maxRedemptions: 1 }).expect(201);
    const race = await Promise.all(
      ['race.a@example.com', 'race.b@example.com'].map((email) =>
        app.http.post('/api/payments/create').send({ amount: 497, method: 'card', email, couponCode: 'LASTONE' }),
      ),
    );
    const statuses = race.map((r) => r.status).sort();
    expect(statuses[0]).toBe(201);
    expect([400, 409]).toContain(statuses[1]);
    const loser = race.find((r) => r.status !== 201)!;
    expect(loser.body.errors.couponCode).toMatch(/fully redeemed/);
    expect((await couponRow('LASTONE')).redemptions).toBe(1);
    const rows = await app.db.query(`SELECT amount FROM payments WHERE coupon_code = 'LASTONE'`);
    expect(rows).toEqual([{ amount: '397.00' }]);
    expect((await app.db.query(`SELECT count(*)::int AS n FROM coupon_redemptions r JOIN coupons c ON c.id = r.coupon_id WHERE c.code = 'LASTONE'`))[0].n).toBe(
      1,
    );
  });

  it('a one-per-email coupon is refused to the same email the second time (any case), and taken by another', async () => {
    await coupon({ code: 'ONCEEACH', kind: 'percent', percentOff: 15, oncePerEmail: true }).expect(201);
    await app.http.post('/api/payments/create').send({ amount: 497, method: 'card', email: 'once@example.com', couponCode: 'ONCEEACH' }).expect(201);
    const again = await app.http
      .post('/api/payments/create')
      .send({ amount: 497, method: 'card', email: 'ONCE@example.com', couponCode: 'ONCEEACH' })
      .expect(400);
    expect(again.body.errors).toEqual({ couponCode: 'You have already used this coupon' });
    expect((await couponRow('ONCEEACH')).redemptions).toBe(1);
    await app.http.post('/api/payments/create').send({ amount: 497, method: 'card', email: 'other@example.com', couponCode: 'ONCEEACH' }).expect(201);
  });

  it('a one-per-email coupon is refused to Gmail dot and plus aliases of the same mailbox, and plus tags anywhere', async () => {
    await coupon({ code: 'ONEMAILBOX', kind: 'percent', percentOff: 30, oncePerEmail: true }).expect(201);
    const checkoutWith = (email: string) => app.http.post('/api/payments/create').send({ amount: 497, method: 'card', email, couponCode: 'ONEMAILBOX' });
    const first = await checkoutWith('Ana.Lopez@gmail.com').expect(201);
    for (const alias of [
      'analopez@gmail.com',
      'a.n.a.l.o.p.e.z@gmail.com',
      'ana.lopez+second@gmail.com',
      'AnaLopez+3@GoogleMail.com',
      'ana.lopez@googlemail.com',
    ]) {
      const res = await checkoutWith(alias);
      expect({ alias, status: res.status, errors: res.body.errors }).toEqual({
        alias,
        status: 400,
        errors: { couponCode: 'You have already used this coupon' },
      });
    }
    await checkoutWith('sam@example.com').expect(201);
    const plus = await checkoutWith('Sam+again@example.com').expect(400);
    expect(plus.body.errors).toEqual({ couponCode: 'You have already used this coupon' });
    // Outside Gmail a dot makes another mailbox.
    await checkoutWith('s.am@example.com').expect(201);
    expect((await couponRow('ONEMAILBOX')).redemptions).toBe(3);
    // The address is kept as given; only the rule's key is the mailbox.
    const [row] = await app.db.query(
      'SELECT r.email, r.email_key, p.email AS payment_email FROM coupon_redemptions r JOIN payments p ON p.id = r.payment_id WHERE r.payment_id = $1',
      [first.body.paymentId],
    );
    expect(row).toEqual({ email: 'ana.lopez@gmail.com', email_key: 'analopez@gmail.com', payment_email: 'ana.lopez@gmail.com' });
  });

  it('the migration gives earlier redemptions their mailbox key; aliases that already reused a coupon keep their history but the mailbox cannot redeem again', async () => {
    await coupon({ code: 'LEGACY1', kind: 'percent', percentOff: 10, oncePerEmail: true }).expect(201);
    const [{ id: couponId }] = await app.db.query(`SELECT id FROM coupons WHERE code = 'LEGACY1'`);
    const migration = new CouponEmailKeys1795627200000();
    const runner = app.db.createQueryRunner();
    try {
      await migration.down(runner);
      // Redemptions as the version before stored them: two aliases of one Gmail mailbox (the abuse), a plus tag, a given-back one.
      const legacy = [
        ['lee.chan@gmail.com', false, "now() - interval '3 days'"],
        ['leechan+2@googlemail.com', false, "now() - interval '2 days'"],
        ['Pat+promo@Example.com', false, "now() - interval '1 day'"],
        ['gone.away@gmail.com', true, 'now()'],
      ] as const;
      for (const [email, released, at] of legacy) {
        const [{ id }] = await app.db.query(
          `INSERT INTO payments (id, email, amount, currency, currency_code, pay_currency, network, provider, state, method)
           VALUES (gen_random_uuid(), $1, '447.30', 'USD', 'CARD', 'card', 'Card', 'stripe', 'AWAITING_PAYMENT', 'card') RETURNING id`,
          [email.toLowerCase()],
        );
        await app.db.query(
          `INSERT INTO coupon_redemptions (payment_id, coupon_id, email, once_per_email, discount, currency, created_at, released_at)
           VALUES ($1, $2, $3, true, '49.70', 'USD', ${at}, ${released ? 'now()' : 'NULL'})`,
          [id, couponId, email],
        );
      }
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const keys = await app.db.query(`SELECT email, email_key FROM coupon_redemptions WHERE coupon_id = $1 ORDER BY created_at`, [couponId]);
    expect(keys).toEqual([
      { email: 'lee.chan@gmail.com', email_key: 'leechan@gmail.com' },
      { email: 'leechan+2@googlemail.com', email_key: null },
      { email: 'Pat+promo@Example.com', email_key: 'pat@example.com' },
      { email: 'gone.away@gmail.com', email_key: 'goneaway@gmail.com' },
    ]);
    const again = (email: string) => app.http.post('/api/payments/create').send({ amount: 497, method: 'card', email, couponCode: 'LEGACY1' });
    expect((await again('L.E.E.Chan@gmail.com').expect(400)).body.errors).toEqual({ couponCode: 'You have already used this coupon' });
    expect((await again('pat@example.com').expect(400)).body.errors).toEqual({ couponCode: 'You have already used this coupon' });
    // The one given back holds nothing.
    await again('goneaway+back@gmail.com').expect(201);
  });

  it('coupon performance: paid redemptions, revenue and discount per coupon and currency', async () => {
    const res = await asAdmin(app.http.get('/api/admin/coupons/performance')).expect(200);
    expect(res.body).toEqual([{ code: 'LAUNCH20', currency: 'USD', redemptions: 1, revenue: '397.60', discount: '99.40' }]);
  });

  it('an abandoned checkout gives its redemption back', async () => {
    await coupon({ code: 'COMEBACK', kind: 'percent', percentOff: 10, maxRedemptions: 1 }).expect(201);
    const { paymentId } = (
      await app.http
        .post('/api/payments/create')
        .send({ amount: 497, currency: 'BTC', blockchain: 'Bitcoin Network', email: 'comeback@example.com', couponCode: 'COMEBACK' })
        .expect(201)
    ).body;
    expect((await couponRow('COMEBACK')).redemptions).toBe(1);
    await app.http.post(`/api/payments/sandbox/${paymentId}/simulate`).send({ outcome: 'expired' }).expect(200);
    await eventually(async () => (await paymentState(app, paymentId)) === 'EXPIRED', { what: 'EXPIRED' });
    expect((await couponRow('COMEBACK')).redemptions).toBe(0);
    await app.http.post('/api/payments/create').send({ amount: 497, method: 'card', email: 'comeback.2@example.com', couponCode: 'COMEBACK' }).expect(201);
  });

  it('switching the currency to EUR changes the public price, checkout, the provider invoice and the receipt', async () => {
    await asAdmin(app.http.put('/api/admin/settings/payments')).send({ currency: 'EUR', priceEUR: '449.00', compareAtEUR: 899 }).expect(200);
    const config = await app.http.get('/api/public-config').expect(200);
    expect(config.body.price).toEqual({ amount: '449.00', compareAt: '899.00', currency: 'EUR' });
    const wrong = await app.http.post('/api/payments/create').send({ amount: 497, method: 'card', email: 'eur.buyer@example.com' }).expect(400);
    expect(wrong.body.errors.amount).toBe('The price is 449.00 EUR');
    const { paymentId } = (await app.http.post('/api/payments/create').send({ amount: 449, method: 'card', email: 'eur.buyer@example.com' }).expect(201)).body;
    expect(lastSession()).toMatchObject({ 'line_items[0][price_data][unit_amount]': '44900', 'line_items[0][price_data][currency]': 'eur' });
    const crypto = (
      await app.http
        .post('/api/payments/create')
        .send({ amount: 449, currency: 'BTC', blockchain: 'Bitcoin Network', email: 'eur.crypto@example.com' })
        .expect(201)
    ).body;
    const [row] = await app.db.query('SELECT amount, currency FROM payments WHERE id = $1', [crypto.paymentId]);
    expect(row).toEqual({ amount: '449.00', currency: 'EUR' });
    await app.http.post(`/api/payments/sandbox/${crypto.paymentId}/simulate`).send({ outcome: 'finished' }).expect(200);
    const mail = await waitForMail(app, 'eur.crypto@example.com', 'receipt');
    expect(mail.text).toContain('€449.00');
    expect(await paymentState(app, paymentId)).toBe('AWAITING_PAYMENT');
    // A fixed coupon in USD does not apply to EUR prices.
    const usd = await app.http.get('/api/payments/quote?coupon=LASTONE').expect(400);
    expect(usd.body.errors.couponCode).toMatch(/fully redeemed|for prices in USD/);
    await asAdmin(app.http.put('/api/admin/settings/payments')).send({ currency: 'USD' }).expect(200);
  });
});

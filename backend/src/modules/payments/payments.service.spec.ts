import type { ConfigType } from '@nestjs/config';
import { statusOfErrorCode } from '../../common/errors/error-status';
import type { EntityManager } from 'typeorm';
import { failure, fakeOf, fakeRedis, fakeTransactions } from '../../../test/support/fakes';
import type { appConfig, authConfig, paymentsConfig } from '../../config';
import type { AccessService, UsersService, UserWithPassword } from '../users';
import type { ReferralAttribution } from '../affiliates';
import type { CheckoutRecoveryRepository } from './checkout-recovery.repository';
import type { PaymentChanges } from './payment-changes.service';
import { ClaimProofs } from './claim-proofs';
import { Coupons, UNKNOWN_COUPON } from './coupons.service';
import type { CouponRow, CouponsRepository } from './coupons.repository';
import type { CreatePaymentDto } from './dto/payment.dto';
import type { PaymentRow } from './payment.model';
import type { PaymentState } from './payment-state';
import { PaymentsErrorCode } from './payments.error';
import type { PaymentsRepository } from './payments.repository';
import { ALREADY_OWNED, PaymentsService } from './payments.service';
import type { Pricing } from './pricing';
import type { PaymentProviders } from './providers/payment-providers';
import { type Checkout, type CheckoutRequest, type PaymentMethod, type PaymentProvider, ProviderUnavailableError } from './providers/payment-provider';
import { paymentRow } from '../../../test/factories/payment-row';
import { couponRow } from '../../../test/factories/coupon-row';

const ID = '6d3f0d7e-1f1e-4c52-9a55-2b8f7c8a0a01';
const PUBLIC_URL = 'https://courses.example.com';
const claims = new ClaimProofs(fakeOf<ConfigType<typeof authConfig>>()({ jwtSecret: 'unit-secret' }));

function payment(over: Partial<PaymentRow> = {}): PaymentRow {
  return paymentRow({ id: ID, payer_name: 'Ana Lopez', ...over });
}

const coupon = couponRow;

interface Options {
  stored?: PaymentRow;
  coupons?: CouponRow[];
  /** Methods with a configured provider (crypto always unless left out here). */
  methods?: PaymentMethod[];
  enabled?: string[] | null;
  providerDown?: boolean;
  owners?: string[];
  accounts?: string[];
  checkoutMaxPerIp?: number;
  couponMaxUnknownPerIp?: number;
}

function setup(o: Options = {}) {
  const inserted: Array<Parameters<PaymentsRepository['insert']>[1]> = [];
  const claimed: Array<{ paymentId: string; userId: string }> = [];
  const redeemed: string[] = [];
  const checkouts: CheckoutRequest[] = [];
  const payments = fakeOf<PaymentsRepository>()({
    find: async (id: string) => (o.stored && o.stored.id === id ? o.stored : undefined),
    lock: async (_m: EntityManager, id: string) => (o.stored && o.stored.id === id ? o.stored : undefined),
    insert: async (_m, row) => void inserted.push(row),
    markClaimed: async (_m, paymentId, userId) => void claimed.push({ paymentId, userId }),
  });
  const provider = (method: PaymentMethod): PaymentProvider =>
    fakeOf<PaymentProvider>()({
      name: method === 'crypto' ? 'sandbox' : method === 'card' ? 'sandbox-card' : 'sandbox-paypal',
      method,
      enabledCurrencies: async () => (o.enabled === undefined || o.enabled === null ? null : new Set(o.enabled)),
      createCheckout: async (request: CheckoutRequest): Promise<Checkout> => {
        if (o.providerDown) throw new ProviderUnavailableError('down');
        checkouts.push(request);
        return method === 'crypto'
          ? { providerRef: 'ref-1', checkoutUrl: null, payTo: { address: 'TXaddr', amount: '497.1', expiresAt: null } }
          : { providerRef: 'ref-1', checkoutUrl: 'https://provider.example/pay/1' };
      },
    });
  const methods = o.methods ?? ['crypto'];
  const providers = fakeOf<PaymentProviders>()({
    forMethod: async (method: PaymentMethod) => (methods.includes(method) ? provider(method) : null),
  });
  const couponsRepo = fakeOf<CouponsRepository>()({
    findByCode: async (code: string) => o.coupons?.find((c) => c.code === code),
    redeem: async (_m: EntityManager, id: string) => (redeemed.push(id), true),
    usedByMailbox: async () => false,
    recordRedemption: async () => undefined,
  });
  const access = fakeOf<AccessService>()({ emailHasAccess: async (email: string) => (o.owners ?? []).includes(email) });
  const users = fakeOf<UsersService>()({
    findByEmail: async (email: string) => ((o.accounts ?? []).includes(email) ? fakeOf<UserWithPassword>()({ email }) : null),
  });
  const pricing = fakeOf<Pricing>()({
    current: async () => ({ amount: '497.00', compareAt: '997.00', currency: 'USD' as const }),
    // Settings > General > Tax rates "DE=19".
    taxRate: async (country: string | null) => (country === 'DE' ? '19' : null),
  });
  const { redis, counts } = fakeRedis();
  const { runner, emitted } = fakeTransactions();
  const service = new PaymentsService(
    payments,
    runner,
    providers,
    claims,
    access,
    users,
    pricing,
    new Coupons(couponsRepo),
    redis,
    fakeOf<ConfigType<typeof appConfig>>()({ publicUrl: PUBLIC_URL }),
    fakeOf<ConfigType<typeof paymentsConfig>>()({
      checkoutMaxPerIp: o.checkoutMaxPerIp ?? 10,
      checkoutWindowSeconds: 900,
      couponMaxUnknownPerIp: o.couponMaxUnknownPerIp ?? 10,
      couponUnknownWindowSeconds: 600,
    }),
    fakeOf<ReferralAttribution>()({ attribute: async () => null }),
    fakeOf<CheckoutRecoveryRepository>()({}),
    fakeOf<PaymentChanges>()({}),
  );
  return { service, inserted, claimed, redeemed, checkouts, emitted, counts };
}

const order = (over: Partial<CreatePaymentDto> = {}): CreatePaymentDto => ({
  email: ' Buyer@Example.com ',
  amount: '497.00',
  currency: 'USDT',
  blockchain: 'Tron (TRC-20)',
  ...over,
});

describe('PaymentsService.create (checkout)', () => {
  it('creates the provider checkout, then the payment row and payment.created together, and answers the claim secret', async () => {
    const t = setup();
    const result = await t.service.create(order(), '10.0.0.1');
    expect(result).toMatchObject({ success: true, paymentUrl: `${PUBLIC_URL}/payment/${result.paymentId}` });
    expect(t.checkouts).toEqual([
      expect.objectContaining({ paymentId: result.paymentId, amount: '497.00', currency: 'USD', payCurrency: 'usdttrc20', email: 'buyer@example.com' }),
    ]);
    expect(t.inserted).toEqual([
      expect.objectContaining({
        id: result.paymentId,
        email: 'buyer@example.com',
        amount: '497.00',
        currencyCode: 'USDT',
        network: 'Tron (TRC-20)',
        payCurrency: 'usdttrc20',
        payAddress: 'TXaddr',
        couponCode: null,
      }),
    ]);
    expect(t.emitted.map((e) => [e.type, e.aggregateId])).toEqual([['payment.created', result.paymentId]]);
    // The secret the browser keeps proves the purchase of this payment (only its hash is stored).
    const hash = t.inserted[0].claimSecretHash;
    expect(claims.proves(result.paymentId, hash, { secret: result.claimSecret })).toBe(true);
    expect(claims.proves(result.paymentId, hash, { secret: 'someone-else' })).toBe(false);
  });

  it("keeps the buyer's invoice details and the tax rate of their country on the payment (none without a country or a rate)", async () => {
    const t = setup();
    await t.service.create(
      order({ buyerCountry: 'DE', buyerCompany: 'Muster GmbH', buyerAddress: 'Hauptstraße 1\n10115 Berlin', buyerVatId: 'DE123456789' }),
      '10.0.0.1',
    );
    await t.service.create(order({ buyerCountry: 'US' }), '10.0.0.1');
    await t.service.create(order(), '10.0.0.1');
    expect(t.inserted.map((p) => [p.buyer, p.taxRate])).toEqual([
      [{ country: 'DE', company: 'Muster GmbH', address: 'Hauptstraße 1\n10115 Berlin', vatId: 'DE123456789' }, '19'],
      [{ country: 'US', company: null, address: null, vatId: null }, null],
      [{ country: null, company: null, address: null, vatId: null }, null],
    ]);
  });

  it('refuses a price other than the server price, before any provider call', async () => {
    const t = setup();
    const err = await failure(t.service.create(order({ amount: '1.00' }), '10.0.0.1'));
    expect(statusOfErrorCode(err.code)).toBe(400);
    expect(err.details.errors).toEqual({ amount: 'The price is 497.00 USD' });
    expect(t.checkouts).toEqual([]);
    expect(t.inserted).toEqual([]);
  });

  it('needs a coin and network pair from the table, and one the provider has enabled', async () => {
    const t = setup({ enabled: ['btc'] });
    const pair = await failure(t.service.create(order({ blockchain: 'Solana' }), '10.0.0.1'));
    expect(pair.details.errors).toHaveProperty('blockchain');
    const disabled = await failure(t.service.create(order(), '10.0.0.1'));
    expect(disabled.details.errors).toHaveProperty('currency');
    expect(t.inserted).toEqual([]);
  });

  it('takes card and PayPal only when their provider is configured, with the method standing in for coin and network', async () => {
    const off = await failure(setup().service.create(order({ method: 'card' }), '10.0.0.1'));
    expect(statusOfErrorCode(off.code)).toBe(400);
    expect(off.details.errors?.method).toMatch(/Card is not available/);
    const t = setup({ methods: ['crypto', 'paypal'] });
    const result = await t.service.create(order({ method: 'paypal', currency: undefined, blockchain: undefined }), '10.0.0.1');
    expect(result.paymentUrl).toBe('https://provider.example/pay/1');
    expect(t.inserted[0]).toMatchObject({ method: 'paypal', payCurrency: 'paypal', currencyCode: 'PAYPAL', network: 'PayPal' });
  });

  it('answers 502 PROVIDER_UNAVAILABLE when the provider is down, leaving nothing behind', async () => {
    const t = setup({ providerDown: true });
    const err = await failure(t.service.create(order(), '10.0.0.1'));
    expect(statusOfErrorCode(err.code)).toBe(502);
    expect(err.code).toBe(PaymentsErrorCode.ProviderUnavailable);
    expect(t.inserted).toEqual([]);
    expect(t.emitted).toEqual([]);
  });

  it('tells only the signed-in owner of an email that it already has access (409); anyone else gets a normal checkout', async () => {
    const owner = setup({ owners: ['buyer@example.com'] });
    const err = await failure(owner.service.create(order(), '10.0.0.1', { email: 'BUYER@example.com' }));
    expect(statusOfErrorCode(err.code)).toBe(409);
    expect(err.code).toBe(PaymentsErrorCode.AlreadyOwned);
    expect(err.message).toBe(ALREADY_OWNED);
    expect(owner.inserted).toEqual([]);

    const stranger = setup({ owners: ['buyer@example.com'] });
    await expect(stranger.service.create(order(), '10.0.0.1')).resolves.toMatchObject({ success: true });
    await expect(stranger.service.create(order(), '10.0.0.1', { email: 'other@example.com' })).resolves.toMatchObject({ success: true });
    expect(stranger.inserted).toHaveLength(2);
  });

  it('limits the checkouts one client IP starts per window (429 with the wait), other IPs unaffected', async () => {
    const t = setup({ checkoutMaxPerIp: 2 });
    await t.service.create(order(), '10.0.0.1');
    await t.service.create(order(), '10.0.0.1');
    const err = await failure(t.service.create(order(), '10.0.0.1'));
    expect(statusOfErrorCode(err.code)).toBe(429);
    expect(err).toMatchObject({ code: PaymentsErrorCode.TooManyCheckouts, details: { retryAfterSeconds: 900 } });
    expect(t.inserted).toHaveLength(2);
    await expect(t.service.create(order(), '10.0.0.2')).resolves.toMatchObject({ success: true });
  });

  it("charges the coupon's price computed by the server and redeems the coupon with the payment", async () => {
    const t = setup({ coupons: [coupon()] });
    const result = await t.service.create(order({ amount: '497.00', couponCode: ' spring ' }), '10.0.0.1');
    expect(t.checkouts[0].amount).toBe('447.30');
    expect(t.inserted[0]).toMatchObject({ amount: '447.30', listAmount: '497.00', discountAmount: '49.70', couponCode: 'SPRING' });
    expect(t.redeemed).toEqual(['c1']);
    expect(t.emitted[0].payload).toMatchObject({ paymentId: result.paymentId, amount: '447.30' });
  });

  it('refuses a checkout with a code that names no coupon, without a provider call or payment row', async () => {
    const t = setup();
    const err = await failure(t.service.create(order({ couponCode: 'NOPE' }), '10.0.0.1'));
    expect(err).toMatchObject({ code: PaymentsErrorCode.CouponRefused, details: { errors: { couponCode: UNKNOWN_COUPON } } });
    expect(t.checkouts).toEqual([]);
    expect(t.inserted).toEqual([]);
  });
});

describe('PaymentsService.quote (coupon look-ups)', () => {
  it('answers the list price without a code and the discounted price with one, without the coupon row', async () => {
    const t = setup({ coupons: [coupon({ kind: 'fixed', percent_off: null, amount_off: '97.00', currency: 'USD' })] });
    expect(await t.service.quote(undefined, '10.0.0.1')).toEqual({
      currency: 'USD',
      listAmount: '497.00',
      compareAt: '997.00',
      discount: '0.00',
      amount: '497.00',
      couponCode: null,
    });
    expect(await t.service.quote('spring', '10.0.0.1')).toEqual({
      currency: 'USD',
      listAmount: '497.00',
      compareAt: '997.00',
      discount: '97.00',
      amount: '400.00',
      couponCode: 'SPRING',
    });
  });

  it('counts only codes that name no coupon against the IP: past the limit every look-up answers 429', async () => {
    const t = setup({ couponMaxUnknownPerIp: 2, coupons: [coupon(), coupon({ id: 'c2', code: 'OLD', valid_to: new Date(Date.now() - 1000) })] });
    // Known codes (valid or expired) never count, however often they are tried.
    for (let i = 0; i < 5; i++) await t.service.quote('SPRING', '10.0.0.1');
    for (let i = 0; i < 5; i++) expect((await failure(t.service.quote('OLD', '10.0.0.1'))).message).toBe('This coupon has expired');
    for (let i = 0; i < 2; i++) expect((await failure(t.service.quote(`GUESS${i}`, '10.0.0.1'))).message).toBe(UNKNOWN_COUPON);
    const blocked = await failure(t.service.quote('SPRING', '10.0.0.1'));
    expect(statusOfErrorCode(blocked.code)).toBe(429);
    expect(blocked).toMatchObject({ code: PaymentsErrorCode.TooManyCouponTries, details: { retryAfterSeconds: 600 } });
    expect(blocked.details.errors).toHaveProperty('couponCode');
    // No code at all is never limited, and another IP is not blocked.
    await expect(t.service.quote('', '10.0.0.1')).resolves.toMatchObject({ couponCode: null });
    await expect(t.service.quote('SPRING', '10.0.0.2')).resolves.toMatchObject({ couponCode: 'SPRING' });
  });
});

describe('PaymentsService.publicStatus (the thank-you page)', () => {
  const secret = claims.newSecret();
  const stored = (state: PaymentState, over: Partial<PaymentRow> = {}) => payment({ state, claim_secret_hash: secret.hash, ...over });

  it('answers 404 for an unknown payment', async () => {
    const err = await failure(setup().service.publicStatus(ID, {}));
    expect(statusOfErrorCode(err.code)).toBe(404);
    expect(err.code).toBe(PaymentsErrorCode.NotFound);
  });

  it('without proof of purchase: the state and price, but not the email, payer name or whether an account exists', async () => {
    const t = setup({ stored: stored('PAID'), accounts: ['buyer@example.com'] });
    for (const proof of [{}, { secret: 'guess' }, { token: 'not-a-token' }, { token: claims.linkToken('another-payment') }]) {
      expect(await t.service.publicStatus(ID, proof)).toMatchObject({
        paymentId: ID,
        state: 'PAID',
        amount: '497.00',
        email: null,
        payerName: null,
        proofOfPurchase: false,
        accountExists: null,
        claimed: false,
      });
    }
  });

  it('with the claim secret or the emailed link: the email and payer name, and once paid whether an account exists', async () => {
    const known = setup({ stored: stored('PAID'), accounts: ['buyer@example.com'] });
    expect(await known.service.publicStatus(ID, { secret: secret.secret })).toMatchObject({
      email: 'buyer@example.com',
      payerName: 'Ana Lopez',
      proofOfPurchase: true,
      accountExists: true,
    });
    const fresh = setup({ stored: stored('REFUNDED') });
    expect(await fresh.service.publicStatus(ID, { token: claims.linkToken(ID) })).toMatchObject({ proofOfPurchase: true, accountExists: false });
  });

  it('does not tell whether an email has an account before the money arrived, even with proof', async () => {
    const t = setup({ stored: stored('AWAITING_PAYMENT'), accounts: ['buyer@example.com'] });
    expect(await t.service.publicStatus(ID, { secret: secret.secret })).toMatchObject({ email: 'buyer@example.com', accountExists: null });
  });

  it('an expired emailed link proves nothing', async () => {
    const t = setup({ stored: stored('PAID') });
    const old = claims.linkToken(ID, Date.now() - 15 * 86_400_000);
    expect(await t.service.publicStatus(ID, { token: old })).toMatchObject({ proofOfPurchase: false, email: null });
  });

  it('gives a crypto payment its pay instructions (what is left after an underpayment), and a card payment none', async () => {
    const crypto = setup({ stored: stored('UNDERPAID', { pay_address: 'TXaddr', pay_amount: '497.1', amount_received: '400' }) });
    const status = await crypto.service.publicStatus(ID, {});
    expect(status.payTo).toMatchObject({ address: 'TXaddr', amount: '497.1', received: '400', remaining: '97.1' });
    expect(status.payTo?.qrCode).toMatch(/^data:image\/png;base64,/);
    const card = setup({ stored: stored('PAID', { method: 'card', pay_address: null }) });
    expect((await card.service.publicStatus(ID, {})).payTo).toBeNull();
  });

  it('reports a claimed payment as claimed', async () => {
    const t = setup({ stored: stored('PAID', { claimed_by_user_id: 'u1' }) });
    expect((await t.service.publicStatus(ID, {})).claimed).toBe(true);
  });
});

describe('PaymentsService.lockClaimable (who may create an account from a payment)', () => {
  const secret = claims.newSecret();
  const manager = fakeTransactions().manager;
  const claimable = (over: Partial<PaymentRow> = {}) => payment({ claim_secret_hash: secret.hash, ...over });

  it('gives the PAID, unclaimed payment to a caller with proof and the same email (any case)', async () => {
    const t = setup({ stored: claimable() });
    await expect(t.service.lockClaimable(manager, ID, 'BUYER@example.com', { secret: secret.secret })).resolves.toMatchObject({ id: ID });
    await expect(t.service.lockClaimable(manager, ID, 'buyer@example.com', { token: claims.linkToken(ID) })).resolves.toMatchObject({ id: ID });
  });

  it.each([
    ['an unknown payment', undefined, { secret: secret.secret }, 'buyer@example.com', 400, PaymentsErrorCode.ClaimPaymentNotFound],
    ['no proof (the payment id alone)', claimable(), {}, 'buyer@example.com', 403, PaymentsErrorCode.ClaimProofRequired],
    ["another payment's link", claimable(), { token: claims.linkToken('other') }, 'buyer@example.com', 403, PaymentsErrorCode.ClaimProofRequired],
    ['a claimed payment', claimable({ claimed_by_user_id: 'u1' }), { secret: secret.secret }, 'buyer@example.com', 400, PaymentsErrorCode.AlreadyClaimed],
    ['a pending payment', claimable({ state: 'CONFIRMING' }), { secret: secret.secret }, 'buyer@example.com', 400, PaymentsErrorCode.NotConfirmed],
    ['an expired payment', claimable({ state: 'EXPIRED' }), { secret: secret.secret }, 'buyer@example.com', 400, PaymentsErrorCode.NotCompleted],
    ['a refunded payment', claimable({ state: 'REFUNDED' }), { secret: secret.secret }, 'buyer@example.com', 400, PaymentsErrorCode.NotCompleted],
    ['another email', claimable(), { secret: secret.secret }, 'other@example.com', 400, PaymentsErrorCode.EmailMismatch],
  ])('refuses %s', async (_case, stored, proof, email, status, code) => {
    const err = await failure(setup({ stored }).service.lockClaimable(manager, ID, email, proof));
    expect(statusOfErrorCode(err.code)).toBe(status);
    expect(err.code).toBe(code);
  });
});

describe('PaymentsService links', () => {
  it('emails a claim link whose token proves the purchase of that payment only', () => {
    const { service } = setup();
    const link = new URL(service.claimLink(ID));
    expect(`${link.origin}${link.pathname}${link.search}`).toBe(`${PUBLIC_URL}/thank-you?paymentId=${ID}`);
    const token = link.hash.replace('#claim=', '');
    expect(claims.proves(ID, null, { token })).toBe(true);
    expect(claims.proves('another', null, { token })).toBe(false);
  });
});

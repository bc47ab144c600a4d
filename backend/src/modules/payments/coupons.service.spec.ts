import { failure, fakeOf, fakeTransactions } from '../../../test/support/fakes';
import { statusOfErrorCode } from '../../common/errors/error-status';
import type { CouponInput, CouponRow, CouponsRepository } from './coupons.repository';
import { Coupons, UNKNOWN_COUPON, UnknownCouponError } from './coupons.service';
import { PaymentsErrorCode } from './payments.error';
import type { Price } from './pricing';
import { couponRow } from '../../../test/factories/coupon-row';

const PRICE: Price = { amount: '497.00', compareAt: '997.00', currency: 'USD' };
const DAY = 86_400_000;
const manager = fakeTransactions().manager;

const coupon = couponRow;

function setup(rows: CouponRow[] = [], o: { soldOut?: boolean; usedMailboxes?: string[]; duplicateOnRecord?: boolean } = {}) {
  const recorded: Array<{ paymentId: string; couponId: string; emailKey: string; oncePerEmail: boolean; discount: string }> = [];
  const inserted: CouponInput[] = [];
  const lookups: string[] = [];
  const repo = fakeOf<CouponsRepository>()({
    findByCode: async (code: string) => (lookups.push(code), rows.find((c) => c.code === code)),
    find: async (id: string) => rows.find((c) => c.id === id),
    insert: async (input: CouponInput) => (inserted.push(input), coupon({ id: 'new', code: input.code })),
    update: async (id: string, input: CouponInput) => (inserted.push(input), coupon({ id, code: input.code })),
    redeem: async () => !o.soldOut,
    usedByMailbox: async (_m, _id, emailKey: string) => (o.usedMailboxes ?? []).includes(emailKey),
    recordRedemption: async (_m, r) => {
      if (o.duplicateOnRecord) throw Object.assign(new Error('duplicate'), { driverError: { code: '23505' } });
      recorded.push({ paymentId: r.paymentId, couponId: r.couponId, emailKey: r.emailKey, oncePerEmail: r.oncePerEmail, discount: r.discount });
    },
  });
  return { coupons: new Coupons(repo), recorded, inserted, lookups };
}

describe('Coupons.quote', () => {
  it('without a code: the list price, no discount', async () => {
    for (const code of [undefined, '', '   ', 42]) {
      expect(await setup().coupons.quote(PRICE, code)).toEqual({
        currency: 'USD',
        listAmount: '497.00',
        compareAt: '997.00',
        discount: '0.00',
        amount: '497.00',
        couponCode: null,
        coupon: null,
      });
    }
  });

  it('a percent coupon takes its share of the list price, rounded half up to the cent (code in any case)', async () => {
    const t = setup([coupon({ percent_off: '12.50' })]);
    // 497.00 × 12.5% = 62.125 → 62.13
    expect(await t.coupons.quote(PRICE, ' spring ')).toMatchObject({ discount: '62.13', amount: '434.87', couponCode: 'SPRING' });
  });

  it('a fixed coupon takes its amount, only for prices in its currency', async () => {
    const t = setup([coupon({ kind: 'fixed', percent_off: null, amount_off: '100.00', currency: 'USD' })]);
    expect(await t.coupons.quote(PRICE, 'SPRING')).toMatchObject({ discount: '100.00', amount: '397.00' });
    const err = await failure(t.coupons.quote({ ...PRICE, currency: 'EUR' }, 'SPRING'));
    expect(err.message).toBe('This coupon is for prices in USD');
  });

  it('refuses a code that names no usable coupon as unknown (the kind that counts against guessers)', async () => {
    const t = setup([coupon({ code: 'OFF', active: false })]);
    for (const code of ['NOPE', 'OFF', 'bad code!']) {
      const err = await failure(t.coupons.quote(PRICE, code));
      expect(err).toBeInstanceOf(UnknownCouponError);
      expect(err).toMatchObject({ code: PaymentsErrorCode.CouponRefused, details: { errors: { couponCode: UNKNOWN_COUPON } } });
    }
    // A code that cannot be one is refused without a database look-up.
    expect(t.lookups).toEqual(['NOPE', 'OFF']);
  });

  it.each([
    ['not valid yet', { valid_from: new Date(Date.now() + DAY) }, 'This coupon is not valid yet'],
    ['expired', { valid_to: new Date(Date.now() - 1000) }, 'This coupon has expired'],
    ['used up', { max_redemptions: 5, redemptions: 5 }, 'This coupon has been fully redeemed'],
    ['leaving less than the minimum', { percent_off: '99.90' }, 'This coupon cannot be used at checkout'],
  ])('refuses a known coupon that is %s, as a known refusal on couponCode', async (_case, over, message) => {
    const err = await failure(setup([coupon(over)]).coupons.quote(PRICE, 'SPRING'));
    expect(err).not.toBeInstanceOf(UnknownCouponError);
    expect(statusOfErrorCode(err.code)).toBe(400);
    expect(err).toMatchObject({ code: PaymentsErrorCode.CouponRefused, details: { errors: { couponCode: message } } });
  });

  it('takes a coupon inside its dates and under its maximum', async () => {
    const t = setup([coupon({ valid_from: new Date(Date.now() - DAY), valid_to: new Date(Date.now() + DAY), max_redemptions: 5, redemptions: 4 })]);
    await expect(t.coupons.quote(PRICE, 'SPRING')).resolves.toMatchObject({ couponCode: 'SPRING' });
  });
});

describe('Coupons.redeem (in the checkout transaction)', () => {
  const payment = { id: 'p1', email: 'Ana.Lopez+2@gmail.com', discount: '49.70', currency: 'USD' };

  it('records the redemption with the mailbox key', async () => {
    const t = setup();
    await t.coupons.redeem(manager, coupon(), payment);
    expect(t.recorded).toEqual([{ paymentId: 'p1', couponId: 'c1', emailKey: 'analopez@gmail.com', oncePerEmail: false, discount: '49.70' }]);
  });

  it('refuses (409) when the last redemption was just taken', async () => {
    const t = setup([], { soldOut: true });
    const err = await failure(t.coupons.redeem(manager, coupon(), payment));
    expect(statusOfErrorCode(err.code)).toBe(409);
    expect(err.code).toBe(PaymentsErrorCode.CouponUsedUp);
    expect(t.recorded).toEqual([]);
  });

  it('a once-per-email coupon refuses the same mailbox under another spelling, and a racing duplicate', async () => {
    const used = setup([], { usedMailboxes: ['analopez@gmail.com'] });
    const err = await failure(used.coupons.redeem(manager, coupon({ once_per_email: true }), { ...payment, email: 'analopez@googlemail.com' }));
    expect(err.message).toBe('You have already used this coupon');
    expect(used.recorded).toEqual([]);
    const racing = setup([], { duplicateOnRecord: true });
    expect((await failure(racing.coupons.redeem(manager, coupon({ once_per_email: true }), payment))).message).toBe('You have already used this coupon');
  });

  it('the same mailbox may use a coupon that is not once per email again', async () => {
    const t = setup([], { usedMailboxes: ['analopez@gmail.com'] });
    await t.coupons.redeem(manager, coupon(), payment);
    expect(t.recorded).toHaveLength(1);
  });
});

describe('Coupons admin rules', () => {
  it('creates a coupon with its code normalised, refusing a taken code (409) and listing every field problem at once (400)', async () => {
    const t = setup([coupon()]);
    await t.coupons.create({ code: ' summer-26 ', kind: 'percent', percentOff: 15 });
    expect(t.inserted).toEqual([expect.objectContaining({ code: 'SUMMER-26', kind: 'percent', percentOff: '15.00', active: true, oncePerEmail: false })]);
    const taken = await failure(t.coupons.create({ code: 'spring', kind: 'percent', percentOff: 5 }));
    expect(statusOfErrorCode(taken.code)).toBe(409);
    const bad = await failure(t.coupons.create({ code: 'x', kind: 'fixed', amountOff: '-1', currency: 'JPY', validFrom: '2026-02-01', validTo: '2026-01-01' }));
    expect(statusOfErrorCode(bad.code)).toBe(400);
    expect(Object.keys(bad.details.errors ?? {}).sort()).toEqual(['amountOff', 'code', 'currency', 'validTo']);
    expect(t.inserted).toHaveLength(1);
  });

  it('updates a coupon but not onto another coupon’s code; an unknown one is 404', async () => {
    const t = setup([coupon(), coupon({ id: 'c2', code: 'AUTUMN' })]);
    await expect(t.coupons.update('c1', { percentOff: 20 })).resolves.toMatchObject({ id: 'c1' });
    expect(t.inserted[0]).toMatchObject({ code: 'SPRING', percentOff: '20.00' });
    expect(statusOfErrorCode((await failure(t.coupons.update('c1', { code: 'autumn' }))).code)).toBe(409);
    expect(statusOfErrorCode((await failure(t.coupons.update('nope', { percentOff: 20 }))).code)).toBe(404);
  });
});

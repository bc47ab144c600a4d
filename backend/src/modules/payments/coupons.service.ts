import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CommonError } from '../../common/errors/common.error';
import type { FieldErrors } from '../../common/errors/domain-error';
import { couponEmailKey } from './coupon-email-key';
import { CouponsRepository, type CouponInput, type CouponPerformance, type CouponRow } from './coupons.repository';
import { fromCents, toCents } from './decimal';
import { PaymentsError, PaymentsErrorCode } from './payments.error';
import type { Price } from './pricing';

const CODE = /^[A-Z0-9][A-Z0-9_-]{1,39}$/;
const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD'];
/** The least a checkout may cost after a coupon (the providers refuse less). */
const MIN_CENTS = 100n;

export interface Quote {
  currency: string;
  listAmount: string;
  compareAt: string;
  discount: string;
  amount: string;
  couponCode: string | null;
}

export interface CouponView {
  id: string;
  code: string;
  kind: 'percent' | 'fixed';
  percentOff: number | null;
  amountOff: string | null;
  currency: string | null;
  validFrom: string | null;
  validTo: string | null;
  maxRedemptions: number | null;
  redemptions: number;
  oncePerEmail: boolean;
  active: boolean;
  createdAt: string;
}

export const normaliseCode = (code: unknown) => (typeof code === 'string' ? code.trim().toUpperCase() : '');

export function couponView(c: CouponRow): CouponView {
  return {
    id: c.id,
    code: c.code,
    kind: c.kind,
    percentOff: c.percent_off === null ? null : Number(c.percent_off),
    amountOff: c.amount_off,
    currency: c.currency,
    validFrom: c.valid_from ? new Date(c.valid_from).toISOString() : null,
    validTo: c.valid_to ? new Date(c.valid_to).toISOString() : null,
    maxRedemptions: c.max_redemptions,
    redemptions: c.redemptions,
    oncePerEmail: c.once_per_email,
    active: c.active,
    createdAt: new Date(c.created_at).toISOString(),
  };
}

/** An admin's coupon, checked field by field (every problem at once), or the errors. */
export function parseCoupon(body: Record<string, unknown>): { input: CouponInput } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const code = normaliseCode(body.code);
  if (!CODE.test(code)) errors.code = 'The code must be 2 to 40 letters, digits, - or _';
  const kind = body.kind;
  if (kind !== 'percent' && kind !== 'fixed') errors.kind = 'The kind must be percent or fixed';
  let percentOff: string | null = null;
  let amountOff: string | null = null;
  let currency: string | null = null;
  if (kind === 'percent') {
    const n = Number(body.percentOff);
    if (
      body.percentOff === null ||
      body.percentOff === undefined ||
      body.percentOff === '' ||
      !Number.isFinite(n) ||
      n <= 0 ||
      n > 100 ||
      Math.round(n * 100) !== n * 100
    )
      errors.percentOff = 'The percentage must be more than 0 and at most 100, with at most two decimals';
    else percentOff = n.toFixed(2);
  } else if (kind === 'fixed') {
    const cents = toCents(typeof body.amountOff === 'number' ? String(body.amountOff) : body.amountOff);
    if (cents === null || cents <= 0n || cents > 100_000_000n) errors.amountOff = 'The amount off must be a positive amount with at most two decimals';
    else amountOff = fromCents(cents);
    currency = typeof body.currency === 'string' ? body.currency.trim().toUpperCase() : '';
    if (!CURRENCIES.includes(currency)) errors.currency = `A fixed amount needs its currency: one of ${CURRENCIES.join(', ')}`;
  }
  const date = (field: 'validFrom' | 'validTo'): Date | null => {
    const v = body[field];
    if (v === null || v === undefined || v === '') return null;
    const d = typeof v === 'string' ? new Date(v) : null;
    if (!d || Number.isNaN(d.getTime())) {
      errors[field] = 'Please enter a valid date';
      return null;
    }
    return d;
  };
  const validFrom = date('validFrom');
  const validTo = date('validTo');
  if (validFrom && validTo && validFrom >= validTo) errors.validTo = 'The end must be after the start';
  let maxRedemptions: number | null = null;
  if (body.maxRedemptions !== null && body.maxRedemptions !== undefined && body.maxRedemptions !== '') {
    const n = Number(body.maxRedemptions);
    if (!Number.isInteger(n) || n < 1 || n > 1_000_000)
      errors.maxRedemptions = 'The maximum must be a whole number from 1 to 1,000,000 (or empty for no limit)';
    else maxRedemptions = n;
  }
  for (const flag of ['oncePerEmail', 'active'] as const)
    if (body[flag] !== undefined && typeof body[flag] !== 'boolean') errors[flag] = `${flag} must be true or false`;
  if (Object.keys(errors).length > 0) return { errors };
  const input: CouponInput = {
    code,
    kind: kind as 'percent' | 'fixed',
    percentOff,
    amountOff,
    currency,
    validFrom,
    validTo,
    maxRedemptions,
    oncePerEmail: body.oncePerEmail === true,
    active: body.active !== false,
  };
  return { input };
}

const refused = (message: string) => new PaymentsError(PaymentsErrorCode.CouponRefused, message, { errors: { couponCode: message } });

export const UNKNOWN_COUPON = 'This coupon code is not valid';

/** A code that names no usable coupon (none, or switched off): what a guesser mostly gets, so it counts against the client's limit. */
export class UnknownCouponError extends PaymentsError {
  constructor() {
    super(PaymentsErrorCode.CouponRefused, UNKNOWN_COUPON, { errors: { couponCode: UNKNOWN_COUPON } });
  }
}

/** Coupons: the admin's CRUD, the price a coupon gives at checkout, and its redemption in the checkout's transaction. */
@Injectable()
export class Coupons {
  constructor(private readonly coupons: CouponsRepository) {}

  async list(): Promise<CouponView[]> {
    return (await this.coupons.list()).map(couponView);
  }

  async get(id: string): Promise<CouponView> {
    const c = await this.coupons.find(id);
    if (!c) throw CommonError.notFound('Coupon not found');
    return couponView(c);
  }

  async create(body: Record<string, unknown>): Promise<CouponView> {
    const parsed = parseCoupon(body);
    if ('errors' in parsed) throw CommonError.invalid('Please check the coupon', parsed.errors);
    const { input } = parsed;
    if (await this.coupons.findByCode(input.code)) throw CommonError.conflict('A coupon with this code exists', { code: 'A coupon with this code exists' });
    return couponView(await this.coupons.insert(input));
  }

  async update(id: string, body: Record<string, unknown>): Promise<CouponView> {
    const current = await this.coupons.find(id);
    if (!current) throw CommonError.notFound('Coupon not found');
    const merged = { ...couponView(current), ...body };
    const parsed = parseCoupon(merged);
    if ('errors' in parsed) throw CommonError.invalid('Please check the coupon', parsed.errors);
    const { input } = parsed;
    const other = await this.coupons.findByCode(input.code);
    if (other && other.id !== id) throw CommonError.conflict('A coupon with this code exists', { code: 'A coupon with this code exists' });
    return couponView((await this.coupons.update(id, input))!);
  }

  async remove(id: string): Promise<'deleted' | 'deactivated'> {
    const done = await this.coupons.remove(id);
    if (!done) throw CommonError.notFound('Coupon not found');
    return done;
  }

  performance(): Promise<CouponPerformance[]> {
    return this.coupons.performance();
  }

  /**
   * The price with a coupon (or without one): the server's list price less
   * the coupon's discount, to the cent. A coupon that does not exist, is
   * inactive, outside its dates, used up or for another currency is refused
   * with a clear message on the couponCode field.
   */
  async quote(price: Price, code: unknown): Promise<Quote & { coupon: CouponRow | null }> {
    const base = { currency: price.currency, listAmount: price.amount, compareAt: price.compareAt };
    const wanted = normaliseCode(code);
    if (!wanted) return { ...base, discount: '0.00', amount: price.amount, couponCode: null, coupon: null };
    const coupon = CODE.test(wanted) ? await this.coupons.findByCode(wanted) : undefined;
    if (!coupon || !coupon.active) throw new UnknownCouponError();
    const now = Date.now();
    if (coupon.valid_from && new Date(coupon.valid_from).getTime() > now) throw refused('This coupon is not valid yet');
    if (coupon.valid_to && new Date(coupon.valid_to).getTime() <= now) throw refused('This coupon has expired');
    if (coupon.max_redemptions !== null && coupon.redemptions >= coupon.max_redemptions) throw refused('This coupon has been fully redeemed');
    const list = toCents(price.amount)!;
    let discount: bigint;
    if (coupon.kind === 'percent') {
      // Percent with two decimals: list × basis points / 10000, rounded half up to the cent.
      const basisPoints = toCents(coupon.percent_off)!;
      discount = (list * basisPoints + 5000n) / 10000n;
    } else {
      if (coupon.currency !== price.currency) throw refused(`This coupon is for prices in ${coupon.currency ?? '?'}`);
      discount = toCents(coupon.amount_off)!;
    }
    if (list - discount < MIN_CENTS) throw refused('This coupon cannot be used at checkout');
    return { ...base, discount: fromCents(discount), amount: fromCents(list - discount), couponCode: coupon.code, coupon };
  }

  /** Why a code cannot be offered (Settings > Recovery's coupon): it names no active coupon, or its dates are over; null: it can. */
  async problemForOffer(code: string): Promise<string | null> {
    const wanted = normaliseCode(code);
    const coupon = CODE.test(wanted) ? await this.coupons.findByCode(wanted) : undefined;
    if (!coupon || !coupon.active) return 'No active coupon has this code (Coupons lists them)';
    if (coupon.valid_to && new Date(coupon.valid_to).getTime() <= Date.now()) return 'This coupon has expired';
    if (coupon.max_redemptions !== null && coupon.redemptions >= coupon.max_redemptions) return 'This coupon has been fully redeemed';
    return null;
  }

  /** In the checkout's transaction, after the payment row: takes the redemption or refuses the checkout (409), leaving nothing behind. */
  async redeem(manager: EntityManager, coupon: CouponRow, payment: { id: string; email: string; discount: string; currency: string }): Promise<void> {
    if (!(await this.coupons.redeem(manager, coupon.id)))
      throw new PaymentsError(PaymentsErrorCode.CouponUsedUp, 'This coupon has just been fully redeemed', {
        errors: { couponCode: 'This coupon has just been fully redeemed' },
      });
    // One per mailbox: Ana.Lopez+2@gmail.com and analopez@googlemail.com are the same buyer.
    const emailKey = couponEmailKey(payment.email);
    if (coupon.once_per_email) {
      if (await this.coupons.usedByMailbox(manager, coupon.id, emailKey)) throw refused('You have already used this coupon');
    }
    try {
      await this.coupons.recordRedemption(manager, {
        paymentId: payment.id,
        couponId: coupon.id,
        email: payment.email,
        emailKey,
        oncePerEmail: coupon.once_per_email,
        discount: payment.discount,
        currency: payment.currency,
      });
    } catch (err) {
      if ((err as { driverError?: { code?: string } }).driverError?.code === '23505') throw refused('You have already used this coupon');
      throw err;
    }
  }
}

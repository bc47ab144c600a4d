import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type {
  IAllCouponsQuery,
  ICouponByCodeQuery,
  ICouponByIdQuery,
  ICouponByIdResult,
  ICouponPerformanceQuery,
  IDeactivateCouponQuery,
  IDeleteUnredeemedCouponQuery,
  IInsertCouponQuery,
  IInsertCouponRedemptionQuery,
  IRedeemCouponQuery,
  IReleaseCouponRedemptionQuery,
  IRetakeCouponRedemptionQuery,
  IUpdateCouponQuery,
  IUsedByMailboxQuery,
} from './coupons.repository.types';

/** A coupon as generated from the schema (coupons.repository.types.ts, `npm run db:types`), with its kind narrowed to the values the schema's check allows. */
export type CouponRow = Omit<ICouponByIdResult, 'kind'> & { kind: 'percent' | 'fixed' };

export interface CouponInput {
  code: string;
  kind: 'percent' | 'fixed';
  percentOff: string | null;
  amountOff: string | null;
  currency: string | null;
  validFrom: Date | null;
  validTo: Date | null;
  maxRedemptions: number | null;
  oncePerEmail: boolean;
  active: boolean;
}

export interface CouponPerformance {
  code: string;
  currency: string;
  redemptions: number;
  revenue: string;
  discount: string;
}

/* Typed against the schema by pgtyped (npm run db:types writes coupons.repository.types.ts). */
const allCoupons = sql<IAllCouponsQuery>`SELECT * FROM coupons ORDER BY created_at DESC, id`;
const couponById = sql<ICouponByIdQuery>`SELECT * FROM coupons WHERE id = $id!`;
const couponByCode = sql<ICouponByCodeQuery>`SELECT * FROM coupons WHERE code = $code!`;
const insertCoupon = sql<IInsertCouponQuery>`
  INSERT INTO coupons (code, kind, percent_off, amount_off, currency, valid_from, valid_to, max_redemptions, once_per_email, active)
  VALUES ($code!, $kind!, $percentOff, $amountOff, $currency, $validFrom, $validTo, $maxRedemptions, $oncePerEmail!, $active!) RETURNING *`;
const updateCoupon = sql<IUpdateCouponQuery>`
  UPDATE coupons SET (code, kind, percent_off, amount_off, currency, valid_from, valid_to, max_redemptions, once_per_email, active, updated_at) =
                     ($code!, $kind!, $percentOff, $amountOff, $currency, $validFrom, $validTo, $maxRedemptions, $oncePerEmail!, $active!, now())
   WHERE id = $id! RETURNING *`;
const deleteUnredeemedCoupon = sql<IDeleteUnredeemedCouponQuery>`
  DELETE FROM coupons WHERE id = $id! AND NOT EXISTS (SELECT 1 FROM coupon_redemptions WHERE coupon_id = $id!)`;
const deactivateCoupon = sql<IDeactivateCouponQuery>`UPDATE coupons SET active = false, updated_at = now() WHERE id = $id!`;
const redeemCoupon = sql<IRedeemCouponQuery>`
  UPDATE coupons SET redemptions = redemptions + 1, updated_at = now()
   WHERE id = $id! AND active AND (max_redemptions IS NULL OR redemptions < max_redemptions)
     AND (valid_from IS NULL OR valid_from <= now()) AND (valid_to IS NULL OR valid_to > now())`;
const insertCouponRedemption = sql<IInsertCouponRedemptionQuery>`
  INSERT INTO coupon_redemptions (payment_id, coupon_id, email, email_key, once_per_email, discount, currency)
  VALUES ($paymentId!, $couponId!, $email!, $emailKey!, $oncePerEmail!, $discount!, $currency!)`;
const usedByMailbox = sql<IUsedByMailboxQuery>`
  SELECT 1 AS one FROM coupon_redemptions WHERE coupon_id = $couponId! AND email_key = $emailKey! AND once_per_email AND released_at IS NULL LIMIT 1`;
const releaseCouponRedemption = sql<IReleaseCouponRedemptionQuery>`
  WITH released AS (UPDATE coupon_redemptions SET released_at = now() WHERE payment_id = $paymentId! AND released_at IS NULL RETURNING coupon_id)
  UPDATE coupons c SET redemptions = c.redemptions - 1, updated_at = now() FROM released r WHERE c.id = r.coupon_id`;
const retakeCouponRedemption = sql<IRetakeCouponRedemptionQuery>`
  WITH retaken AS (UPDATE coupon_redemptions SET released_at = NULL WHERE payment_id = $paymentId! AND released_at IS NOT NULL RETURNING coupon_id)
  UPDATE coupons c SET redemptions = c.redemptions + 1, updated_at = now() FROM retaken r WHERE c.id = r.coupon_id`;
const couponPerformance = sql<ICouponPerformanceQuery>`
  SELECT c.code, p.currency, count(*)::int AS "redemptions!", sum(p.amount)::text AS "revenue!", sum(p.discount_amount)::text AS "discount!"
    FROM coupon_redemptions r JOIN coupons c ON c.id = r.coupon_id JOIN payments p ON p.id = r.payment_id
   WHERE p.state = 'PAID'
   GROUP BY c.code, p.currency ORDER BY c.code, p.currency`;

/** A coupon row as generated (kind as text) with the kinds the schema's check allows. */
const asCoupon = <T extends { kind: string }>(row: T | undefined) => row as (Omit<T, 'kind'> & Pick<CouponRow, 'kind'>) | undefined;

const couponParams = (c: CouponInput) => ({
  code: c.code,
  kind: c.kind,
  percentOff: c.percentOff,
  amountOff: c.amountOff,
  currency: c.currency,
  validFrom: c.validFrom,
  validTo: c.validTo,
  maxRedemptions: c.maxRedemptions,
  oncePerEmail: c.oncePerEmail,
  active: c.active,
});

/** Coupons and their redemptions: a redemption is taken on the coupon row itself (one UPDATE), so concurrent checkouts never over-redeem. */
@Injectable()
export class CouponsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(): Promise<CouponRow[]> {
    return (await typedRows(this.dataSource.manager, allCoupons, undefined)).map((row) => asCoupon(row)!);
  }

  async find(id: string): Promise<CouponRow | undefined> {
    return asCoupon(await typedOne(this.dataSource.manager, couponById, { id }));
  }

  async findByCode(code: string): Promise<CouponRow | undefined> {
    return asCoupon(await typedOne(this.dataSource.manager, couponByCode, { code }));
  }

  async insert(c: CouponInput): Promise<CouponRow> {
    return asCoupon(await typedOne(this.dataSource.manager, insertCoupon, couponParams(c)))!;
  }

  async update(id: string, c: CouponInput): Promise<CouponRow | undefined> {
    return asCoupon(await typedOne(this.dataSource.manager, updateCoupon, { id, ...couponParams(c) }));
  }

  /** A coupon never redeemed is deleted; one with redemptions is only deactivated (payments keep its code). */
  async remove(id: string): Promise<'deleted' | 'deactivated' | null> {
    const deleted = await typedExecute(this.dataSource.manager, deleteUnredeemedCoupon, { id });
    if (deleted) return 'deleted';
    const deactivated = await typedExecute(this.dataSource.manager, deactivateCoupon, { id });
    return deactivated ? 'deactivated' : null;
  }

  /**
   * Takes one redemption for a payment, in the checkout's transaction: the
   * coupon row's count goes up only while it is active, in its validity
   * window and under its maximum (a concurrent checkout waits on the row and
   * then finds it full). Answers false when the coupon could not be taken.
   */
  async redeem(manager: EntityManager, couponId: string): Promise<boolean> {
    const taken = await typedExecute(manager, redeemCoupon, { id: couponId });
    return taken > 0;
  }

  /** `emailKey`: the mailbox the one-per-email rule counts (couponEmailKey); `email` is kept as typed. */
  async recordRedemption(
    manager: EntityManager,
    r: { paymentId: string; couponId: string; email: string; emailKey: string; oncePerEmail: boolean; discount: string; currency: string },
  ): Promise<void> {
    await typedExecute(manager, insertCouponRedemption, r);
  }

  /** A one-per-email coupon this mailbox (its couponEmailKey) holds a redemption of (not given back). */
  async usedByMailbox(manager: EntityManager, couponId: string, emailKey: string): Promise<boolean> {
    const row = await typedOne(manager, usedByMailbox, { couponId, emailKey });
    return row !== undefined;
  }

  /** An abandoned checkout (expired, failed) gives its redemption back. */
  async release(manager: EntityManager, paymentId: string): Promise<void> {
    await typedExecute(manager, releaseCouponRedemption, { paymentId });
  }

  /** Money that arrives after the checkout was given up takes its redemption again (even past the maximum: it was paid). */
  async retake(manager: EntityManager, paymentId: string): Promise<void> {
    await typedExecute(manager, retakeCouponRedemption, { paymentId });
  }

  /** Per coupon and currency: paid redemptions, the revenue they brought and the discount they gave (refunds excluded). */
  performance(): Promise<CouponPerformance[]> {
    return typedRows(this.dataSource.manager, couponPerformance, undefined);
  }
}

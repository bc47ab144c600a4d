import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { execute, queryOne, queryRows } from '../../database/sql.repository';

export interface CouponRow {
  id: string;
  code: string;
  kind: 'percent' | 'fixed';
  percent_off: string | null;
  amount_off: string | null;
  currency: string | null;
  valid_from: Date | null;
  valid_to: Date | null;
  max_redemptions: number | null;
  redemptions: number;
  once_per_email: boolean;
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

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

const COLUMNS = `code, kind, percent_off, amount_off, currency, valid_from, valid_to, max_redemptions, once_per_email, active`;
const values = (c: CouponInput) => [c.code, c.kind, c.percentOff, c.amountOff, c.currency, c.validFrom, c.validTo, c.maxRedemptions, c.oncePerEmail, c.active];

/** Coupons and their redemptions: a redemption is taken on the coupon row itself (one UPDATE), so concurrent checkouts never over-redeem. */
@Injectable()
export class CouponsRepository {
  constructor(private readonly dataSource: DataSource) {}

  list(): Promise<CouponRow[]> {
    return queryRows<CouponRow>(this.dataSource.manager, 'SELECT * FROM coupons ORDER BY created_at DESC, id');
  }

  find(id: string): Promise<CouponRow | undefined> {
    return queryOne<CouponRow>(this.dataSource.manager, 'SELECT * FROM coupons WHERE id = $1', [id]);
  }

  findByCode(code: string): Promise<CouponRow | undefined> {
    return queryOne<CouponRow>(this.dataSource.manager, 'SELECT * FROM coupons WHERE code = $1', [code]);
  }

  async insert(c: CouponInput): Promise<CouponRow> {
    return (await queryOne<CouponRow>(
      this.dataSource.manager,
      `INSERT INTO coupons (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
      values(c),
    ))!;
  }

  update(id: string, c: CouponInput): Promise<CouponRow | undefined> {
    return queryOne<CouponRow>(
      this.dataSource.manager,
      `UPDATE coupons SET (${COLUMNS}, updated_at) = ($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now()) WHERE id = $1 RETURNING *`,
      [id, ...values(c)],
    );
  }

  /** A coupon never redeemed is deleted; one with redemptions is only deactivated (payments keep its code). */
  async remove(id: string): Promise<'deleted' | 'deactivated' | null> {
    const deleted = await execute(
      this.dataSource.manager,
      `DELETE FROM coupons WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM coupon_redemptions WHERE coupon_id = $1)`,
      [id],
    );
    if (deleted) return 'deleted';
    const deactivated = await execute(this.dataSource.manager, 'UPDATE coupons SET active = false, updated_at = now() WHERE id = $1', [id]);
    return deactivated ? 'deactivated' : null;
  }

  /**
   * Takes one redemption for a payment, in the checkout's transaction: the
   * coupon row's count goes up only while it is active, in its validity
   * window and under its maximum (a concurrent checkout waits on the row and
   * then finds it full). Answers false when the coupon could not be taken.
   */
  async redeem(manager: EntityManager, couponId: string): Promise<boolean> {
    const taken = await execute(
      manager,
      `UPDATE coupons SET redemptions = redemptions + 1, updated_at = now()
        WHERE id = $1 AND active AND (max_redemptions IS NULL OR redemptions < max_redemptions)
          AND (valid_from IS NULL OR valid_from <= now()) AND (valid_to IS NULL OR valid_to > now())`,
      [couponId],
    );
    return taken > 0;
  }

  /** `emailKey`: the mailbox the one-per-email rule counts (couponEmailKey); `email` is kept as typed. */
  async recordRedemption(
    manager: EntityManager,
    r: { paymentId: string; couponId: string; email: string; emailKey: string; oncePerEmail: boolean; discount: string; currency: string },
  ): Promise<void> {
    await execute(
      manager,
      `INSERT INTO coupon_redemptions (payment_id, coupon_id, email, email_key, once_per_email, discount, currency) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [r.paymentId, r.couponId, r.email, r.emailKey, r.oncePerEmail, r.discount, r.currency],
    );
  }

  /** A one-per-email coupon this mailbox (its couponEmailKey) holds a redemption of (not given back). */
  async usedByMailbox(manager: EntityManager, couponId: string, emailKey: string): Promise<boolean> {
    const row = await queryOne<{ one: number }>(
      manager,
      `SELECT 1 AS one FROM coupon_redemptions WHERE coupon_id = $1 AND email_key = $2 AND once_per_email AND released_at IS NULL LIMIT 1`,
      [couponId, emailKey],
    );
    return row !== undefined;
  }

  /** An abandoned checkout (expired, failed) gives its redemption back. */
  async release(manager: EntityManager, paymentId: string): Promise<void> {
    await execute(
      manager,
      `WITH released AS (UPDATE coupon_redemptions SET released_at = now() WHERE payment_id = $1 AND released_at IS NULL RETURNING coupon_id)
       UPDATE coupons c SET redemptions = c.redemptions - 1, updated_at = now() FROM released r WHERE c.id = r.coupon_id`,
      [paymentId],
    );
  }

  /** Money that arrives after the checkout was given up takes its redemption again (even past the maximum: it was paid). */
  async retake(manager: EntityManager, paymentId: string): Promise<void> {
    await execute(
      manager,
      `WITH retaken AS (UPDATE coupon_redemptions SET released_at = NULL WHERE payment_id = $1 AND released_at IS NOT NULL RETURNING coupon_id)
       UPDATE coupons c SET redemptions = c.redemptions + 1, updated_at = now() FROM retaken r WHERE c.id = r.coupon_id`,
      [paymentId],
    );
  }

  /** Per coupon and currency: paid redemptions, the revenue they brought and the discount they gave (refunds excluded). */
  performance(): Promise<CouponPerformance[]> {
    return queryRows<CouponPerformance>(
      this.dataSource.manager,
      `SELECT c.code, p.currency, count(*)::int AS redemptions, sum(p.amount)::text AS revenue, sum(p.discount_amount)::text AS discount
         FROM coupon_redemptions r JOIN coupons c ON c.id = r.coupon_id JOIN payments p ON p.id = r.payment_id
        WHERE p.state = 'PAID'
        GROUP BY c.code, p.currency ORDER BY c.code, p.currency`,
    );
  }
}

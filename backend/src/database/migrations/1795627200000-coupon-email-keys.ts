import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One-per-email coupons count mailboxes, not spellings (issue 27):
 * coupon_redemptions.email_key is the address as the rule reads it (lower
 * case, "+tag" dropped, dots dropped for Gmail, googlemail.com as
 * gmail.com: couponEmailKey in payments/coupon-email-key.ts), unique per
 * coupon among the redemptions that hold (once_per_email, not given back),
 * in place of lower(email). The payment and the redemption keep the email
 * as typed.
 *
 * Existing rows get their key here, in SQL computing what couponEmailKey
 * computes. Where aliases already redeemed one coupon more than once (what
 * this closes), the first redemption holds the key and the later ones keep
 * none (NULL): they stay as history and the mailbox cannot redeem again.
 * coupon_redemptions is small (one row per checkout with a coupon); the
 * index is built in the migration's transaction.
 */
export class CouponEmailKeys1795627200000 implements MigrationInterface {
  name = 'CouponEmailKeys1795627200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE coupon_redemptions ADD COLUMN email_key varchar(254)`);
    await q.query(`
      WITH parts AS (
        SELECT payment_id, coupon_id, once_per_email, released_at, created_at,
               split_part(substring(lower(btrim(email)) FROM '^(.*)@[^@]*$'), '+', 1) AS local,
               substring(lower(btrim(email)) FROM '@([^@]*)$') AS domain
          FROM coupon_redemptions
      ), keyed AS (
        SELECT payment_id, coupon_id, once_per_email, released_at, created_at,
               CASE WHEN domain IN ('gmail.com', 'googlemail.com') THEN replace(local, '.', '') || '@gmail.com' ELSE local || '@' || domain END AS email_key
          FROM parts
      ), later AS (
        SELECT payment_id FROM (
          SELECT payment_id, row_number() OVER (PARTITION BY coupon_id, email_key ORDER BY created_at, payment_id) AS n
            FROM keyed WHERE once_per_email AND released_at IS NULL
        ) ranked WHERE n > 1
      )
      UPDATE coupon_redemptions r SET email_key = k.email_key
        FROM keyed k
       WHERE r.payment_id = k.payment_id AND k.payment_id NOT IN (SELECT payment_id FROM later)`);
    await q.query(`DROP INDEX coupon_redemptions_once_per_email_key`);
    await q.query(
      `CREATE UNIQUE INDEX coupon_redemptions_once_per_mailbox_key ON coupon_redemptions (coupon_id, email_key) WHERE once_per_email AND released_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX coupon_redemptions_once_per_mailbox_key`);
    await q.query(`ALTER TABLE coupon_redemptions DROP COLUMN email_key`);
    await q.query(
      `CREATE UNIQUE INDEX coupon_redemptions_once_per_email_key ON coupon_redemptions (coupon_id, lower(email)) WHERE once_per_email AND released_at IS NULL`,
    );
  }
}

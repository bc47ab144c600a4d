import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Checkout that sells (issue 20):
 * - payments: the method (crypto, card, PayPal), the list price and the
 *   coupon discount, what a crypto provider says to send (address, exact
 *   amount, expiry) and what arrived, and the provider's refund reference;
 * - coupons and coupon_redemptions: each checkout with a coupon takes one
 *   redemption in its own transaction (counted on the coupon row, so
 *   concurrent checkouts never over-redeem); an abandoned one gives it back;
 * - sandbox_checkouts: the sandbox's card and PayPal simulators remember
 *   their sessions and orders, like the real providers;
 *   sandbox_ipn_deliveries.scheme: how a retried notification is signed;
 * - revenue_daily and coupon_daily_metrics: analytics rollups per currency
 *   (revenue is never summed across currencies) and per coupon, filled from
 *   the events the rollup consumer already recorded.
 */
export class Checkout1795613300000 implements MigrationInterface {
  name = 'Checkout1795613300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE payments
        ADD COLUMN method varchar(8) NOT NULL DEFAULT 'crypto' CHECK (method IN ('crypto', 'card', 'paypal')),
        ADD COLUMN list_amount numeric(12, 2),
        ADD COLUMN discount_amount numeric(12, 2) NOT NULL DEFAULT 0 CHECK (discount_amount >= 0),
        ADD COLUMN coupon_code varchar(40),
        ADD COLUMN pay_address text,
        ADD COLUMN pay_amount varchar(40),
        ADD COLUMN pay_expires_at timestamptz,
        ADD COLUMN amount_received varchar(40),
        ADD COLUMN provider_refund_ref varchar(128)`);

    await q.query(`
      CREATE TABLE coupons (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code varchar(40) NOT NULL CHECK (code ~ '^[A-Z0-9][A-Z0-9_-]{1,39}$'),
        kind varchar(8) NOT NULL CHECK (kind IN ('percent', 'fixed')),
        percent_off numeric(5, 2) CHECK (percent_off > 0 AND percent_off <= 100),
        amount_off numeric(12, 2) CHECK (amount_off > 0),
        currency char(3),
        valid_from timestamptz,
        valid_to timestamptz,
        max_redemptions int CHECK (max_redemptions > 0),
        redemptions int NOT NULL DEFAULT 0 CHECK (redemptions >= 0),
        once_per_email boolean NOT NULL DEFAULT false,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((kind = 'percent' AND percent_off IS NOT NULL AND amount_off IS NULL AND currency IS NULL)
            OR (kind = 'fixed' AND amount_off IS NOT NULL AND currency IS NOT NULL AND percent_off IS NULL)),
        CHECK (valid_from IS NULL OR valid_to IS NULL OR valid_from < valid_to)
      )`);
    await q.query(`CREATE UNIQUE INDEX coupons_code_key ON coupons (code)`);
    await q.query(`CREATE INDEX coupons_created_idx ON coupons (created_at DESC, id)`);
    await q.query(`
      CREATE TABLE coupon_redemptions (
        payment_id uuid PRIMARY KEY REFERENCES payments(id) ON DELETE CASCADE,
        coupon_id uuid NOT NULL REFERENCES coupons(id),
        email varchar(254) NOT NULL,
        once_per_email boolean NOT NULL,
        discount numeric(12, 2) NOT NULL,
        currency char(3) NOT NULL,
        released_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX coupon_redemptions_coupon_idx ON coupon_redemptions (coupon_id)`);
    await q.query(
      `CREATE UNIQUE INDEX coupon_redemptions_once_per_email_key ON coupon_redemptions (coupon_id, lower(email)) WHERE once_per_email AND released_at IS NULL`,
    );

    await q.query(`
      CREATE TABLE sandbox_checkouts (
        id varchar(64) PRIMARY KEY,
        kind varchar(8) NOT NULL CHECK (kind IN ('card', 'paypal')),
        payment_id uuid,
        amount numeric(12, 2) NOT NULL,
        currency char(3) NOT NULL,
        status varchar(32) NOT NULL,
        request jsonb NOT NULL,
        capture_id varchar(64),
        refund_id varchar(64),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX sandbox_checkouts_payment_idx ON sandbox_checkouts (payment_id)`);
    await q.query(`ALTER TABLE sandbox_ipn_deliveries ADD COLUMN scheme varchar(16) NOT NULL DEFAULT 'nowpayments', ADD COLUMN headers jsonb`);

    await q.query(`
      CREATE TABLE revenue_daily (
        day date NOT NULL,
        currency char(3) NOT NULL,
        revenue numeric(14, 2) NOT NULL DEFAULT 0,
        payments int NOT NULL DEFAULT 0,
        refunds int NOT NULL DEFAULT 0,
        PRIMARY KEY (day, currency)
      )`);
    await q.query(`
      CREATE TABLE coupon_daily_metrics (
        coupon_code varchar(40) NOT NULL,
        currency char(3) NOT NULL,
        day date NOT NULL,
        redemptions int NOT NULL DEFAULT 0,
        revenue numeric(14, 2) NOT NULL DEFAULT 0,
        discount numeric(14, 2) NOT NULL DEFAULT 0,
        PRIMARY KEY (coupon_code, currency, day)
      )`);
    // What the rollup consumer already counted in daily_metrics.revenue, now per currency (before any coupon existed).
    await q.query(`
      INSERT INTO revenue_daily (day, currency, revenue, payments, refunds)
      SELECT (o.occurred_at AT TIME ZONE 'UTC')::date, upper(o.payload->>'currency'),
             sum(CASE WHEN o.type = 'payment.confirmed' THEN (o.payload->>'amount')::numeric ELSE -(o.payload->>'amount')::numeric END),
             count(*) FILTER (WHERE o.type = 'payment.confirmed'), count(*) FILTER (WHERE o.type = 'payment.refunded')
        FROM outbox_events o JOIN processed_events p ON p.event_id = o.id AND p.consumer = 'update-analytics-rollups'
       WHERE o.type IN ('payment.confirmed', 'payment.refunded')
       GROUP BY 1, 2`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['coupon_daily_metrics', 'revenue_daily', 'sandbox_checkouts', 'coupon_redemptions', 'coupons']) await q.query(`DROP TABLE ${t}`);
    await q.query(`ALTER TABLE sandbox_ipn_deliveries DROP COLUMN scheme, DROP COLUMN headers`);
    await q.query(`
      ALTER TABLE payments DROP COLUMN method, DROP COLUMN list_amount, DROP COLUMN discount_amount, DROP COLUMN coupon_code,
        DROP COLUMN pay_address, DROP COLUMN pay_amount, DROP COLUMN pay_expires_at, DROP COLUMN amount_received, DROP COLUMN provider_refund_ref`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What issue 29 found the seller and the buyer missing:
 * - refund_requests.decision_reason: why an admin declined a request (the
 *   buyer is emailed it and sees it on the account page);
 * - users.plan back in line with access for learners refunded after they
 *   changed their email (the refund used to recompute the plan of the
 *   purchase email's account, which no longer existed, so it stayed lifetime);
 * - payments.payer_name: the name the card or PayPal provider reported for
 *   the payer, offered when the buyer creates the account;
 * - daily_metrics.revenue dropped: it summed every currency into one
 *   number; revenue lives per currency in revenue_daily.
 */
export class SellerDecisions1795630000001 implements MigrationInterface {
  name = 'SellerDecisions1795630000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE refund_requests ADD COLUMN decision_reason text`);
    await q.query(`ALTER TABLE payments ADD COLUMN payer_name varchar(120)`);
    await q.query(`
      UPDATE users u SET plan = 'free', updated_at = now()
       WHERE u.role = 'student' AND u.plan = 'lifetime' AND NOT EXISTS (SELECT 1 FROM entitlements e WHERE e.user_id = u.id AND e.revoked_at IS NULL)`);
    await q.query(`ALTER TABLE daily_metrics DROP COLUMN revenue`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE daily_metrics ADD COLUMN revenue numeric(14, 2) NOT NULL DEFAULT 0`);
    await q.query(`
      UPDATE daily_metrics d SET revenue = r.revenue
        FROM (SELECT day, sum(revenue) AS revenue FROM revenue_daily GROUP BY day) r WHERE r.day = d.day`);
    await q.query(`ALTER TABLE payments DROP COLUMN payer_name`);
    await q.query(`ALTER TABLE refund_requests DROP COLUMN decision_reason`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Purchase life cycle (issue 18):
 * - mail_log: one row per mail that must go out at most once (a receipt per
 *   payment, a reminder per payment...), written in the transaction that sends it.
 * - receipts: the numbered receipt of each paid payment.
 * - payments.claim_reminder_at: when the "finish creating your account" reminder was due and announced.
 * - refund_requests: a learner's refund request (one per payment), pending until an admin refunds or declines.
 * - support_messages: the contact form of signed-in learners.
 * - course_ratings.review / review_hidden_at: an optional short review, hidden by an admin.
 */
export class PurchaseLifecycle1795600839560 implements MigrationInterface {
  name = 'PurchaseLifecycle1795600839560';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mail_log (
        dedupe_key text PRIMARY KEY,
        tag text,
        recipient text NOT NULL,
        subject text NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE SEQUENCE receipt_numbers START 1001`);
    await q.query(`
      CREATE TABLE receipts (
        payment_id uuid PRIMARY KEY REFERENCES payments(id),
        number bigint NOT NULL UNIQUE DEFAULT nextval('receipt_numbers'),
        issued_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`ALTER TABLE payments ADD COLUMN claim_reminder_at timestamptz`);
    await q.query(
      `CREATE INDEX payments_unclaimed_idx ON payments (paid_at) WHERE state = 'PAID' AND claimed_by_user_id IS NULL AND claim_reminder_at IS NULL`,
    );
    await q.query(`
      CREATE TABLE refund_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        payment_id uuid NOT NULL UNIQUE REFERENCES payments(id),
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        reason text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'refunded', 'declined')),
        created_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz
      )`);
    await q.query(`CREATE INDEX refund_requests_pending_idx ON refund_requests (created_at) WHERE status = 'pending'`);
    await q.query(`
      CREATE TABLE support_messages (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        name text NOT NULL,
        email text NOT NULL,
        subject text NOT NULL,
        message text NOT NULL,
        status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'read')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX support_messages_created_idx ON support_messages (created_at DESC)`);
    await q.query(`ALTER TABLE course_ratings ADD COLUMN review text, ADD COLUMN review_hidden_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE course_ratings DROP COLUMN review_hidden_at, DROP COLUMN review`);
    await q.query(`DROP TABLE support_messages`);
    await q.query(`DROP TABLE refund_requests`);
    await q.query(`DROP INDEX payments_unclaimed_idx`);
    await q.query(`ALTER TABLE payments DROP COLUMN claim_reminder_at`);
    await q.query(`DROP TABLE receipts`);
    await q.query(`DROP SEQUENCE receipt_numbers`);
    await q.query(`DROP TABLE mail_log`);
  }
}

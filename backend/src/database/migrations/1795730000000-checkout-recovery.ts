import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Abandoned-checkout recovery (issue 34).
 *
 * Payments module:
 * - payments.recovery_reminders / recovery_reminded_at: how many "finish your
 *   checkout" reminders were due for the checkout (0, 1 or 2) and when the
 *   last one was; stamped by the sweep in the statement that checks the
 *   checkout is still unpaid. A checkout re-quoted from an expired one starts
 *   with the reminders of the one it resumed (no new series).
 * - payments.recovered_from: the checkout a reminder's link resumed when a
 *   new checkout had to be made (an expired crypto invoice, or the recovery
 *   coupon applied).
 * - recovery_unsubscribes: addresses (lower-cased) that asked for no more
 *   checkout reminders (one-click or from the mail's link).
 *
 * Analytics module (rebuilt from the event log by the recompute):
 * - recovery_reminded_payments: checkouts that received a reminder, and
 *   checkouts re-made from one, so their payment counts as recovered.
 * - recovery_daily: per day and sale currency, reminders sent, recovered
 *   sales and their revenue.
 *
 * The partial index on payments is built CONCURRENTLY (payments is a big
 * table), hence no transaction.
 */
export class CheckoutRecovery1795730000000 implements MigrationInterface {
  name = 'CheckoutRecovery1795730000000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE payments
        ADD COLUMN IF NOT EXISTS recovery_reminders smallint NOT NULL DEFAULT 0 CONSTRAINT payments_recovery_reminders_check CHECK (recovery_reminders BETWEEN 0 AND 2),
        ADD COLUMN IF NOT EXISTS recovery_reminded_at timestamptz,
        ADD COLUMN IF NOT EXISTS recovered_from uuid REFERENCES payments (id) ON DELETE SET NULL`);
    const rows = (await q.query(
      `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = 'payments_recovery_idx' AND c.relnamespace = current_schema()::regnamespace`,
    )) as Array<{ valid: boolean }>;
    if (rows[0] && !rows[0].valid) await q.query(`DROP INDEX CONCURRENTLY payments_recovery_idx`);
    if (!rows[0]?.valid) {
      await q.query(
        `CREATE INDEX CONCURRENTLY payments_recovery_idx ON payments (created_at) WHERE state IN ('CREATED', 'AWAITING_PAYMENT', 'EXPIRED') AND recovery_reminders < 2`,
      );
    }
    await q.query(`
      CREATE TABLE IF NOT EXISTS recovery_unsubscribes (
        email text PRIMARY KEY CHECK (email = lower(email)),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE TABLE IF NOT EXISTS recovery_reminded_payments (payment_id uuid PRIMARY KEY)`);
    await q.query(`
      CREATE TABLE IF NOT EXISTS recovery_daily (
        day date NOT NULL,
        currency char(3) NOT NULL,
        reminders int NOT NULL DEFAULT 0,
        recovered_sales int NOT NULL DEFAULT 0,
        recovered_revenue numeric(14, 2) NOT NULL DEFAULT 0,
        PRIMARY KEY (day, currency)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS recovery_daily`);
    await q.query(`DROP TABLE IF EXISTS recovery_reminded_payments`);
    await q.query(`DROP TABLE IF EXISTS recovery_unsubscribes`);
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS payments_recovery_idx`);
    await q.query(
      `ALTER TABLE payments DROP COLUMN IF EXISTS recovered_from, DROP COLUMN IF EXISTS recovery_reminded_at, DROP COLUMN IF EXISTS recovery_reminders`,
    );
  }
}

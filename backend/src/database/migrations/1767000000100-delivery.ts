import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * End-to-end delivery (DESIGN.md section 12):
 * - event_deliveries: one row per (consumer, event) still owed, written in the
 *   same statement as the outbox row and deleted in the consumer's own
 *   transaction; the re-drive sweep scans only these rows (check_at), never
 *   the whole event log.
 * - payments.reconcile_checked_at: the reconciler's cursor, so every stuck
 *   payment is reached however many abandoned checkouts sit beside it.
 * - payment_events loses its foreign key: webhook intake must never wait on a
 *   lock that processing (or anyone) holds on the payment row.
 * - app_meta.instance_id: the database's identity, from which the default
 *   Redis key prefix is derived (two copies on one Redis never share jobs).
 * - sandbox_*: the sandbox provider's own state and its IPN delivery retries,
 *   in PostgreSQL like a real provider's (a Redis flush no longer erases them).
 */
export class Delivery1767000000100 implements MigrationInterface {
  name = 'Delivery1767000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE event_deliveries (
        consumer varchar(64) NOT NULL,
        event_id uuid NOT NULL,
        queue varchar(32) NOT NULL,
        job_id varchar(200) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        check_at timestamptz NOT NULL,
        checks int NOT NULL DEFAULT 0,
        redrives int NOT NULL DEFAULT 0,
        last_error text,
        dead_at timestamptz,
        PRIMARY KEY (consumer, event_id)
      )`);
    await q.query(`CREATE INDEX event_deliveries_due_idx ON event_deliveries (check_at) WHERE dead_at IS NULL`);
    await q.query(`CREATE INDEX event_deliveries_dead_idx ON event_deliveries (dead_at DESC, event_id) WHERE dead_at IS NOT NULL`);

    await q.query(`ALTER TABLE payments ADD COLUMN reconcile_checked_at timestamptz`);
    await q.query(
      `CREATE INDEX payments_reconcile_cursor_idx ON payments (reconcile_checked_at NULLS FIRST, created_at) WHERE state IN ('AWAITING_PAYMENT', 'CONFIRMING')`,
    );
    await q.query(`ALTER TABLE payment_events DROP CONSTRAINT IF EXISTS payment_events_payment_id_fkey`);

    await q.query(`INSERT INTO app_meta (key, value) VALUES ('instance_id', to_jsonb(gen_random_uuid()::text)) ON CONFLICT (key) DO NOTHING`);

    await q.query(`
      CREATE TABLE sandbox_payments (
        payment_id uuid PRIMARY KEY,
        last_body text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`
      CREATE TABLE sandbox_ipn_deliveries (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        payment_id uuid NOT NULL,
        url text NOT NULL,
        body text NOT NULL,
        signature text NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        last_status int,
        next_attempt_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        delivered_at timestamptz,
        gave_up_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX sandbox_ipn_deliveries_due_idx ON sandbox_ipn_deliveries (next_attempt_at) WHERE delivered_at IS NULL AND gave_up_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sandbox_ipn_deliveries`);
    await q.query(`DROP TABLE sandbox_payments`);
    await q.query(`DELETE FROM app_meta WHERE key = 'instance_id'`);
    await q.query(
      `ALTER TABLE payment_events ADD CONSTRAINT payment_events_payment_id_fkey FOREIGN KEY (payment_id) REFERENCES payments(id) ON DELETE SET NULL NOT VALID`,
    );
    await q.query(`DROP INDEX payments_reconcile_cursor_idx`);
    await q.query(`ALTER TABLE payments DROP COLUMN reconcile_checked_at`);
    await q.query(`DROP TABLE event_deliveries`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * PayPal replay protection (issue 27): payment_events.delivery_id keeps the
 * provider's id of the HTTP delivery (PayPal-Transmission-Id), unique per
 * provider, so a captured delivery sent again (even with a body forged to
 * the same CRC32, which PayPal's signature covers instead of the body) is
 * a duplicate. Deliveries before this have no id (NULL, never a conflict).
 * The sandbox's simulated PayPal signs each attempt afresh, like PayPal, so
 * its retries no longer keep headers (sandbox_ipn_deliveries.headers goes).
 *
 * Runs outside a transaction: the unique index is built CONCURRENTLY, so a
 * live school's webhook intake keeps writing while it builds; an index a
 * failed build left INVALID is dropped and built again.
 */
export class PaypalTransmissions1795627100000 implements MigrationInterface {
  name = 'PaypalTransmissions1795627100000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE sandbox_ipn_deliveries DROP COLUMN IF EXISTS headers`);
    await q.query(`ALTER TABLE payment_events ADD COLUMN IF NOT EXISTS delivery_id varchar(100)`);
    const [index] = (await q.query(
      `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE c.relname = 'payment_events_delivery_key' AND c.relnamespace = current_schema()::regnamespace`,
    )) as Array<{ valid: boolean }>;
    if (index?.valid) return;
    if (index) await q.query(`DROP INDEX CONCURRENTLY payment_events_delivery_key`);
    await q.query(`CREATE UNIQUE INDEX CONCURRENTLY payment_events_delivery_key ON payment_events (provider, delivery_id) WHERE delivery_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS payment_events_delivery_key`);
    await q.query(`ALTER TABLE payment_events DROP COLUMN IF EXISTS delivery_id`);
    await q.query(`ALTER TABLE sandbox_ipn_deliveries ADD COLUMN IF NOT EXISTS headers jsonb`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Launch day (issue 35): the thank-you page waits on its payment with a long
 * poll instead of a fixed interval. Whatever changes a payment's state or
 * what arrived (an IPN applied by the API or a worker, an expiry sweep, an
 * admin) notifies `payment_changed` with the payment's id when its
 * transaction commits, and every API process listening wakes the requests
 * waiting on it. A trigger, so no writer can forget it; it fires only when
 * one of the two columns really changed.
 */
export class PaymentChangeNotices1795770000000 implements MigrationInterface {
  name = 'PaymentChangeNotices1795770000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION notify_payment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('payment_changed', NEW.id::text);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER payments_notify_changed
        AFTER UPDATE OF state, amount_received ON payments
        FOR EACH ROW
        WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.amount_received IS DISTINCT FROM NEW.amount_received)
        EXECUTE FUNCTION notify_payment_changed()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER payments_notify_changed ON payments`);
    await q.query(`DROP FUNCTION notify_payment_changed()`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Payments1767000000005 implements MigrationInterface {
  name = 'Payments1767000000005';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payments (
        id uuid PRIMARY KEY,
        email varchar(254) NOT NULL,
        amount numeric(12, 2) NOT NULL CHECK (amount > 0),
        currency char(3) NOT NULL,
        currency_code varchar(10) NOT NULL,
        network varchar(64) NOT NULL,
        pay_currency varchar(32) NOT NULL,
        provider varchar(32) NOT NULL,
        provider_ref varchar(128),
        provider_payment_id varchar(128),
        provider_status varchar(32),
        state varchar(20) NOT NULL CHECK (state IN ('CREATED','AWAITING_PAYMENT','CONFIRMING','PAID','UNDERPAID','EXPIRED','FAILED','MANUAL_REVIEW','REFUNDED')),
        checkout_url text,
        client_id varchar(64),
        claimed_by_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        claimed_at timestamptz,
        paid_at timestamptz,
        refunded_at timestamptz,
        refund_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX payments_state_updated_idx ON payments (state, updated_at)`);
    await q.query(`CREATE INDEX payments_email_idx ON payments (lower(email))`);
    await q.query(`CREATE INDEX payments_created_idx ON payments (created_at DESC)`);
    await q.query(`CREATE INDEX payments_provider_ref_idx ON payments (provider, provider_ref)`);
    await q.query(`
      CREATE TABLE payment_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        payment_id uuid REFERENCES payments(id) ON DELETE SET NULL,
        provider varchar(32) NOT NULL,
        source varchar(16) NOT NULL DEFAULT 'webhook' CHECK (source IN ('webhook', 'reconcile')),
        dedupe_key varchar(200) NOT NULL UNIQUE,
        provider_status varchar(32),
        raw_body text NOT NULL,
        payload jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        processed_at timestamptz,
        outcome text
      )`);
    await q.query(`CREATE INDEX payment_events_payment_idx ON payment_events (payment_id, received_at)`);
    await q.query(`CREATE INDEX payment_events_unprocessed_idx ON payment_events (received_at) WHERE processed_at IS NULL`);
    await q.query(`
      CREATE TABLE payment_state_history (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        payment_id uuid NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
        from_state varchar(20),
        to_state varchar(20) NOT NULL,
        reason text NOT NULL,
        at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX payment_state_history_payment_idx ON payment_state_history (payment_id, id)`);
    await q.query(`ALTER TABLE entitlements ADD CONSTRAINT entitlements_payment_fk FOREIGN KEY (payment_id) REFERENCES payments(id) ON DELETE SET NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE entitlements DROP CONSTRAINT entitlements_payment_fk`);
    for (const t of ['payment_state_history', 'payment_events', 'payments']) await q.query(`DROP TABLE ${t}`);
  }
}

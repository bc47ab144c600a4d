import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbound webhooks (issue 34), to the Standard Webhooks specification.
 *
 * - webhook_endpoints: where an admin wants events sent. event_types: the
 *   catalogue's names it subscribes to. secret_encrypted: the signing secret
 *   (`whsec_<base64>`) sealed with the settings key, like settings secrets;
 *   during a rotation the previous one (previous_secret_encrypted) still
 *   signs until previous_secret_expires_at. disabled_reason says why an
 *   endpoint stopped (an admin, a 410, a sustained failure);
 *   consecutive_failures and failing_since measure that failure.
 * - webhook_deliveries: one per endpoint and event (unique: a redelivered
 *   event owes nothing more). The row is the truth, not a queue job: a
 *   worker takes due pending rows (FOR UPDATE SKIP LOCKED) under a lease
 *   (locked_until), so a killed worker's delivery is taken again once the
 *   lease ends. aggregate + seq order deliveries of one payment: a row is
 *   not sent while an earlier pending row of the same aggregate to the same
 *   endpoint waits. Its id is the `webhook-id` of every attempt and resend.
 *   body: the exact JSON sent (and signed).
 * - webhook_attempts: the delivery log, one row per HTTP attempt.
 */
export class Webhooks1795740000000 implements MigrationInterface {
  name = 'Webhooks1795740000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        url text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2000),
        description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 500),
        event_types text[] NOT NULL CHECK (cardinality(event_types) >= 1),
        enabled boolean NOT NULL DEFAULT true,
        disabled_reason text,
        disabled_at timestamptz,
        secret_encrypted text NOT NULL,
        previous_secret_encrypted text,
        previous_secret_expires_at timestamptz,
        consecutive_failures integer NOT NULL DEFAULT 0,
        failing_since timestamptz,
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhook_endpoints_event_types_idx ON webhook_endpoints USING gin (event_types) WHERE enabled`);
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigint GENERATED ALWAYS AS IDENTITY,
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        event_id uuid,
        event_type text NOT NULL,
        aggregate text NOT NULL,
        occurred_at timestamptz NOT NULL,
        body text NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        retry_until timestamptz NOT NULL,
        locked_until timestamptz,
        last_status integer,
        last_error text,
        delivered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (endpoint_id, event_id)
      )`);
    await q.query(`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE state = 'pending'`);
    await q.query(`CREATE INDEX webhook_deliveries_order_idx ON webhook_deliveries (endpoint_id, aggregate, occurred_at, seq) WHERE state = 'pending'`);
    await q.query(`CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC, seq DESC)`);
    await q.query(`
      CREATE TABLE webhook_attempts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        attempt integer NOT NULL,
        request_headers jsonb NOT NULL,
        request_body text NOT NULL,
        response_status integer,
        response_body text CHECK (octet_length(response_body) <= 2048),
        duration_ms integer NOT NULL,
        error text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_attempts`);
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`DROP TABLE webhook_endpoints`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CoreEvents1767000000001 implements MigrationInterface {
  name = 'CoreEvents1767000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outbox_events (
        id uuid PRIMARY KEY,
        type varchar(64) NOT NULL,
        aggregate_type varchar(64) NOT NULL,
        aggregate_id varchar(64) NOT NULL,
        payload jsonb NOT NULL,
        occurred_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        published_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_events_unpublished_idx ON outbox_events (occurred_at) WHERE published_at IS NULL`);
    await q.query(`CREATE INDEX outbox_events_occurred_idx ON outbox_events (occurred_at DESC)`);
    await q.query(`CREATE INDEX outbox_events_type_occurred_idx ON outbox_events (type, occurred_at)`);
    await q.query(`
      CREATE TABLE processed_events (
        consumer varchar(64) NOT NULL,
        event_id uuid NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      )`);
    await q.query(`
      CREATE TABLE app_meta (
        key varchar(100) PRIMARY KEY,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE app_meta`);
    await q.query(`DROP TABLE processed_events`);
    await q.query(`DROP TABLE outbox_events`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Traces across the outbox (issue 36): each event row keeps the W3C
 * `traceparent` of the span that wrote it (NULL when nothing was traced),
 * and its jobs carry it, so the consumer's span joins the same trace even
 * when the sweeper or the re-drive publishes the row later. A nullable
 * column without a default: no table rewrite.
 */
export class TraceContext1795750000000 implements MigrationInterface {
  name = 'TraceContext1795750000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_events ADD COLUMN trace_context text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_events DROP COLUMN trace_context`);
  }
}

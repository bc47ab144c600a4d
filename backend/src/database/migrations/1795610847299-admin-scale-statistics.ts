import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin console at a million learners, second step (issue 17), found
 * with EXPLAIN (ANALYZE, BUFFERS) on the scale benchmark's data. Outside a
 * transaction like AdminScale1795601389754: the index is built CONCURRENTLY.
 *
 * - Statistics of 1,000 (instead of 100) on the columns the grids search
 *   with a fragment. The planner estimates `ILIKE '%garcia%'` from the
 *   column's histogram: with 100 samples of a nearly unique text it saw no
 *   match and guessed 118 rows of the audit log where 24,625 matched, so it
 *   fetched them all through the trigram index and sorted (720 ms, 27,000
 *   pages read) instead of walking the id index until 50 matched (27 ms).
 *   With 1,000 it estimates 10,273 (15,745 real). The grid's "about N"
 *   totals are the same estimate. ANALYZE samples 300,000 rows for these
 *   columns (about 5 s for 5M audit rows).
 * - user_daily_activity (day) INCLUDE (user_id, first_at, last_at): the
 *   overview's "active in the last 24 hours" (and the 24 hours before) reads
 *   the index alone instead of ~35,000 scattered rows (65 ms → a few ms at
 *   10,000 learners a day); it replaces the (day) index it covers.
 */
export class AdminScaleStatistics1795610847299 implements MigrationInterface {
  name = 'AdminScaleStatistics1795610847299';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    const searched: Array<[string, string]> = [
      ['users', 'name'],
      ['users', 'email'],
      ['payments', 'email'],
      ['audit_log', 'summary'],
      ['audit_log', 'actor_email'],
    ];
    for (const [table, column] of searched) await q.query(`ALTER TABLE ${table} ALTER COLUMN ${column} SET STATISTICS 1000`);
    for (const table of ['users', 'payments', 'audit_log']) {
      const columns = searched.filter(([t]) => t === table).map(([, c]) => c);
      await q.query(`ANALYZE ${table} (${columns.join(', ')})`);
    }

    await q.query(`SET maintenance_work_mem = '256MB'`);
    const rows = (await q.query(
      `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = 'user_daily_activity_day_cover_idx' AND c.relnamespace = current_schema()::regnamespace`,
    )) as Array<{ valid: boolean }>;
    if (rows[0] && !rows[0].valid) await q.query(`DROP INDEX CONCURRENTLY user_daily_activity_day_cover_idx`);
    if (!rows[0]?.valid)
      await q.query(`CREATE INDEX CONCURRENTLY user_daily_activity_day_cover_idx ON user_daily_activity (day) INCLUDE (user_id, first_at, last_at)`);
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS user_daily_activity_day_idx`);
    await q.query(`RESET maintenance_work_mem`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX CONCURRENTLY IF NOT EXISTS user_daily_activity_day_idx ON user_daily_activity (day)`);
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS user_daily_activity_day_cover_idx`);
    for (const [table, column] of [
      ['users', 'name'],
      ['users', 'email'],
      ['payments', 'email'],
      ['audit_log', 'summary'],
      ['audit_log', 'actor_email'],
    ])
      await q.query(`ALTER TABLE ${table} ALTER COLUMN ${column} SET STATISTICS -1`);
  }
}

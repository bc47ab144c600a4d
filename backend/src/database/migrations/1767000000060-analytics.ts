import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Learning details and the analytics rollups. The rollups belong to the
 * analytics module: no foreign keys into other modules' tables, so a
 * deleted user or course never rewrites history.
 */
export class Analytics1767000000060 implements MigrationInterface {
  name = 'Analytics1767000000060';

  async up(q: QueryRunner): Promise<void> {
    // A lesson completed, un-completed and completed again is one completion for analytics.
    await q.query(`ALTER TABLE lesson_progress ADD COLUMN first_completed_at timestamptz`);
    await q.query(`UPDATE lesson_progress SET first_completed_at = completed_at WHERE completed_at IS NOT NULL`);
    await q.query(`CREATE INDEX course_completions_course_idx ON course_completions (course_id)`);
    await q.query(`CREATE INDEX outbox_events_aggregate_idx ON outbox_events (aggregate_type, aggregate_id)`);

    await q.query(`
      CREATE TABLE daily_metrics (
        day date PRIMARY KEY,
        new_signups integer NOT NULL DEFAULT 0,
        active_users integer NOT NULL DEFAULT 0,
        revenue numeric(14, 2) NOT NULL DEFAULT 0,
        payments_confirmed integer NOT NULL DEFAULT 0,
        payments_refunded integer NOT NULL DEFAULT 0,
        lesson_completions integer NOT NULL DEFAULT 0,
        course_completions integer NOT NULL DEFAULT 0,
        enrollments integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE TABLE user_daily_activity (
        user_id uuid NOT NULL,
        day date NOT NULL,
        first_at timestamptz NOT NULL,
        last_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, day)
      )`);
    await q.query(`CREATE INDEX user_daily_activity_day_idx ON user_daily_activity (day)`);
    await q.query(`
      CREATE TABLE user_last_activity (
        user_id uuid PRIMARY KEY,
        last_day date NOT NULL
      )`);
    await q.query(`CREATE INDEX user_last_activity_day_idx ON user_last_activity (last_day)`);
    // How many users were last active on each day: distinct active users since any day is a sum over at most a year of rows.
    await q.query(`
      CREATE TABLE last_activity_days (
        day date PRIMARY KEY,
        users integer NOT NULL CHECK (users > 0)
      )`);
    await q.query(`
      CREATE TABLE course_daily_metrics (
        course_id integer NOT NULL,
        day date NOT NULL,
        completions integer NOT NULL DEFAULT 0,
        enrollments integer NOT NULL DEFAULT 0,
        revenue numeric(14, 2) NOT NULL DEFAULT 0,
        PRIMARY KEY (course_id, day)
      )`);
    await q.query(`CREATE INDEX course_daily_metrics_day_idx ON course_daily_metrics (day)`);
    await q.query(`
      CREATE TABLE analytics_recompute_runs (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        requested_by varchar(254),
        started_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        finished_at timestamptz,
        events_replayed integer,
        differences jsonb,
        error text
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['analytics_recompute_runs', 'course_daily_metrics', 'last_activity_days', 'user_last_activity', 'user_daily_activity', 'daily_metrics'])
      await q.query(`DROP TABLE ${t}`);
    await q.query(`DROP INDEX outbox_events_aggregate_idx`);
    await q.query(`DROP INDEX course_completions_course_idx`);
    await q.query(`ALTER TABLE lesson_progress DROP COLUMN first_completed_at`);
  }
}

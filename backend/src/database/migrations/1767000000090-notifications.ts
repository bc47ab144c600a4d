import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The learner's notification bell. One row per event (no fan-out per user):
 * who sees a row is decided when it is read, from access and join date.
 * Like the analytics tables, no foreign keys into other modules' tables.
 */
export class Notifications1767000000090 implements MigrationInterface {
  name = 'Notifications1767000000090';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notifications (
        id bigserial PRIMARY KEY,
        event_id uuid NOT NULL UNIQUE,
        kind text NOT NULL,
        user_id uuid,
        actor_id uuid,
        course_id integer,
        title text NOT NULL,
        body text NOT NULL DEFAULT '',
        url text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(
      `COMMENT ON COLUMN notifications.user_id IS 'Set for a personal notification (a milestone); NULL: for every learner with access who joined before it'`,
    );
    await q.query(`CREATE INDEX notifications_broadcast_idx ON notifications (created_at DESC) WHERE user_id IS NULL`);
    await q.query(`CREATE INDEX notifications_personal_idx ON notifications (user_id, created_at DESC) WHERE user_id IS NOT NULL`);
    await q.query(`CREATE TABLE notification_reads (user_id uuid PRIMARY KEY, read_at timestamptz NOT NULL)`);
    // The published lessons of each course already announced, so a content change announces only the new ones.
    await q.query(`CREATE TABLE notification_course_lessons (course_id integer PRIMARY KEY, lesson_ids integer[] NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notification_course_lessons`);
    await q.query(`DROP TABLE notification_reads`);
    await q.query(`DROP TABLE notifications`);
  }
}

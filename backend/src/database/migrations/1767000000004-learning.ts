import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Learning1767000000004 implements MigrationInterface {
  name = 'Learning1767000000004';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE course_enrollments (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        started_at timestamptz NOT NULL DEFAULT now(),
        last_lesson_id integer REFERENCES lessons(id) ON DELETE SET NULL,
        last_opened_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, course_id)
      )`);
    await q.query(`CREATE INDEX course_enrollments_course_idx ON course_enrollments (course_id)`);
    await q.query(`
      CREATE TABLE lesson_progress (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        lesson_id integer NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
        course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        completed_at timestamptz,
        last_position_seconds integer NOT NULL DEFAULT 0 CHECK (last_position_seconds >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, lesson_id)
      )`);
    await q.query(`CREATE INDEX lesson_progress_user_course_idx ON lesson_progress (user_id, course_id) WHERE completed_at IS NOT NULL`);
    await q.query(`
      CREATE TABLE course_completions (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        completed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, course_id)
      )`);
    await q.query(`
      CREATE TABLE course_ratings (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        stars smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
        rated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, course_id)
      )`);
    await q.query(`CREATE INDEX course_ratings_course_idx ON course_ratings (course_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['course_ratings', 'course_completions', 'lesson_progress', 'course_enrollments']) await q.query(`DROP TABLE ${t}`);
  }
}

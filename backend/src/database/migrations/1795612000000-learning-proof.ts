import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Learning that proves itself (issue 22):
 * - lessons: the quiz lesson type with its definition (questions, answers,
 *   explanations, pass mark, attempts, shuffle) and each lesson's drip rule
 *   ("N days after purchase" or "from a date", never both).
 * - quiz_attempts: every graded submission, with the answers and which questions were right.
 * - certificates: issued by a worker on course completion; a re-issue replaces a
 *   certificate (replaced_by), so at most one current certificate per learner and course.
 * - lesson_questions: questions under a lesson and their replies (one level).
 * - lesson_digest_runs: the window of each day's "new lessons opened" digest.
 * - analytics rollups: quiz attempts, quiz passes and certificates issued.
 */
export class LearningProof1795612000000 implements MigrationInterface {
  name = 'LearningProof1795612000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE lessons DROP CONSTRAINT lessons_type_check`);
    await q.query(`ALTER TABLE lessons ADD CONSTRAINT lessons_type_check CHECK (type IN ('video', 'text', 'pdf', 'quiz'))`);
    await q.query(`
      ALTER TABLE lessons
        ADD COLUMN quiz jsonb,
        ADD COLUMN drip_days integer CHECK (drip_days BETWEEN 1 AND 3650),
        ADD COLUMN available_from timestamptz,
        ADD CONSTRAINT lessons_quiz_check CHECK ((type = 'quiz') = (quiz IS NOT NULL)),
        ADD CONSTRAINT lessons_one_drip_rule CHECK (drip_days IS NULL OR available_from IS NULL)`);
    await q.query(
      `COMMENT ON COLUMN lessons.quiz IS 'Quiz lessons: passMark, attemptsAllowed (0 = unlimited), shuffle and the questions with their answers; never sent to learners'`,
    );
    await q.query(`CREATE INDEX lessons_dripped_idx ON lessons (course_id) WHERE drip_days IS NOT NULL OR available_from IS NOT NULL`);

    await q.query(`
      CREATE TABLE quiz_attempts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        lesson_id integer NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
        attempt_number integer NOT NULL CHECK (attempt_number >= 1),
        answers jsonb NOT NULL,
        results jsonb NOT NULL,
        score integer NOT NULL CHECK (score BETWEEN 0 AND 100),
        pass_mark integer NOT NULL,
        passed boolean NOT NULL,
        submitted_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, lesson_id, attempt_number)
      )`);
    await q.query(`CREATE INDEX quiz_attempts_lesson_idx ON quiz_attempts (lesson_id)`);

    await q.query(`
      CREATE TABLE certificates (
        id varchar(32) PRIMARY KEY,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        course_id integer NOT NULL,
        learner_name varchar(200) NOT NULL,
        course_title varchar(200) NOT NULL,
        site_name varchar(200) NOT NULL,
        completed_at timestamptz NOT NULL,
        issued_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        revoked_reason text,
        replaced_by varchar(32)
      )`);
    await q.query(
      `COMMENT ON TABLE certificates IS 'No foreign key to courses: a certificate stays verifiable (with the title it was issued with) after its course is deleted'`,
    );
    await q.query(`CREATE UNIQUE INDEX certificates_current_key ON certificates (user_id, course_id) WHERE replaced_by IS NULL`);
    await q.query(`CREATE INDEX certificates_issued_idx ON certificates (issued_at DESC, id DESC)`);

    await q.query(`
      CREATE TABLE lesson_questions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        lesson_id integer NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
        parent_id bigint REFERENCES lesson_questions(id) ON DELETE CASCADE,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        by_instructor boolean NOT NULL DEFAULT false,
        body text NOT NULL,
        hidden_at timestamptz,
        answered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`COMMENT ON COLUMN lesson_questions.answered_at IS 'Questions: when an instructor first replied (NULL: unanswered)'`);
    await q.query(`CREATE INDEX lesson_questions_lesson_idx ON lesson_questions (lesson_id, created_at DESC) WHERE parent_id IS NULL`);
    await q.query(`CREATE INDEX lesson_questions_parent_idx ON lesson_questions (parent_id, created_at) WHERE parent_id IS NOT NULL`);
    await q.query(`CREATE INDEX lesson_questions_unanswered_idx ON lesson_questions (created_at) WHERE parent_id IS NULL AND answered_at IS NULL`);

    await q.query(`
      CREATE TABLE lesson_digest_runs (
        day date PRIMARY KEY,
        window_start timestamptz NOT NULL,
        window_end timestamptz NOT NULL,
        learners integer,
        finished_at timestamptz
      )`);

    for (const table of ['daily_metrics', 'course_daily_metrics']) {
      await q.query(`
        ALTER TABLE ${table}
          ADD COLUMN quiz_attempts integer NOT NULL DEFAULT 0,
          ADD COLUMN quiz_passes integer NOT NULL DEFAULT 0,
          ADD COLUMN certificates_issued integer NOT NULL DEFAULT 0`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['daily_metrics', 'course_daily_metrics']) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN certificates_issued, DROP COLUMN quiz_passes, DROP COLUMN quiz_attempts`);
    }
    await q.query(`DROP TABLE lesson_digest_runs`);
    await q.query(`DROP TABLE lesson_questions`);
    await q.query(`DROP TABLE certificates`);
    await q.query(`DROP TABLE quiz_attempts`);
    await q.query(`DELETE FROM lessons WHERE type = 'quiz'`);
    await q.query(
      `ALTER TABLE lessons DROP CONSTRAINT lessons_one_drip_rule, DROP CONSTRAINT lessons_quiz_check, DROP COLUMN available_from, DROP COLUMN drip_days, DROP COLUMN quiz`,
    );
    await q.query(`ALTER TABLE lessons DROP CONSTRAINT lessons_type_check`);
    await q.query(`ALTER TABLE lessons ADD CONSTRAINT lessons_type_check CHECK (type IN ('video', 'text', 'pdf'))`);
  }
}

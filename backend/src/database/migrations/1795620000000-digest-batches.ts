import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily lesson digest goes out in batches of learners, each in its own
 * transaction: lesson_digest_runs.last_user_id is how far a day's run got
 * (learners in user id order), so a run cut short resumes there and a
 * finished one (finished_at set) is not sent again.
 */
export class DigestBatches1795620000000 implements MigrationInterface {
  name = 'DigestBatches1795620000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE lesson_digest_runs ADD COLUMN last_user_id uuid`);
    await q.query(`UPDATE lesson_digest_runs SET finished_at = coalesce(finished_at, window_end)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE lesson_digest_runs DROP COLUMN last_user_id`);
  }
}

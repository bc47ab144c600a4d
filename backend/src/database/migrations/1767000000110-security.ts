import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Security promises (issue: make every security promise true):
 * - payments.claim_secret_hash: the checkout's claim secret (kept by the
 *   buyer's browser), hashed; account creation needs it or the emailed link.
 * - admin_two_factor / admin_recovery_codes: TOTP secrets (encrypted with the
 *   settings key) and single-use recovery codes (hashed) of administrators;
 *   last_step refuses a code replayed within its window.
 * - media.private: lesson files and members' downloads live outside the
 *   public /media/ folder and go out only through signed, checked links.
 */
export class Security1767000000110 implements MigrationInterface {
  name = 'Security1767000000110';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments ADD COLUMN claim_secret_hash bytea`);
    await q.query(`
      CREATE TABLE admin_two_factor (
        user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        secret_encrypted text,
        pending_secret_encrypted text,
        enabled_at timestamptz,
        last_step bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE admin_recovery_codes (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        code_hash bytea NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX admin_recovery_codes_user_idx ON admin_recovery_codes (user_id) WHERE used_at IS NULL`);
    await q.query(`ALTER TABLE media ADD COLUMN private boolean NOT NULL DEFAULT false`);
    await q.query(`UPDATE media SET private = true WHERE mime_type NOT LIKE 'image/%'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE media DROP COLUMN private`);
    await q.query(`DROP TABLE admin_recovery_codes`);
    await q.query(`DROP TABLE admin_two_factor`);
    await q.query(`ALTER TABLE payments DROP COLUMN claim_secret_hash`);
  }
}

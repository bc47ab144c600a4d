import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Database backups made by the `backup-database` job: one row per dump file in BACKUP_DIR. */
export class Backups1767000000008 implements MigrationInterface {
  name = 'Backups1767000000008';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE backups (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        file_name varchar(200) NOT NULL UNIQUE,
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','running','completed','failed')),
        trigger varchar(16) NOT NULL DEFAULT 'manual' CHECK (trigger IN ('manual','scheduled')),
        size_bytes bigint,
        error text,
        requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
        requested_by_email varchar(254),
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        completed_at timestamptz
      )`);
    await q.query(`CREATE INDEX backups_created_at_idx ON backups (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE backups`);
  }
}

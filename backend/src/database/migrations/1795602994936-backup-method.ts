import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * backups.method: how the dump was made (pg_dump and its version, or the
 * built-in exporter when no pg_dump matches the server); backups.note: what
 * the admin should know about it (why pg_dump was not used).
 */
export class BackupMethod1795602994936 implements MigrationInterface {
  name = 'BackupMethod1795602994936';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE backups ADD COLUMN method text, ADD COLUMN note text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE backups DROP COLUMN method, DROP COLUMN note`);
  }
}

import { Injectable } from '@nestjs/common';
import { execute, queryRows } from './sql.repository';
import { DataSource } from 'typeorm';

/** app_meta: small facts about this database (its identity, one-off upgrade steps done). */
@Injectable()
export class AppMetaRepository {
  constructor(private readonly dataSource: DataSource) {}

  async has(key: string): Promise<boolean> {
    const rows = await queryRows(this.dataSource.manager, `SELECT 1 FROM app_meta WHERE key = $1`, [key]);
    return rows.length > 0;
  }

  async setIfAbsent(key: string, value: unknown): Promise<void> {
    await execute(this.dataSource.manager, `INSERT INTO app_meta (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING`, [
      key,
      JSON.stringify(value),
    ]);
  }

  /** The database's random instance id (created once) and its name. */
  async identity(): Promise<{ instanceId: string; database: string }> {
    await execute(
      this.dataSource.manager,
      `INSERT INTO app_meta (key, value) VALUES ('instance_id', to_jsonb(gen_random_uuid()::text)) ON CONFLICT (key) DO NOTHING`,
    );
    const rows = await queryRows<{ instance_id: string; database: string }>(
      this.dataSource.manager,
      `SELECT value #>> '{}' AS instance_id, current_database() AS database FROM app_meta WHERE key = 'instance_id'`,
    );
    return { instanceId: rows[0].instance_id, database: rows[0].database };
  }
}

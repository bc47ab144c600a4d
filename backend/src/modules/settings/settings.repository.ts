import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { execute, queryRows } from '../../database/sql.repository';

export interface SettingRow {
  key: string;
  value: unknown;
  encrypted: boolean;
}

/** settings: one row per (section, key) an administrator has changed; absent keys take the schema's default. */
@Injectable()
export class SettingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  section(section: string): Promise<SettingRow[]> {
    return queryRows<SettingRow>(this.dataSource.manager, 'SELECT key, value, encrypted FROM settings WHERE section = $1', [section]);
  }

  async upsert(manager: EntityManager, row: { section: string; key: string; value: unknown; encrypted: boolean; updatedBy: string }): Promise<void> {
    await execute(
      manager,
      `INSERT INTO settings (section, key, value, encrypted, updated_at, updated_by) VALUES ($1, $2, $3, $4, now(), $5)
       ON CONFLICT (section, key) DO UPDATE SET value = EXCLUDED.value, encrypted = EXCLUDED.encrypted, updated_at = now(), updated_by = EXCLUDED.updated_by`,
      [row.section, row.key, JSON.stringify(row.value), row.encrypted, row.updatedBy],
    );
  }
}

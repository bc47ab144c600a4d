import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedRows } from '../../database/sql.repository';
import type { ISettingsOfSectionQuery, IUpsertSettingQuery } from './settings.repository.types';

export interface SettingRow {
  key: string;
  value: unknown;
  encrypted: boolean;
}

/* Typed against the schema by pgtyped (npm run db:types writes settings.repository.types.ts). */
const settingsOfSection = sql<ISettingsOfSectionQuery>`SELECT key, value, encrypted FROM settings WHERE section = $section!`;
const upsertSetting = sql<IUpsertSettingQuery>`
  INSERT INTO settings (section, key, value, encrypted, updated_at, updated_by) VALUES ($section!, $key!, $value!, $encrypted!, now(), $updatedBy!)
  ON CONFLICT (section, key) DO UPDATE SET value = EXCLUDED.value, encrypted = EXCLUDED.encrypted, updated_at = now(), updated_by = EXCLUDED.updated_by`;

/** settings: one row per (section, key) an administrator has changed; absent keys take the schema's default. */
@Injectable()
export class SettingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  section(section: string): Promise<SettingRow[]> {
    return typedRows(this.dataSource.manager, settingsOfSection, { section });
  }

  async upsert(manager: EntityManager, row: { section: string; key: string; value: unknown; encrypted: boolean; updatedBy: string }): Promise<void> {
    await typedExecute(manager, upsertSetting, { ...row, value: JSON.stringify(row.value) });
  }
}

import { Injectable } from '@nestjs/common';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne, typedRows } from './sql.repository';
import { DataSource } from 'typeorm';
import type { IAppMetaHasQuery, IEnsureInstanceIdQuery, IInstanceIdentityQuery, ISetAppMetaIfAbsentQuery } from './app-meta.repository.types';

/* Typed against the schema by pgtyped (npm run db:types writes app-meta.repository.types.ts). */
const appMetaHas = sql<IAppMetaHasQuery>`SELECT 1 AS present FROM app_meta WHERE key = $key!`;
const setAppMetaIfAbsent = sql<ISetAppMetaIfAbsentQuery>`INSERT INTO app_meta (key, value) VALUES ($key!, $value!::jsonb) ON CONFLICT (key) DO NOTHING`;
const ensureInstanceId = sql<IEnsureInstanceIdQuery>`
  INSERT INTO app_meta (key, value) VALUES ('instance_id', to_jsonb(gen_random_uuid()::text)) ON CONFLICT (key) DO NOTHING`;
const instanceIdentity = sql<IInstanceIdentityQuery>`
  SELECT value #>> '{}' AS "instance_id!", current_database() AS "database!" FROM app_meta WHERE key = 'instance_id'`;

/** app_meta: small facts about this database (its identity, one-off upgrade steps done). */
@Injectable()
export class AppMetaRepository {
  constructor(private readonly dataSource: DataSource) {}

  async has(key: string): Promise<boolean> {
    const rows = await typedRows(this.dataSource.manager, appMetaHas, { key });
    return rows.length > 0;
  }

  async setIfAbsent(key: string, value: unknown): Promise<void> {
    await typedExecute(this.dataSource.manager, setAppMetaIfAbsent, { key, value: JSON.stringify(value) });
  }

  /** The database's random instance id (created once) and its name. */
  async identity(): Promise<{ instanceId: string; database: string }> {
    await typedExecute(this.dataSource.manager, ensureInstanceId, undefined);
    const row = (await typedOne(this.dataSource.manager, instanceIdentity, undefined))!;
    return { instanceId: row.instance_id, database: row.database };
  }
}

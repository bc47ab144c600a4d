import { Client } from 'pg';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { migrations } from './migrations';

/** Connection options shared by the Nest app, the CLI and the tests. */
export function dataSourceOptions(url: string, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    migrations,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    extra: { max: poolSize, connectionTimeoutMillis: 5000, application_name: 'course-platform' },
  };
}

const MIGRATION_LOCK = 727_274_001;

/**
 * Applies pending migrations. An advisory lock serialises concurrent
 * callers (several API instances booting at once).
 */
export async function runMigrations(url: string): Promise<string[]> {
  const lock = new Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const ds = new DataSource(dataSourceOptions(url, 2));
    await ds.initialize();
    try {
      const applied = await ds.runMigrations();
      return applied.map((m) => m.name);
    } finally {
      await ds.destroy();
    }
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end();
  }
}

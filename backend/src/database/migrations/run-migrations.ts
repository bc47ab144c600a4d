import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../data-source';
import { migrations } from './index';

const MIGRATION_LOCK = 727_274_001;

/**
 * Applies pending migrations. An advisory lock serialises concurrent
 * callers (several API instances booting at once). With `only`, applies just
 * those (by name), to bring a database to an older schema version (a restore).
 */
export async function runMigrations(url: string, only?: string[]): Promise<string[]> {
  const lock = new Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const options = dataSourceOptions(url, 2);
    const ds = new DataSource(only ? { ...options, migrations: migrations.filter((m) => only.includes(m.name)) } : options);
    await ds.initialize();
    try {
      const applied = await ds.runMigrations();
      return applied.map((m) => m.name);
    } finally {
      await ds.destroy();
    }
  } finally {
    // The session ends next, which releases the lock anyway.
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end();
  }
}

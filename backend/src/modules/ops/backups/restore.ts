import { spawn } from 'node:child_process';
import { open } from 'node:fs/promises';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../../database/data-source';
import { migrations } from '../../../database/migrations';
import { runMigrations } from '../../../database/migrations/run-migrations';
import { DatabaseDumpRepository } from './database-dump.repository';
import { loadLogicalBackup, verifyLogicalBackup } from './logical-backup';
import { findPgTool } from './pg-tools';

export interface RestoreOptions {
  /** The product's database (DATABASE_URL): the restore goes to a new database on the same server. */
  databaseUrl: string;
  file: string;
  /** Name of the new database; default: the product's name + "_restored_" + a timestamp. */
  database?: string;
  /** Then make the restored database the product's: the current one is kept, renamed "<name>_before_restore_<timestamp>". */
  replace?: boolean;
  pgRestorePath?: string;
  log?: (message: string) => void;
  /** Test-only: awaited right before the load's transaction starts (a slow connection or a busy server, on demand). */
  beforeLoadTransaction?: () => Promise<void>;
}

export interface RestoreResult {
  database: string;
  url: string;
  rows?: number;
  replacedAs?: string;
}

const stamp = () => new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function kindOf(file: string): Promise<'logical' | 'pg_dump'> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(5), 0, 5, 0);
    if (bytesRead >= 2 && buffer[0] === 0x1f && buffer[1] === 0x8b) return 'logical';
    if (bytesRead === 5 && buffer.toString('latin1') === 'PGDMP') return 'pg_dump';
  } finally {
    await handle.close();
  }
  throw new Error(`${file} is not a backup of this product (neither its own format nor a pg_dump custom-format archive)`);
}

async function withConnection<T>(url: string, work: (ds: DataSource) => Promise<T>): Promise<T> {
  const ds = new DataSource(dataSourceOptions(url, 1));
  await ds.initialize();
  try {
    return await work(ds);
  } finally {
    await ds.destroy();
  }
}

/**
 * Restores a backup (either format) into a fresh database on the product's
 * server, brings it to the current schema, and optionally puts it in place
 * of the product's database. A built-in backup is read and checked whole
 * (header, row counts, checksum) before any database is created. Nothing is
 * changed in the current database unless the whole restore succeeded.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => undefined);
  const repo = new DatabaseDumpRepository();
  const current = decodeURIComponent(new URL(options.databaseUrl).pathname.slice(1));
  const target = options.database ?? `${current}_restored_${stamp()}`;
  if (!/^[A-Za-z0-9_]{1,63}$/.test(target)) throw new Error(`Invalid database name "${target}": letters, digits and _ only`);
  const kind = await kindOf(options.file);
  const url = withDatabase(options.databaseUrl, target);
  const maintenance = withDatabase(options.databaseUrl, 'postgres');

  let rows: number | undefined;
  let created = false;
  try {
    if (kind === 'logical') {
      const { header } = await verifyLogicalBackup(options.file);
      const known = new Set(migrations.map((m) => m.name));
      const unknown = header.migrations.filter((name) => !known.has(name));
      if (unknown.length)
        throw new Error(`This backup was made by a newer version of the product (migrations ${unknown.join(', ')}): update the product first`);
      created = await createFresh(maintenance, target, repo);
      log(`Created database ${target}; bringing it to the backup's schema (${header.migrations.length} migrations)`);
      await runMigrations(url, header.migrations);
      rows = await withConnection(url, (ds) => loadLogicalBackup(ds, options.file, { beforeTransaction: options.beforeLoadTransaction }));
      log(`Loaded ${rows} rows from ${header.tables.length} tables (backup of ${header.createdAt})`);
    } else {
      const server = await withConnection(maintenance, (ds) => repo.serverVersion(ds.manager));
      const search = await findPgTool('pg_restore', server.major, options.pgRestorePath);
      if (!search.tool) throw new Error(search.reason);
      created = await createFresh(maintenance, target, repo);
      log(`Created database ${target}; restoring with ${search.tool.path} ${search.tool.version}`);
      await runProgram(search.tool.path, ['--no-owner', '--no-acl', '--exit-on-error', `--dbname=${url}`, options.file], url);
    }
    const newer = await runMigrations(url);
    if (newer.length) log(`Applied ${newer.length} newer migrations: ${newer.join(', ')}`);
  } catch (err) {
    // A restore is all or nothing: no half-filled database is left behind.
    if (created) await withConnection(maintenance, (ds) => repo.dropDatabase(ds.manager, target)).catch(() => undefined);
    throw err;
  }

  if (!options.replace) return { database: target, url, rows };
  const replacedAs = `${current}_before_restore_${stamp()}`.slice(0, 63);
  await withConnection(maintenance, async (ds) => {
    const busy = await repo.connectionsTo(ds.manager, current);
    if (busy > 0) throw new Error(`The database ${current} is in use (${busy} connections): stop the product, then run the restore again with --replace`);
    await repo.renameDatabase(ds.manager, current, replacedAs);
    await repo.renameDatabase(ds.manager, target, current);
  });
  log(`The product's database ${current} is now the restored one; the previous one is kept as ${replacedAs}`);
  return { database: current, url: options.databaseUrl, rows, replacedAs };
}

async function createFresh(maintenanceUrl: string, name: string, repo: DatabaseDumpRepository): Promise<true> {
  await withConnection(maintenanceUrl, async (ds) => {
    if (await repo.databaseExists(ds.manager, name)) throw new Error(`The database ${name} already exists: choose another name with --database`);
    await repo.createDatabase(ds.manager, name);
  });
  return true;
}

function runProgram(program: string, args: string[], url: string): Promise<void> {
  const password = decodeURIComponent(new URL(url).password);
  const env: NodeJS.ProcessEnv = { ...process.env, PGCONNECT_TIMEOUT: '10', ...(password ? { PGPASSWORD: password } : {}) };
  const safeArgs = args.map((a) => (a.startsWith('--dbname=') ? `--dbname=${stripPassword(url)}` : a));
  return new Promise((resolve, reject) => {
    const child = spawn(program, safeArgs, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${program} failed (exit code ${code}): ${stderr.trim() || 'no output'}`))));
  });
}

export function stripPassword(url: string): string {
  const u = new URL(url);
  u.password = '';
  return u.toString();
}

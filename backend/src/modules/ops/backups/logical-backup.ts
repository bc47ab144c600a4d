import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { DataSource, EntityManager } from 'typeorm';
import { DatabaseDumpRepository, type DumpSequence, type DumpTable, type ForeignKey } from './database-dump.repository';

/**
 * The built-in backup format, for when no pg_dump matching the server is
 * installed (the embedded PostgreSQL ships none): gzip'd JSON lines. The
 * first line says what the backup holds (the schema version as the list of
 * migrations, the tables and their columns, the sequences); then, per table,
 * a `{"table": name}` line and one JSON array of text values per row; the
 * last line counts the rows, so a cut-off file is refused.
 */
export const LOGICAL_FORMAT = 'course-platform-backup';

export interface LogicalHeader {
  format: typeof LOGICAL_FORMAT;
  version: 1;
  createdAt: string;
  server: string;
  migrations: string[];
  tables: DumpTable[];
  sequences: DumpSequence[];
}

const BATCH = 1000;

/**
 * The lines of a gzip'd file. A damaged or cut-off file ends the lines and
 * leaves its error in `failure()` (readline does not pass on its input's errors).
 */
function gzipLines(file: string) {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  let failure: Error | undefined;
  const lines = createInterface({ input: gunzip, crlfDelay: Infinity });
  const fail = (err: Error) => {
    failure ??= err;
    lines.close();
  };
  source.on('error', fail);
  gunzip.on('error', fail);
  source.pipe(gunzip);
  return {
    lines,
    failure: () => failure,
    close: () => {
      lines.close();
      source.destroy();
    },
  };
}

async function write(out: NodeJS.WritableStream, line: string): Promise<void> {
  if (!out.write(`${line}\n`)) await once(out, 'drain');
}

/** Writes the whole database, as one consistent snapshot, to `file`. Answers the number of rows. */
export async function writeLogicalBackup(dataSource: DataSource, file: string): Promise<{ rows: number; tables: number }> {
  const repo = new DatabaseDumpRepository();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  const gzip = createGzip();
  const sink = createWriteStream(file);
  const done = finished(sink);
  gzip.pipe(sink);
  let rows = 0;
  try {
    const m = runner.manager;
    await repo.beginSnapshot(m);
    const server = await repo.serverVersion(m);
    const tables = await repo.tables(m);
    const header: LogicalHeader = {
      format: LOGICAL_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      server: server.version,
      migrations: await repo.appliedMigrations(m),
      tables,
      sequences: await repo.sequences(m),
    };
    await write(gzip, JSON.stringify(header));
    for (const table of tables) {
      await write(gzip, JSON.stringify({ table: table.name }));
      await repo.openCursor(m, table);
      for (;;) {
        const batch = await repo.fetch(m, BATCH);
        for (const row of batch) await write(gzip, JSON.stringify(row));
        rows += batch.length;
        if (batch.length < BATCH) break;
      }
      await repo.closeCursor(m);
    }
    await write(gzip, JSON.stringify({ end: true, rows }));
    await repo.end(m);
  } catch (err) {
    gzip.destroy();
    sink.destroy();
    throw err;
  } finally {
    await runner.release();
  }
  gzip.end();
  await done;
  return { rows, tables: (await readLogicalHeader(file)).tables.length };
}

/** The first line of a built-in backup. */
export async function readLogicalHeader(file: string): Promise<LogicalHeader> {
  const input = gzipLines(file);
  try {
    for await (const line of input.lines) {
      const header = JSON.parse(line) as LogicalHeader;
      if (header.format !== LOGICAL_FORMAT || header.version !== 1) throw new Error(`${file} is not a backup of this product`);
      return header;
    }
  } finally {
    input.close();
  }
  throw new Error(`${file} is not a readable backup: ${input.failure()?.message ?? 'it is empty'}`);
}

/**
 * Loads a built-in backup into `dataSource`'s database, whose schema must be
 * at the backup's version (the same migrations applied): in one transaction,
 * the tables are emptied, their rows loaded with foreign keys and triggers
 * off, the foreign keys added back (which checks every row) and the
 * sequences set. Answers the number of rows.
 */
export async function loadLogicalBackup(dataSource: DataSource, file: string): Promise<number> {
  const repo = new DatabaseDumpRepository();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  const m: EntityManager = runner.manager;
  const input = gzipLines(file);
  let header: LogicalHeader | undefined;
  let table: DumpTable | undefined;
  let batch: Array<Array<string | null>> = [];
  let rows = 0;
  let ended = false;
  let keys: ForeignKey[] = [];
  const flush = async () => {
    if (table && batch.length) await repo.insertRows(m, table, batch);
    rows += batch.length;
    batch = [];
  };
  try {
    await runner.startTransaction();
    for await (const line of input.lines) {
      if (!header) {
        header = JSON.parse(line) as LogicalHeader;
        if (header.format !== LOGICAL_FORMAT) throw new Error(`${file} is not a backup of this product`);
        keys = await prepare(repo, m, header);
        continue;
      }
      if (line.startsWith('[')) {
        if (!table) throw new Error('The backup is damaged: rows before any table');
        batch.push(JSON.parse(line) as Array<string | null>);
        if (batch.length >= BATCH) await flush();
        continue;
      }
      await flush();
      const marker = JSON.parse(line) as { table?: string; end?: boolean; rows?: number };
      if (marker.end) {
        if (marker.rows !== rows) throw new Error(`The backup is damaged: it announces ${marker.rows} rows, ${rows} were read`);
        ended = true;
        break;
      }
      table = header.tables.find((t) => t.name === marker.table);
      if (!table) throw new Error(`The backup is damaged: unknown table ${marker.table}`);
    }
    const failure = input.failure();
    if (failure) throw new Error(`The backup is damaged or incomplete (${failure.message}): nothing was restored`);
    if (!header) throw new Error(`${file} is empty`);
    if (!ended) throw new Error('The backup is incomplete (the file was cut off): nothing was restored');
    await finish(repo, m, header, keys);
    await runner.commitTransaction();
    return rows;
  } catch (err) {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    const failure = input.failure();
    throw failure ? new Error(`The backup is damaged or incomplete (${failure.message}): nothing was restored`) : err;
  } finally {
    input.close();
    await runner.release();
  }
}

/** Checks the schema matches, empties the tables, takes the foreign keys and triggers off; answers the keys to add back. */
async function prepare(repo: DatabaseDumpRepository, m: EntityManager, header: LogicalHeader): Promise<ForeignKey[]> {
  for (const table of header.tables) {
    const existing = await repo.columnsOf(m, table.name).catch(() => null);
    const missing = existing ? table.columns.filter((c) => !existing.includes(c.name)).map((c) => c.name) : null;
    if (!missing) throw new Error(`The database has no table ${table.name}: it is not at the backup's schema version`);
    if (missing.length) throw new Error(`The table ${table.name} has no column ${missing.join(', ')}: the database is not at the backup's schema version`);
  }
  await repo.truncate(
    m,
    header.tables.map((t) => t.name),
  );
  const keys = await repo.foreignKeys(m);
  for (const fk of keys) await repo.dropForeignKey(m, fk);
  for (const table of header.tables) await repo.setUserTriggers(m, table.name, false);
  return keys;
}

async function finish(repo: DatabaseDumpRepository, m: EntityManager, header: LogicalHeader, keys: ForeignKey[]): Promise<void> {
  for (const table of header.tables) await repo.setUserTriggers(m, table.name, true);
  for (const fk of keys) await repo.addForeignKey(m, fk);
  for (const sequence of header.sequences) await repo.setSequence(m, sequence);
}

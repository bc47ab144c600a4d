import { createHash, type Hash } from 'node:crypto';
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
 * last line counts the rows (in all and per table) and, from version 2,
 * carries the SHA-256 of every line before it, so a cut-off, damaged or
 * altered file is refused before anything is changed.
 *
 * Version 1 backups (before the checksum) are still restored: the gzip CRC,
 * the row count and the end line are checked; nothing proves a line was not
 * rewritten between them.
 */
export const LOGICAL_FORMAT = 'course-platform-backup';
export const LOGICAL_VERSION = 2;

export interface LogicalHeader {
  format: typeof LOGICAL_FORMAT;
  version: 1 | 2;
  createdAt: string;
  server: string;
  migrations: string[];
  tables: DumpTable[];
  sequences: DumpSequence[];
}

interface EndLine {
  end: true;
  rows: number;
  /** Version 2: rows per table, and the SHA-256 (hex) of every line before this one, each with its newline. */
  tables?: Record<string, number>;
  sha256?: string;
}

/** A file checked whole: what it holds, and that every line is the one written. */
export interface VerifiedBackup {
  header: LogicalHeader;
  rows: number;
  tableRows: Record<string, number>;
}

/** Test-only: a hook awaited right before the load's transaction starts (a slow connection, a busy server). */
export interface LoadOptions {
  beforeTransaction?: () => Promise<void>;
}

const BATCH = 1000;

/**
 * The lines of a gzip'd file. The async iterator is taken at once, so
 * every line is kept until it is read, however long the caller awaits
 * before reading (readline emits lines as the file arrives, and a line
 * nobody listens for is gone). A damaged or cut-off file ends the lines and
 * leaves its error in `failure()` (readline does not pass on its input's errors).
 */
function gzipLines(file: string) {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  let failure: Error | undefined;
  const lines = createInterface({ input: gunzip, crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  const fail = (err: Error) => {
    failure ??= err;
    lines.close();
  };
  source.on('error', fail);
  gunzip.on('error', fail);
  source.pipe(gunzip);
  return {
    lines: { [Symbol.asyncIterator]: () => iterator },
    failure: () => failure,
    close: () => {
      lines.close();
      source.destroy();
    },
  };
}

const damaged = (why: string) => new Error(`The backup is damaged (${why}): nothing was restored`);

function parseHeader(line: string, file: string): LogicalHeader {
  let header: LogicalHeader;
  try {
    header = JSON.parse(line) as LogicalHeader;
  } catch {
    throw new Error(`${file} is not a backup of this product`);
  }
  if (header?.format !== LOGICAL_FORMAT || (header.version !== 1 && header.version !== 2)) throw new Error(`${file} is not a backup of this product`);
  return header;
}

/**
 * Reads a backup's lines in order and checks each against what came before:
 * the header first, rows only inside a table, known tables, the end line
 * last with the right counts and (version 2) checksum. `onRow` and
 * `onTable` get what a load needs; answers the rows read.
 */
class BackupReader {
  header: LogicalHeader | undefined;
  private table: DumpTable | undefined;
  private readonly hash: Hash = createHash('sha256');
  private readonly counts: Record<string, number> = {};
  private rows = 0;
  ended = false;

  constructor(private readonly file: string) {}

  /** One line; answers what it was. */
  take(
    line: string,
  ): { kind: 'header'; header: LogicalHeader } | { kind: 'table'; table: DumpTable } | { kind: 'row'; values: Array<string | null> } | { kind: 'end' } {
    if (this.ended) throw damaged('lines after its end');
    if (!this.header) {
      this.header = parseHeader(line, this.file);
      this.hash.update(`${line}\n`);
      return { kind: 'header', header: this.header };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw damaged('a line is not JSON');
    }
    if (Array.isArray(parsed)) {
      if (!this.table) throw damaged('rows before any table');
      this.hash.update(`${line}\n`);
      this.counts[this.table.name]++;
      this.rows++;
      return { kind: 'row', values: parsed as Array<string | null> };
    }
    if (!parsed || typeof parsed !== 'object') throw damaged('a line is neither a row nor a marker');
    const marker = parsed as { table?: string } & Partial<EndLine>;
    if (marker.end) {
      this.finish(marker as EndLine);
      this.ended = true;
      return { kind: 'end' };
    }
    this.table = this.header.tables.find((t) => t.name === marker.table);
    if (!this.table) throw damaged(`unknown table ${String(marker.table)}`);
    if (this.table.name in this.counts) throw damaged(`table ${this.table.name} twice`);
    this.counts[this.table.name] = 0;
    this.hash.update(`${line}\n`);
    return { kind: 'table', table: this.table };
  }

  private finish(end: EndLine): void {
    if (end.rows !== this.rows) throw damaged(`it announces ${end.rows} rows, ${this.rows} were read`);
    if (this.header!.version === 1) return;
    if (typeof end.sha256 !== 'string' || !end.tables) throw damaged('its checksum is missing');
    for (const table of this.header!.tables) {
      if ((end.tables[table.name] ?? 0) !== (this.counts[table.name] ?? 0))
        throw damaged(`table ${table.name}: ${end.tables[table.name] ?? 0} rows announced, ${this.counts[table.name] ?? 0} read`);
    }
    if (this.hash.digest('hex') !== end.sha256) throw damaged('its checksum does not match its content');
  }

  get result(): VerifiedBackup {
    return { header: this.header!, rows: this.rows, tableRows: { ...this.counts } };
  }
}

/** Reads every line of `file` through `reader`, then checks that it ended where it should. */
async function readAll(file: string, reader: BackupReader, each: (taken: ReturnType<BackupReader['take']>) => Promise<void>): Promise<void> {
  const input = gzipLines(file);
  try {
    for await (const line of input.lines) {
      const taken = reader.take(line);
      await each(taken);
    }
  } catch (err) {
    const failure = input.failure();
    throw failure ? new Error(`The backup is damaged or incomplete (${failure.message}): nothing was restored`) : err;
  } finally {
    input.close();
  }
  const failure = input.failure();
  if (failure) throw new Error(`The backup is damaged or incomplete (${failure.message}): nothing was restored`);
  if (!reader.header) throw new Error(`${file} is empty`);
  if (!reader.ended) throw new Error('The backup is incomplete (the file was cut off): nothing was restored');
}

async function write(out: NodeJS.WritableStream, line: string, hash: Hash | null): Promise<void> {
  hash?.update(`${line}\n`);
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
  const hash = createHash('sha256');
  let rows = 0;
  const counts: Record<string, number> = {};
  try {
    const m = runner.manager;
    await repo.beginSnapshot(m);
    const server = await repo.serverVersion(m);
    const tables = await repo.tables(m);
    const header: LogicalHeader = {
      format: LOGICAL_FORMAT,
      version: LOGICAL_VERSION,
      createdAt: new Date().toISOString(),
      server: server.version,
      migrations: await repo.appliedMigrations(m),
      tables,
      sequences: await repo.sequences(m),
    };
    await write(gzip, JSON.stringify(header), hash);
    for (const table of tables) {
      await write(gzip, JSON.stringify({ table: table.name }), hash);
      await repo.openCursor(m, table);
      counts[table.name] = 0;
      for (;;) {
        const batch = await repo.fetch(m, BATCH);
        for (const row of batch) await write(gzip, JSON.stringify(row), hash);
        rows += batch.length;
        counts[table.name] += batch.length;
        if (batch.length < BATCH) break;
      }
      await repo.closeCursor(m);
    }
    const end: EndLine = { end: true, rows, tables: counts, sha256: hash.digest('hex') };
    await write(gzip, JSON.stringify(end), null);
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
    for await (const line of input.lines) return parseHeader(line, file);
  } finally {
    input.close();
  }
  throw new Error(`${file} is not a readable backup: ${input.failure()?.message ?? 'it is empty'}`);
}

/**
 * Reads the whole file and checks it (the header, every line in its place,
 * the row counts, the checksum) without changing anything: a backup is
 * refused before a database is touched.
 */
export async function verifyLogicalBackup(file: string): Promise<VerifiedBackup> {
  const reader = new BackupReader(file);
  await readAll(file, reader, async () => undefined);
  return reader.result;
}

/**
 * Loads a built-in backup into `dataSource`'s database, whose schema must be
 * at the backup's version (the same migrations applied). The whole file is
 * checked first (verifyLogicalBackup); then, in one transaction, the file
 * is read again from its first line (the stream is opened inside the
 * transaction, so no line is read before it can be used), the tables are
 * emptied, their rows loaded with foreign keys and triggers off, the
 * foreign keys added back (which checks every row) and the sequences set;
 * the counts and checksum are checked again before the commit. Answers the
 * number of rows.
 */
export async function loadLogicalBackup(dataSource: DataSource, file: string, options: LoadOptions = {}): Promise<number> {
  await verifyLogicalBackup(file);
  const repo = new DatabaseDumpRepository();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  const m: EntityManager = runner.manager;
  const reader = new BackupReader(file);
  let table: DumpTable | undefined;
  let batch: Array<Array<string | null>> = [];
  let keys: ForeignKey[] = [];
  const flush = async () => {
    if (table && batch.length) await repo.insertRows(m, table, batch);
    batch = [];
  };
  try {
    await options.beforeTransaction?.();
    await runner.startTransaction();
    await readAll(file, reader, async (taken) => {
      if (taken.kind === 'header') keys = await prepare(repo, m, taken.header);
      else if (taken.kind === 'row') {
        batch.push(taken.values);
        if (batch.length >= BATCH) await flush();
      } else {
        await flush();
        if (taken.kind === 'table') table = taken.table;
      }
    });
    await finish(repo, m, reader.header!, keys);
    await runner.commitTransaction();
    return reader.result.rows;
  } catch (err) {
    if (runner.isTransactionActive) await runner.rollbackTransaction();
    throw err;
  } finally {
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

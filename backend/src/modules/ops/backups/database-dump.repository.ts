import type { EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { execute, queryOne, queryRows, typedExecute, typedOne, typedRows } from '../../../database/sql.repository';
import type {
  IAppliedMigrationsQuery,
  IBeginSnapshotQuery,
  ICloseDumpCursorQuery,
  IColumnsOfQuery,
  IConnectionsToQuery,
  IDatabaseExistsQuery,
  IEndSnapshotQuery,
  IForeignKeysQuery,
  IPublicColumnsQuery,
  IPublicSequencesQuery,
  IServerVersionQuery,
  ISetSequenceQuery,
} from './database-dump.repository.types';

export interface DumpColumn {
  name: string;
  /** The column's type as SQL writes it (format_type), to cast the text value back on restore. */
  type: string;
}

export interface DumpTable {
  name: string;
  columns: DumpColumn[];
}

export interface DumpSequence {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/** TypeORM's bookkeeping of applied migrations (data-source.ts; appliedMigrations names it in its statement). */
const MIGRATIONS_TABLE = 'schema_migrations';

/** "name" as an SQL identifier. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/*
 * The statements below are typed against the schema by pgtyped (npm run db:types writes database-dump.repository.types.ts).
 * Hand-typed by design: the statements that name a table, sequence, cursor column list, constraint or database
 * at run time (sequence states, the dump cursor, the restore's DDL and inserts, database maintenance) and FETCH,
 * whose count is part of its text and whose row is the table being dumped.
 */
const beginSnapshot = sql<IBeginSnapshotQuery>`BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY`;
const endSnapshot = sql<IEndSnapshotQuery>`COMMIT`;
const serverVersion = sql<IServerVersionQuery>`SELECT current_setting('server_version') AS "version!", current_setting('server_version_num') AS "num!"`;
const appliedMigrations = sql<IAppliedMigrationsQuery>`SELECT name FROM schema_migrations ORDER BY id`;
const publicColumns = sql<IPublicColumnsQuery>`
  SELECT c.relname AS table_name, a.attname AS column_name, format_type(a.atttypid, a.atttypmod) AS "type!"
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
   WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> $migrationsTable!
   ORDER BY c.relname, a.attnum`;
const publicSequences = sql<IPublicSequencesQuery>`
  SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`;
const closeDumpCursor = sql<ICloseDumpCursorQuery>`CLOSE dump_rows`;
const foreignKeys = sql<IForeignKeysQuery>`
  SELECT c.conrelid::regclass::text AS "table!", c.conname AS name, pg_get_constraintdef(c.oid) AS "definition!"
    FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
   WHERE c.contype = 'f' AND n.nspname = 'public' AND c.conparentid = 0
   ORDER BY 1, 2`;
const setSequence = sql<ISetSequenceQuery>`SELECT setval($sequence!::regclass, $lastValue!::bigint, $isCalled!)`;
const columnsOf = sql<IColumnsOfQuery>`
  SELECT a.attname AS name FROM pg_attribute a WHERE a.attrelid = $table!::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`;
const databaseExists = sql<IDatabaseExistsQuery>`SELECT 1 AS found FROM pg_database WHERE datname = $name!`;
const connectionsTo = sql<IConnectionsToQuery>`SELECT count(*)::int AS "n!" FROM pg_stat_activity WHERE datname = $name! AND pid <> pg_backend_pid()`;

/**
 * The SQL of the built-in backup: reading every table of the public schema
 * in one snapshot (a server-side cursor per table, values as text) and
 * writing them back into a fresh database. Each method runs on the manager
 * of one dedicated connection.
 */
export class DatabaseDumpRepository {
  /** A consistent, read-only view of the whole database for the rest of the transaction. */
  async beginSnapshot(manager: EntityManager): Promise<void> {
    await typedExecute(manager, beginSnapshot, undefined);
  }

  async end(manager: EntityManager): Promise<void> {
    await typedExecute(manager, endSnapshot, undefined);
  }

  async serverVersion(manager: EntityManager): Promise<{ version: string; major: number }> {
    const row = await typedOne(manager, serverVersion, undefined);
    return { version: row!.version.split(' ')[0], major: Math.floor(Number(row!.num) / 10000) };
  }

  async appliedMigrations(manager: EntityManager): Promise<string[]> {
    const rows = await typedRows(manager, appliedMigrations, undefined);
    return rows.map((r) => r.name);
  }

  /** Tables of the public schema (a partitioned table once, by its parent), without the migrations bookkeeping; sorted by name. */
  async tables(manager: EntityManager): Promise<DumpTable[]> {
    const columns = await typedRows(manager, publicColumns, { migrationsTable: MIGRATIONS_TABLE });
    const tables = new Map<string, DumpTable>();
    for (const row of columns) {
      const table = tables.get(row.table_name) ?? { name: row.table_name, columns: [] };
      table.columns.push({ name: row.column_name, type: row.type });
      tables.set(row.table_name, table);
    }
    return [...tables.values()];
  }

  async sequences(manager: EntityManager): Promise<DumpSequence[]> {
    const names = await typedRows(manager, publicSequences, undefined);
    const out: DumpSequence[] = [];
    for (const { name } of names) {
      const state = await queryOne<{ last_value: string; is_called: boolean }>(manager, `SELECT last_value::text AS last_value, is_called FROM ${ident(name)}`);
      out.push({ name, lastValue: state!.last_value, isCalled: state!.is_called });
    }
    return out;
  }

  async openCursor(manager: EntityManager, table: DumpTable): Promise<void> {
    const list = table.columns.map((c) => `${ident(c.name)}::text`).join(', ');
    await execute(manager, `DECLARE dump_rows NO SCROLL CURSOR FOR SELECT ${list} FROM ${ident(table.name)}`);
  }

  /** The next rows of the open cursor, each as its columns' text values (null for NULL). */
  async fetch(manager: EntityManager, count: number): Promise<Array<Array<string | null>>> {
    const rows = await queryRows<Record<string, string | null>>(manager, `FETCH ${Math.floor(count)} FROM dump_rows`);
    return rows.map((row) => Object.values(row));
  }

  async closeCursor(manager: EntityManager): Promise<void> {
    await typedExecute(manager, closeDumpCursor, undefined);
  }

  // --- restore ---------------------------------------------------------------------------------------------------

  async foreignKeys(manager: EntityManager): Promise<ForeignKey[]> {
    return typedRows(manager, foreignKeys, undefined);
  }

  async dropForeignKey(manager: EntityManager, fk: ForeignKey): Promise<void> {
    await execute(manager, `ALTER TABLE ${fk.table} DROP CONSTRAINT ${ident(fk.name)}`);
  }

  /** Adds the constraint back, which checks every restored row against it. */
  async addForeignKey(manager: EntityManager, fk: ForeignKey): Promise<void> {
    await execute(manager, `ALTER TABLE ${fk.table} ADD CONSTRAINT ${ident(fk.name)} ${fk.definition}`);
  }

  /** Empties the tables (rows the migrations wrote are replaced by the backup's). */
  async truncate(manager: EntityManager, tables: string[]): Promise<void> {
    if (tables.length) await execute(manager, `TRUNCATE ${tables.map(ident).join(', ')} CASCADE`);
  }

  /** Turns the table's own triggers (counters and the like) off while its rows are loaded as they were, and on again. */
  async setUserTriggers(manager: EntityManager, table: string, enabled: boolean): Promise<void> {
    await execute(manager, `ALTER TABLE ${ident(table)} ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER USER`);
  }

  /** Inserts rows given as text values, each cast back to its column's type. */
  async insertRows(manager: EntityManager, table: DumpTable, rows: Array<Array<string | null>>): Promise<void> {
    if (!rows.length) return;
    const columns = table.columns;
    const arrays = columns.map((_c, i) => rows.map((r) => r[i]));
    const names = columns.map((c) => ident(c.name)).join(', ');
    const unnest = columns.map((_c, i) => `$${i + 1}::text[]`).join(', ');
    const aliases = columns.map((_c, i) => `c${i}`);
    const casts = columns.map((c, i) => `${aliases[i]}::${c.type}`).join(', ');
    await execute(
      manager,
      `INSERT INTO ${ident(table.name)} (${names}) OVERRIDING SYSTEM VALUE SELECT ${casts} FROM unnest(${unnest}) AS u(${aliases.join(', ')})`,
      arrays,
    );
  }

  async setSequence(manager: EntityManager, sequence: DumpSequence): Promise<void> {
    await typedExecute(manager, setSequence, { sequence: ident(sequence.name), lastValue: sequence.lastValue, isCalled: sequence.isCalled });
  }

  /** Whether the columns the backup has for `table` all exist in this database (same schema version). */
  async columnsOf(manager: EntityManager, table: string): Promise<string[]> {
    const rows = await typedRows(manager, columnsOf, { table: ident(table) });
    return rows.map((r) => r.name);
  }

  // --- databases (on a maintenance connection) --------------------------------------------------------------------

  async databaseExists(manager: EntityManager, name: string): Promise<boolean> {
    return Boolean(await typedOne(manager, databaseExists, { name }));
  }

  async createDatabase(manager: EntityManager, name: string): Promise<void> {
    await execute(manager, `CREATE DATABASE ${ident(name)}`);
  }

  async dropDatabase(manager: EntityManager, name: string): Promise<void> {
    await execute(manager, `DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`);
  }

  async renameDatabase(manager: EntityManager, from: string, to: string): Promise<void> {
    await execute(manager, `ALTER DATABASE ${ident(from)} RENAME TO ${ident(to)}`);
  }

  async connectionsTo(manager: EntityManager, name: string): Promise<number> {
    const row = await typedOne(manager, connectionsTo, { name });
    return row?.n ?? 0;
  }
}

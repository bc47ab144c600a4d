import type { IDatabaseConnection, TaggedQuery } from '@pgtyped/runtime';
import type { EntityManager } from 'typeorm';

/**
 * The SQL primitives every repository is built on: the driver's query
 * runs here and nowhere else. Typed access to SQL for the repositories: TypeORM's `query` answers `any`
 * (and UPDATE/DELETE as [rows, rowCount], SELECT and INSERT as rows); these
 * even it out and give each statement the row type its repository declares.
 */
export async function queryRows<T>(manager: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  const result: unknown = await manager.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}

/** The first row of a statement, or undefined. */
export async function queryOne<T>(manager: EntityManager, sql: string, params: unknown[] = []): Promise<T | undefined> {
  return (await queryRows<T>(manager, sql, params))[0];
}

/** Runs a statement for its effect; answers the rows it affected. */
export async function execute(manager: EntityManager, sql: string, params: unknown[] = []): Promise<number> {
  const result: unknown = await manager.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && typeof result[1] === 'number') return result[1];
  return Array.isArray(result) ? result.length : 0;
}

/**
 * A statement written with pgtyped's `sql` tag: its parameters and rows are
 * generated from the migrated schema and the statement itself
 * (`npm run db:types`, into `<file>.types.ts` beside the repository), so a
 * statement that no longer fits the schema fails the type check (and the
 * drift check of `npm run lint`) instead of a test that happens to run it.
 */
interface QueryTypes {
  params: unknown;
  result: unknown;
}

/** The manager (and its transaction) as the connection pgtyped runs a statement on; `counted` receives its row count. */
function connection(manager: EntityManager, counted?: (n: number) => void): IDatabaseConnection {
  return {
    query: async (sql, bindings) => {
      const result: unknown = await manager.query(sql, bindings);
      const updated = Array.isArray(result) && result.length === 2 && typeof result[1] === 'number';
      const rows = (updated ? (Array.isArray(result[0]) ? result[0] : []) : Array.isArray(result) ? result : []) as unknown[];
      const rowCount = updated ? (result[1] as number) : rows.length;
      counted?.(rowCount);
      return { rows, rowCount };
    },
  };
}

/** The rows of a typed statement. */
export function typedRows<Q extends QueryTypes>(manager: EntityManager, query: TaggedQuery<Q>, params: Q['params']): Promise<Array<Q['result']>> {
  return query.run(params, connection(manager));
}

/** The first row of a typed statement, or undefined. */
export async function typedOne<Q extends QueryTypes>(manager: EntityManager, query: TaggedQuery<Q>, params: Q['params']): Promise<Q['result'] | undefined> {
  return (await typedRows(manager, query, params))[0];
}

/** Runs a typed statement for its effect; answers the rows it affected. */
export async function typedExecute<Q extends QueryTypes>(manager: EntityManager, query: TaggedQuery<Q>, params: Q['params']): Promise<number> {
  let count = 0;
  await query.run(
    params,
    connection(manager, (n) => (count = n)),
  );
  return count;
}

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

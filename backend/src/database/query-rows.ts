import type { EntityManager } from 'typeorm';

/**
 * Rows of any statement. TypeORM's postgres driver answers UPDATE and DELETE
 * with [rows, rowCount] but SELECT and INSERT with rows; this evens it out
 * so `UPDATE ... RETURNING` reads like a SELECT.
 */
export async function queryRows<T>(manager: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  const result: unknown = await manager.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}

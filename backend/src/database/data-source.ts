import type { DataSourceOptions } from 'typeorm';
import { migrations } from './migrations';

/** Limits every application connection carries (DESIGN.md section 12, "Database limits"). */
export interface ConnectionLimits {
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  connectTimeoutMs: number;
  /** Client-side limit on each query (query_timeout), above statementTimeoutMs: for a server that cannot answer at all. */
  queryTimeoutMs: number;
}

/**
 * Connection options shared by the Nest app, the CLI and the tests. With
 * `limits`, no statement runs longer than statement_timeout, none waits for
 * a lock longer than lock_timeout, a transaction left idle is ended, a
 * request waits at most connectTimeoutMs for a pooled connection, and the
 * client gives up on a query after queryTimeoutMs even when the server
 * cannot answer (frozen, unreachable; pool-guard.ts then drops that
 * connection): a stuck class of work fails fast instead of holding the pool.
 */
export function dataSourceOptions(url: string, poolSize = 10, limits?: ConnectionLimits): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    migrations,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    extra: {
      max: poolSize,
      connectionTimeoutMillis: limits?.connectTimeoutMs ?? 5000,
      application_name: 'course-platform',
      ...(limits && {
        statement_timeout: limits.statementTimeoutMs,
        query_timeout: limits.queryTimeoutMs,
        lock_timeout: limits.lockTimeoutMs,
        idle_in_transaction_session_timeout: Math.max(60_000, limits.statementTimeoutMs * 2),
      }),
    },
  };
}

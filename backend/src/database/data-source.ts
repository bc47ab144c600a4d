import type { DataSourceOptions } from 'typeorm';
import { migrations } from './migrations';

/** Limits every application connection carries (DESIGN.md section 12, "Database limits"). */
export interface ConnectionLimits {
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  connectTimeoutMs: number;
}

/**
 * Connection options shared by the Nest app, the CLI and the tests. With
 * `limits`, no statement runs longer than statement_timeout, none waits for
 * a lock longer than lock_timeout, a transaction left idle is ended, and a
 * request waits at most connectTimeoutMs for a pooled connection: a stuck
 * class of work fails fast instead of holding the pool.
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
        lock_timeout: limits.lockTimeoutMs,
        idle_in_transaction_session_timeout: Math.max(60_000, limits.statementTimeoutMs * 2),
      }),
    },
  };
}

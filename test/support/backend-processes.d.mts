import type { ChildProcess } from 'node:child_process';

export interface ManagedProcess {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export interface Backend {
  baseUrl: string;
  env: Record<string, string>;
  api: ManagedProcess;
  worker: ManagedProcess | null;
  logs(): string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(sql: string, params?: unknown[]): Promise<any[]>;
  startWorker(): ManagedProcess;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  request(method: string, path: string, body?: unknown): Promise<{ status: number; body: any; text: string }>;
  stop(): Promise<void>;
}

export interface PrivateRedis {
  url: string;
  up(): Promise<void>;
  down(): Promise<void>;
  destroy(): Promise<void>;
}

export function eventually<T>(check: () => Promise<T> | T, options?: { timeoutMs?: number; intervalMs?: number; what?: string }): Promise<T>;
export function privateRedis(): Promise<PrivateRedis>;
export function startBackend(options: { redisUrl: string }): Promise<Backend>;
export function checkout(backend: Backend, email?: string): Promise<string>;
export function sendSignedIpn(backend: Backend, paymentId: string, status: string): Promise<{ status: number; text: string }>;

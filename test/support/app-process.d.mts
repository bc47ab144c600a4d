import type { ChildProcess } from 'node:child_process';

export const ROOT: string;
export const LEASH: string;
export function freePort(): Promise<number>;
export function adminQuery(sql: string): Promise<void>;

export interface RunningApp {
  baseUrl: string;
  databaseUrl: string;
  dataDir: string;
  redisPrefix: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** The product as `npm start` runs it, isolated: fresh database (or `database`, kept), own Redis prefix and data folder. */
export function startApp(extraEnv?: Record<string, string>, options?: { database?: string; readyTimeoutMs?: number }): Promise<RunningApp>;

import { hash, verify } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/** argon2id, m = 19 MiB, t = 2, p = 1 (OWASP's minimum). */
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashing runs on its own threads, one per core, at the lowest CPU priority
 * (nice 19, Linux only: setpriority on a thread id affects that thread).
 * Sign-ins then use every CPU cycle nothing else wants, while the event
 * loop, which serves every other request, is never queued behind a 20 ms
 * argon2 computation; on libuv's shared 4-thread pool at normal priority,
 * 4 hashes on 2 cores starved it (catalog p99 up 4-7x during sign-ins).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, workerData.nice);
} catch {}
const argon2 = require(workerData.argon2);
parentPort.on('message', (m) => {
  try {
    const result = m.op === 'hash' ? argon2.hashSync(m.password, m.options) : argon2.verifySync(m.hashed, m.password);
    parentPort.postMessage({ id: m.id, result });
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: String((err && err.message) || err) });
  }
});
`;

type Task = { op: 'hash'; password: string; options: typeof ARGON2_OPTIONS } | { op: 'verify'; hashed: string; password: string };
interface Pending {
  task: Task;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

class HashPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Pending[] = [];
  private workers = 0;
  private nextId = 0;
  private broken = false;

  constructor(private readonly size: number) {}

  run<T>(task: Task): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ task, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  /** False when threads cannot be started here: callers fall back to libuv's pool. */
  get usable(): boolean {
    return !this.broken;
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let worker = this.idle.pop();
      if (!worker && this.workers < this.size) worker = this.spawn();
      if (!worker) return;
      const job = this.queue.shift()!;
      this.busy.set(worker, job);
      worker.ref();
      worker.postMessage({ id: ++this.nextId, ...job.task });
    }
  }

  private spawn(): Worker | undefined {
    let worker: Worker;
    try {
      worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2: require.resolve('@node-rs/argon2'), nice: 19 } });
    } catch {
      this.broken = true;
      for (const job of this.queue.splice(0)) runOnLibuv(job.task).then(job.resolve, job.reject);
      return undefined;
    }
    this.workers += 1;
    worker.on('message', (m: { result?: unknown; error?: string }) => {
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      worker.unref();
      this.idle.push(worker);
      if (job) {
        if (m.error !== undefined) job.reject(new Error(m.error));
        else job.resolve(m.result);
      }
      this.pump();
    });
    worker.on('error', () => undefined);
    worker.on('exit', () => {
      this.workers -= 1;
      const i = this.idle.indexOf(worker);
      if (i >= 0) this.idle.splice(i, 1);
      const job = this.busy.get(worker);
      this.busy.delete(worker);
      // A thread that died mid-task: do that task on libuv's pool instead.
      if (job) runOnLibuv(job.task).then(job.resolve, job.reject);
      this.pump();
    });
    worker.unref();
    return worker;
  }
}

function runOnLibuv(task: Task): Promise<unknown> {
  return task.op === 'hash' ? hash(task.password, task.options) : verify(task.hashed, task.password);
}

const pool = new HashPool(Math.max(1, availableParallelism()));

function run<T>(task: Task): Promise<T> {
  return (pool.usable ? pool.run<T>(task) : runOnLibuv(task)) as Promise<T>;
}

export function hashPassword(password: string): Promise<string> {
  return run<string>({ op: 'hash', password, options: ARGON2_OPTIONS });
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password; with no stored hash (unknown email) it still spends
 * the same work on a dummy hash, so timing does not reveal which emails exist.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await run<boolean>({ op: 'verify', hashed: await dummyHash, password }).catch(() => false);
    return false;
  }
  try {
    return await run<boolean>({ op: 'verify', hashed: storedHash, password });
  } catch {
    return false;
  }
}

import type { DomainError } from '../../src/common/errors/domain-error';
import type { ChainableCommander, default as Redis, RedisKey } from 'ioredis';
import type { EntityManager } from 'typeorm';
import type { AuditEntry, AuditService } from '../../src/modules/audit';
import type { EventPayloads, EventType } from '../../src/events/event-catalogue';
import type { TransactionRunner, Tx } from '../../src/events/transaction-runner';

/**
 * A stand-in for a dependency of a service under test that implements only
 * the members the spec needs, each with the dependency's own signature:
 * `fakeOf<PaymentsRepository>()({ lock: async () => row })` stops compiling
 * when `lock` changes its parameters or its answer, so a changed repository
 * breaks its fakes instead of leaving them to pass for the old one.
 */
export function fakeOf<T>() {
  return <K extends keyof T>(members: Pick<T, K>): T => members as T;
}

/**
 * In-memory stand-ins for the unit specs of services: a transaction runner
 * that records the events a piece of work emits and the commands it owes
 * (and drops them when the work throws, as a rolled-back transaction
 * would), and an audit trail.
 */
export interface EmittedEvent<T extends EventType = EventType> {
  type: T;
  aggregateId: string;
  payload: EventPayloads[T];
}

export interface OwedCommand {
  name: string;
  data: unknown;
  key?: string;
}

export function fakeTransactions(): { runner: TransactionRunner; emitted: EmittedEvent[]; owed: OwedCommand[]; manager: EntityManager } {
  const emitted: EmittedEvent[] = [];
  const owed: OwedCommand[] = [];
  const manager = {} as EntityManager;
  const runner = fakeOf<TransactionRunner>()({
    async run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      const pending: EmittedEvent[] = [];
      const commands: OwedCommand[] = [];
      const lastSteps: Array<() => Promise<void>> = [];
      const tx: Tx = {
        manager,
        beforeCommit: (step) => {
          lastSteps.push(step);
        },
        afterCommit: () => undefined,
        emit: async (type, aggregate, payload) => {
          pending.push({ type, aggregateId: String(aggregate.id), payload } as EmittedEvent);
          return `event-${emitted.length + pending.length}`;
        },
        owe: async (name, data, options) => {
          commands.push({ name, data, key: options?.key });
          return `command-${owed.length + commands.length}`;
        },
      };
      const result = await work(tx);
      for (const step of lastSteps) await step();
      emitted.push(...pending);
      owed.push(...commands);
      return result;
    },
  });
  return { runner, emitted, owed, manager };
}

export function fakeAudit(): { audit: AuditService; entries: AuditEntry[] } {
  const entries: AuditEntry[] = [];
  const audit = fakeOf<AuditService>()({
    async record(_manager: EntityManager | null, entry: AuditEntry) {
      entries.push(entry);
    },
  });
  return { audit, entries };
}

/**
 * An in-memory Redis with just what RateLimiter uses: `eval` of its reserve
 * script (each key counted, the wait is the window when a count passes its
 * maximum) and `multi().decr/del/exec` for its release. `counts` shows the
 * attempts each limiter key holds (e.g. `rl:login:acct:ana@example.com`).
 */
export function fakeRedis(): { redis: Redis; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  const reserve: Redis['eval'] = async (...call: unknown[]) => {
    const [, numKeys, ...args] = call;
    const n = Number(numKeys);
    const keys = args.slice(0, n).map(String);
    const window = Number(args[n]);
    let wait = 0;
    keys.forEach((key, i) => {
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      if (count > Number(args[n + 1 + i])) wait = Math.max(wait, window);
    });
    return wait;
  };
  const multi = (): ChainableCommander => {
    const steps: Array<() => void> = [];
    const chain: ChainableCommander = fakeOf<ChainableCommander>()({
      decr: (key: RedisKey) => (steps.push(() => counts.set(String(key), (counts.get(String(key)) ?? 0) - 1)), chain),
      del: (...keys: unknown[]) => (steps.push(() => keys.forEach((key) => counts.delete(String(key)))), chain),
      exec: async () => (steps.forEach((step) => step()), []),
    });
    return chain;
  };
  // multi's other overloads (a pipeline-less multi answers a promise) are not what RateLimiter calls.
  const redis = fakeOf<Redis>()({ eval: reserve, multi: multi as Redis['multi'] });
  return { redis, counts };
}

/** A refusal as a spec reads it: a module error (its code, whose status statusOfErrorCode gives, its message and details). */
type Refusal = DomainError;

/** The refusal a service call ends in (a spec then reads its status, code and field errors); no refusal fails the spec. */
export async function failure(work: Promise<unknown>): Promise<Refusal> {
  try {
    await work;
  } catch (err) {
    return err as Refusal;
  }
  throw new Error('expected a refusal');
}

import type { EntityManager } from 'typeorm';
import type { AuditEntry, AuditService } from '../../src/modules/audit';
import type { EventPayloads, EventType } from '../../src/events/event-catalogue';
import type { TransactionRunner, Tx } from '../../src/events/transaction-runner';

/**
 * In-memory stand-ins for the unit specs of services: a transaction runner
 * that records the events a piece of work emits (and drops them when the
 * work throws, as a rolled-back transaction would), and an audit trail.
 */
export interface EmittedEvent<T extends EventType = EventType> {
  type: T;
  aggregateId: string;
  payload: EventPayloads[T];
}

export function fakeTransactions(): { runner: TransactionRunner; emitted: EmittedEvent[]; manager: EntityManager } {
  const emitted: EmittedEvent[] = [];
  const manager = {} as EntityManager;
  const runner = {
    async run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      const pending: EmittedEvent[] = [];
      const tx: Tx = {
        manager,
        emit: async (type, aggregate, payload) => {
          pending.push({ type, aggregateId: String(aggregate.id), payload } as EmittedEvent);
          return `event-${emitted.length + pending.length}`;
        },
      };
      const result = await work(tx);
      emitted.push(...pending);
      return result;
    },
  } as unknown as TransactionRunner;
  return { runner, emitted, manager };
}

export function fakeAudit(): { audit: AuditService; entries: AuditEntry[] } {
  const entries: AuditEntry[] = [];
  const audit = {
    async record(_manager: EntityManager | null, entry: AuditEntry) {
      entries.push(entry);
    },
  } as unknown as AuditService;
  return { audit, entries };
}

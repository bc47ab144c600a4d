import { Injectable } from '@nestjs/common';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import type { Pool } from 'pg';
import { clusterGauges, dbPool } from '../../../common/metrics/metrics';
import { EventDeliveriesRepository } from '../../../events/event-deliveries.repository';
import { OutboxRepository } from '../../../events/outbox.repository';
import { OwedCommandsRepository } from '../../../events/owed-commands.repository';
import { OWED_COMMAND_QUEUES } from '../../../queue/job-catalogue';
import { QueueService } from '../../../queue/queue.service';

/** Scrapes closer together than this reuse the previous figures: a busy Prometheus (or several) cannot load the database. */
const MIN_REFRESH_MS = 2_000;

/**
 * The figures that belong to the whole installation rather than a process:
 * queue depths, dead letters, owed deliveries and commands by age, the
 * outbox backlog and the mails still owed. Read from Redis and PostgreSQL
 * when scraped (the same sources the console's system status reads), on
 * the API only, so a dashboard summing instances does not count them twice.
 */
@Injectable()
export class ClusterMetrics {
  private readonly registry = new Registry();
  private refreshed = 0;
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: QueueService,
    private readonly deliveries: EventDeliveriesRepository,
    private readonly commands: OwedCommandsRepository,
    private readonly outbox: OutboxRepository,
  ) {
    for (const gauge of Object.values(clusterGauges)) this.registry.registerMetric(gauge);
  }

  /** This process's pool figures (every process has them: the API and each worker). */
  readPool(): void {
    readPoolOf(this.dataSource);
  }

  /** The registry with fresh figures (at most one refresh at a time, and not more often than every 2 s). */
  async current(): Promise<Registry> {
    this.readPool();
    if (Date.now() - this.refreshed >= MIN_REFRESH_MS) {
      this.refreshing ??= this.refresh().finally(() => {
        this.refreshing = null;
      });
      await this.refreshing;
    }
    return this.registry;
  }

  private async refresh(): Promise<void> {
    const [queues, deliveries, commands, mails, outbox] = await Promise.all([
      this.queues.counts(),
      this.deliveries.counts(),
      this.commands.counts(Object.keys(OWED_COMMAND_QUEUES)),
      this.commands.counts(['send-email']),
      this.outbox.unpublishedStats(),
    ]);
    for (const q of queues) {
      for (const state of ['waiting', 'active', 'delayed', 'failed'] as const) clusterGauges.queueJobs.set({ queue: q.name, state }, q[state]);
    }
    clusterGauges.deadLetters.set({ kind: 'event_delivery' }, deliveries.dead);
    clusterGauges.deadLetters.set({ kind: 'command' }, commands.dead);
    clusterGauges.owed.set({ kind: 'event_delivery' }, deliveries.pending);
    clusterGauges.owed.set({ kind: 'command' }, commands.owed + commands.failed);
    clusterGauges.owedOldestAge.set({ kind: 'event_delivery' }, deliveries.oldestPendingSeconds ?? 0);
    clusterGauges.owedOldestAge.set({ kind: 'command' }, commands.oldestOwedSeconds ?? 0);
    clusterGauges.outboxUnpublished.set(outbox.count);
    clusterGauges.outboxOldestAge.set(outbox.oldestSeconds);
    clusterGauges.mailsOwed.set(mails.owed + mails.failed);
    this.refreshed = Date.now();
  }
}

/** pg's pool counts of a data source: connections in use, idle, and requests waiting for one. */
export function readPoolOf(dataSource: DataSource): void {
  const pool = (dataSource.driver as unknown as { master?: Pool & { options?: { max?: number } } }).master;
  if (!pool) return;
  dbPool.connections.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
  dbPool.connections.set({ state: 'idle' }, pool.idleCount);
  dbPool.connections.set({ state: 'waiting' }, pool.waitingCount);
  dbPool.max.set(pool.options?.max ?? 10);
}

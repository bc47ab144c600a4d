import { Injectable } from '@nestjs/common';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import type { Pool } from 'pg';
import { clusterGauges, dbPool } from '../../../common/metrics/metrics';
import { DeliveryFigures } from '../../../events/delivery-figures.service';

/**
 * The installation's figures as Prometheus gauges: queue depths, dead
 * letters, owed deliveries and commands by age, the outbox backlog and the
 * mails still owed, from the same reading the console's system status shows
 * (DeliveryFigures). Served by the API only, so a dashboard summing
 * instances does not count them twice.
 */
@Injectable()
export class ClusterMetrics {
  private readonly registry = new Registry();

  constructor(
    private readonly dataSource: DataSource,
    private readonly figures: DeliveryFigures,
  ) {
    for (const gauge of Object.values(clusterGauges)) this.registry.registerMetric(gauge);
  }

  /** This process's pool figures (every process has them: the API and each worker). */
  readPool(): void {
    readPoolOf(this.dataSource);
  }

  /** The registry with current figures. */
  async current(): Promise<Registry> {
    this.readPool();
    const { queues, deliveries, commands, mails, outbox } = await this.figures.current();
    for (const q of queues) {
      for (const state of ['waiting', 'active', 'delayed', 'failed'] as const) clusterGauges.queueJobs.set({ queue: q.name, state }, q[state]);
    }
    // Every queue gets a sample of each kind (0 when nothing is open there), so a series does not vanish when its work is done.
    for (const [kind, work] of [
      ['event_delivery', deliveries],
      ['command', commands],
    ] as const) {
      for (const { name: queue } of queues) {
        const open = work.byQueue.find((q) => q.queue === queue);
        clusterGauges.deadLetters.set({ kind, queue }, open?.dead ?? 0);
        clusterGauges.owed.set({ kind, queue }, open?.owed ?? 0);
        clusterGauges.owedOldestAge.set({ kind, queue }, open?.oldestOwedSeconds ?? 0);
      }
    }
    clusterGauges.outboxUnpublished.set(outbox.count);
    clusterGauges.outboxOldestAge.set(outbox.oldestSeconds);
    clusterGauges.mailsOwed.set(mails.owed);
    return this.registry;
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

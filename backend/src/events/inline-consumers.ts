import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { metrics } from '../common/metrics/metrics';
import { inSpan } from '../common/tracing/trace-context';
import type { EventEnvelope } from './event-catalogue';

/** Inline runs in flight in one process; beyond it a step waits for its queued job, as without inline runs. */
export const MAX_INLINE_IN_FLIGHT = 16;

type InlineHandler = (event: EventEnvelope) => Promise<unknown>;

/**
 * The consumers declared `inline` (see ConsumerDefinition.inline) run in the
 * process that committed their event, right after the commit, so a step
 * that follows another (the IPN applied → access granted) does not wait
 * behind the queue. This is the fast path only: the event's outbox row, its
 * owed delivery and its queued job are written and published as for any
 * consumer, and the consumer settles the delivery in its own transaction
 * (ProcessedEvents.once), so whichever of the inline run and the job comes
 * second finds it settled and changes nothing. A failed or skipped inline
 * run leaves the job (and the re-drive behind it) to do the work.
 */
@Injectable()
export class InlineConsumers implements OnApplicationShutdown {
  private readonly logger = new Logger(InlineConsumers.name);
  private readonly byEvent = new Map<string, Array<{ name: string; handle: InlineHandler }>>();
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;

  add(name: string, events: readonly string[], handle: InlineHandler): void {
    for (const event of events) this.byEvent.set(event, [...(this.byEvent.get(event) ?? []), { name, handle }]);
  }

  /** Called with the events a transaction of this process committed. */
  run(events: readonly EventEnvelope[]): void {
    if (this.stopped) return;
    for (const event of events) {
      for (const consumer of this.byEvent.get(event.type) ?? []) {
        if (this.running.size >= MAX_INLINE_IN_FLIGHT) return;
        const started = Date.now();
        const run = inSpan(`inline ${consumer.name}`, { 'messaging.operation.name': consumer.name, 'cp.inline': true }, event.traceparent, () =>
          consumer.handle(event),
        ).then(
          () => metrics.jobDuration.observe({ queue: 'inline', job: consumer.name, outcome: 'completed' }, (Date.now() - started) / 1000),
          (err: Error) => {
            metrics.jobDuration.observe({ queue: 'inline', job: consumer.name, outcome: 'failed' }, (Date.now() - started) / 1000);
            this.logger.debug({ consumer: consumer.name, eventId: event.id, err: err.message }, 'Inline run failed; its queued job will do the work');
          },
        );
        this.running.add(run);
        void run.finally(() => this.running.delete(run));
      }
    }
  }

  /** Waits for the inline runs in flight (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }
}

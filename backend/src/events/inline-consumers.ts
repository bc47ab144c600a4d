import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable, Logger, OnApplicationShutdown, Optional } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { queueConfig } from '../config';
import { metrics } from '../common/metrics/metrics';
import { inSpan } from '../common/tracing/trace-context';
import { CriticalPath } from '../queue/critical-path';
import type { EventEnvelope } from './event-catalogue';

/** Inline runs at once in one process. */
export const MAX_INLINE_IN_FLIGHT = 8;
/** Inline runs waiting their turn in one process; beyond it a step waits for its queued job, as without inline runs. */
export const MAX_INLINE_WAITING = 2000;

/**
 * The queued job of a delivery taken inline waits this long before it runs:
 * by then the inline run has settled the delivery and the job only finds it
 * done, instead of racing it for the same rows. If the process died first,
 * the job does the work then.
 */
export const INLINE_JOB_DELAY_MS = 5000;

export const inlineKey = (consumer: string, eventId: string): string => `${consumer}:${eventId}`;

/** Set while an inline run works: what it commits is a follow-up, taken before new work. */
const insideInlineRun = new AsyncLocalStorage<true>();

type InlineHandler = (event: EventEnvelope) => Promise<unknown>;

/**
 * In a worker, the consumers declared `inline` (see ConsumerDefinition.inline)
 * run right after the commit of the event another consumer of that worker
 * wrote, so a step that follows another (the IPN applied → access granted)
 * does not wait behind the queue. This is the fast path only: the event's outbox row, its
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
  private readonly waiting: Array<() => void> = [];
  /** Off until the worker process enables it (the API leaves every step to the workers, as the fault suite expects of it). */
  private stopped = true;

  constructor(
    @Optional() @Inject(queueConfig.KEY) private readonly config?: Pick<ConfigType<typeof queueConfig>, 'inlineConsumers'>,
    @Optional() private readonly critical?: CriticalPath,
  ) {}

  /** Called by the worker process at start: its consumers' follow-ups run inline from then on (unless QUEUE_INLINE_CONSUMERS=false). */
  enable(): void {
    this.stopped = this.config?.inlineConsumers === false;
  }

  add(name: string, events: readonly string[], handle: InlineHandler): void {
    for (const event of events) this.byEvent.set(event, [...(this.byEvent.get(event) ?? []), { name, handle }]);
  }

  /**
   * Called with the events a transaction of this process committed. At most
   * MAX_INLINE_IN_FLIGHT run at once; the others wait their turn, the
   * follow-ups of an inline run (access after the IPN it applied) ahead of
   * new work, so a burst finishes the payments under way first.
   */
  run(events: readonly EventEnvelope[]): Set<string> {
    const taken = new Set<string>();
    if (this.stopped) return taken;
    const followUp = insideInlineRun.getStore() === true;
    for (const event of events) {
      for (const consumer of this.byEvent.get(event.type) ?? []) {
        if (this.waiting.length >= MAX_INLINE_WAITING) break;
        const start = (): void => this.start(consumer, event);
        if (followUp) this.waiting.unshift(start);
        else this.waiting.push(start);
        taken.add(inlineKey(consumer.name, event.id));
      }
    }
    this.pump();
    return taken;
  }

  private pump(): void {
    while (!this.stopped && this.running.size < MAX_INLINE_IN_FLIGHT && this.waiting.length > 0) this.waiting.shift()!();
  }

  private start(consumer: { name: string; handle: InlineHandler }, event: EventEnvelope): void {
    const started = Date.now();
    // An inline run is a step a buyer waits on: background jobs hold back while it runs.
    const leave = this.critical?.enter();
    const run = insideInlineRun
      .run(true, () =>
        inSpan(`inline ${consumer.name}`, { 'messaging.operation.name': consumer.name, 'cp.inline': true }, event.traceparent, () => consumer.handle(event)),
      )
      .then(
        () => metrics.jobDuration.observe({ queue: 'inline', job: consumer.name, outcome: 'completed' }, (Date.now() - started) / 1000),
        (err: Error) => {
          metrics.jobDuration.observe({ queue: 'inline', job: consumer.name, outcome: 'failed' }, (Date.now() - started) / 1000);
          this.logger.debug({ consumer: consumer.name, eventId: event.id, err: err.message }, 'Inline run failed; its queued job will do the work');
        },
      );
    this.running.add(run);
    void run.finally(() => {
      leave?.();
      this.running.delete(run);
      this.pump();
    });
  }

  /** Waits for the inline runs in flight (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || (this.waiting.length > 0 && !this.stopped)) await Promise.allSettled([...this.running]);
  }

  /** Stops taking inline runs and waits for those in flight (the worker's shutdown, before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    // What still waits is left to its jobs.
    this.waiting.length = 0;
    await this.idle();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }
}

import { Inject, Injectable, Optional } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { queueConfig } from '../config';
import { metrics } from '../common/metrics/metrics';

/** After the critical work drains, a background job looks again this much later: the next payment job usually starts within it. */
export const QUIET_MS = 25;

/**
 * The worker's critical path: the payment steps a buyer waits on (the IPN
 * applied, access granted). While this process runs any of them, background
 * jobs (mail, rollups, webhooks) wait before they start, for at most
 * QUEUE_YIELD_MS each, so in a burst of payments the CPU and the database go
 * to the buyers first and the rest follows (it never waits longer than that,
 * so it is delayed, not starved). Only the start is held: a background job
 * already running is never paused.
 */
@Injectable()
export class CriticalPath {
  private inFlight = 0;
  private waiters: Array<() => void> = [];

  constructor(@Optional() @Inject(queueConfig.KEY) private readonly config?: Pick<ConfigType<typeof queueConfig>, 'yieldMs'>) {}

  /** Marks a critical step as running; call the returned function once when it ends. */
  enter(): () => void {
    this.inFlight += 1;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.inFlight -= 1;
      if (this.inFlight === 0) for (const wake of this.waiters.splice(0)) wake();
    };
  }

  get busy(): boolean {
    return this.inFlight > 0;
  }

  /** Resolves once no critical step has run for QUIET_MS, or after the configured longest wait. */
  async yieldTo(): Promise<void> {
    const maxMs = this.config?.yieldMs ?? 0;
    if (maxMs <= 0 || this.inFlight === 0) return;
    const started = Date.now();
    const deadline = started + maxMs;
    while (this.inFlight > 0 && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, deadline - Date.now());
        function done(): void {
          clearTimeout(timer);
          resolve();
        }
        this.waiters.push(done);
      });
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    }
    metrics.jobYield.observe((Date.now() - started) / 1000);
  }
}

import { CommonError } from '../errors/common.error';
import { unavailableDependency } from '../errors/unavailable';

interface Waiter {
  grant: () => void;
  fail: (err: unknown) => void;
}

/**
 * Caps how many of one class of work run at once (and how many wait), so a
 * burst of it that turns slow (webhooks waiting on the database) cannot take
 * every pooled connection from the rest of the API. Over the cap, the caller
 * gets a 503 with Retry-After at once instead of a queue that only grows.
 * When a run fails because the database did not answer (a frozen or lost
 * server), the ones waiting fail with it at once: they would wait for the
 * same answer, after their time in the queue (a queued request then held
 * for a second query timeout).
 */
export class Bulkhead {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    readonly name: string,
    private readonly limit: number,
    private readonly maxWaiting: number,
    private readonly maxWaitMs: number,
  ) {}

  get active(): number {
    return this.running;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } catch (err) {
      if (unavailableDependency(err) === 'database') for (const waiter of this.waiting.splice(0)) waiter.fail(err);
      throw err;
    } finally {
      this.release();
    }
  }

  private busy(): CommonError {
    return CommonError.busy(`The server is busy with ${this.name}; please retry shortly.`, 5);
  }

  private acquire(): Promise<void> {
    if (this.running < this.limit) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(this.busy());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer);
          this.running++;
          resolve();
        },
        fail: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(this.busy());
      }, this.maxWaitMs);
      this.waiting.push(waiter);
    });
  }

  private release(): void {
    this.running--;
    this.waiting.shift()?.grant();
  }
}

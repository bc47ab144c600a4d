import { HttpStatus } from '@nestjs/common';
import { ApiError } from '../errors/api-error';

/**
 * Caps how many of one class of work run at once (and how many wait), so a
 * burst of it that turns slow (webhooks waiting on the database) cannot take
 * every pooled connection from the rest of the API. Over the cap, the caller
 * gets a 503 with Retry-After at once instead of a queue that only grows.
 */
export class Bulkhead {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

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
    } finally {
      this.release();
    }
  }

  private busy(): ApiError {
    return new ApiError(HttpStatus.SERVICE_UNAVAILABLE, `The server is busy with ${this.name}; please retry shortly.`, { code: 'BUSY', retryAfterSeconds: 5 });
  }

  private acquire(): Promise<void> {
    if (this.running < this.limit) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(this.busy());
    return new Promise<void>((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        this.running++;
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(grant);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(this.busy());
      }, this.maxWaitMs);
      this.waiting.push(grant);
    });
  }

  private release(): void {
    this.running--;
    this.waiting.shift()?.();
  }
}

import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SandboxProvider } from './sandbox.provider';

const EVERY_MS = 1000;

/**
 * The sandbox provider's retry loop: notifications our webhook refused are
 * posted again on their schedule, like a real provider's. Several processes
 * may run it (the API and the worker); each due delivery is leased to one
 * of them.
 */
@Injectable()
export class SandboxRetrier implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SandboxRetrier.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(private readonly sandbox: SandboxProvider) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sandbox
        .retryDue()
        .catch((err: Error) => this.logger.debug({ err: err.message }, 'Sandbox IPN retry pass failed'))
        .finally(() => {
          this.running = null;
        });
    }, EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

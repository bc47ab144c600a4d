import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { Client } from 'pg';
import { databaseConfig } from '../../config';
import { listenToPaymentChanges, PAYMENT_CHANGED_CHANNEL } from './payments.repository';

/** Seconds a status request may wait for its payment to change (the thank-you page asks for 25). */
export const MAX_WAIT_SECONDS = 25;
/** While the listening connection is down, a waiting request answers after this, as a plain poll would. */
const FALLBACK_WAIT_MS = 3000;

/**
 * Wakes the requests waiting on a payment (the thank-you page's long poll)
 * when its state or what arrived changes, in any process: the payments
 * table's trigger notifies `payment_changed` on commit (migration
 * 1795770000000) and this process listens on one connection of its own,
 * opened at the first wait. A missed notice costs at most the wait: the
 * request answers the current state when its time is up.
 */
@Injectable()
export class PaymentChanges implements OnApplicationShutdown {
  private readonly logger = new Logger(PaymentChanges.name);
  private readonly waiting = new Map<string, Set<() => void>>();
  private client: Client | null = null;
  private connecting: Promise<void> | null = null;
  private listening = false;
  private stopped = false;

  constructor(@Inject(databaseConfig.KEY) private readonly database: ConfigType<typeof databaseConfig>) {}

  /** Starts listening if it does not yet; answers whether notices arrive now (if not, waits are short). */
  async ready(): Promise<boolean> {
    await this.listen().catch(() => undefined);
    return this.listening;
  }

  /**
   * A wait on the payment, registered at once (so a change committed from
   * now on is not missed): `changed` resolves when the payment changes, after
   * `ms` (at most FALLBACK_WAIT_MS while not listening), or on `cancel`.
   */
  wait(paymentId: string, ms: number): { changed: Promise<void>; cancel: () => void } {
    const limit = this.listening ? ms : Math.min(ms, FALLBACK_WAIT_MS);
    let cancel: () => void = () => undefined;
    const changed = new Promise<void>((resolve) => {
      const waiters = this.waiting.get(paymentId) ?? new Set<() => void>();
      const done = (): void => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0 && this.waiting.get(paymentId) === waiters) this.waiting.delete(paymentId);
        resolve();
      };
      const timer = setTimeout(done, limit);
      waiters.add(done);
      this.waiting.set(paymentId, waiters);
      cancel = done;
    });
    return { changed, cancel };
  }

  /** Requests waiting now (tests). */
  get waiters(): number {
    let n = 0;
    for (const set of this.waiting.values()) n += set.size;
    return n;
  }

  private listen(): Promise<void> {
    if (this.listening || this.stopped) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new Client({
      connectionString: this.database.url,
      application_name: 'course-platform-listen',
      connectionTimeoutMillis: this.database.connectTimeoutMs,
    });
    client.on('notification', (msg) => {
      if (msg.channel !== PAYMENT_CHANGED_CHANNEL || !msg.payload) return;
      for (const wake of [...(this.waiting.get(msg.payload) ?? [])]) wake();
    });
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await listenToPaymentChanges(client);
    } catch (err) {
      this.lost(client, err as Error);
      throw err;
    }
    this.client = client;
    this.listening = true;
  }

  /** The listening connection broke: requests fall back to short waits until it is back. */
  private lost(client: Client, err?: Error): void {
    if (this.client !== null && this.client !== client) return;
    this.client = null;
    this.listening = false;
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    if (err) this.logger.warn({ err: err.message }, 'Payment change listener lost its connection; reconnecting');
    // Waiters answer the current state now; the next wait connects again.
    for (const set of [...this.waiting.values()]) for (const wake of [...set]) wake();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    for (const set of [...this.waiting.values()]) for (const wake of [...set]) wake();
    const client = this.client;
    this.client = null;
    this.listening = false;
    await client?.end().catch(() => undefined);
  }
}

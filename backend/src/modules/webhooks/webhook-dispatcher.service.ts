import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { metrics } from '../../common/metrics/metrics';
import { TransactionRunner } from '../../events/transaction-runner';
import { webhooksConfig } from '../../config';
import { HandlesCommand } from '../../queue/job-decorators';
import { JobHandlers } from '../../queue/job-handlers';
import { AdminNotices } from '../mail';
import { send, type SendResult } from './webhook-sender';
import { signedHeaders } from './webhook-signature';
import { WebhookSecrets } from './webhook-secrets.service';
import { WebhooksRepository, type DueDelivery } from './webhooks.repository';

/** What an attempt's answer means for its delivery. */
export type AttemptOutcome = 'delivered' | 'retry' | 'failed' | 'gone';

/** 2xx delivered; 5xx, 429, 408, timeouts and network errors retried; 410 disables the endpoint; other answers fail without retry. */
export function outcomeOf(result: Pick<SendResult, 'status' | 'refused'>): AttemptOutcome {
  const { status } = result;
  if (result.refused) return 'failed';
  if (status === null) return 'retry';
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 410) return 'gone';
  if (status >= 500 || status === 429 || status === 408) return 'retry';
  return 'failed';
}

/** The delay before attempt n + 1 (n >= 1): base × 2^(n−1), capped. */
export function backoffMs(attempt: number, baseMs: number, capSeconds: number): number {
  return Math.min(baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 40), capSeconds * 1000);
}

export const WEBHOOK_DISABLED_ALERT = 'webhook-disabled';

/**
 * Sends webhook deliveries from the worker. The rows are the truth: a sweep
 * (scheduled, and woken at once when an event fanned out or an admin sent a
 * test or a resend) takes due deliveries under a lease and keeps up to
 * WEBHOOKS_CONCURRENCY requests in flight; each attempt's answer, its log
 * row and the endpoint's failure count are written in one transaction. A
 * worker killed mid-request leaves the lease to expire; a lost Redis costs
 * one sweep period.
 */
@Injectable()
export class WebhookDispatcher implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(WebhookDispatcher.name);
  private readonly inFlight = new Set<Promise<void>>();
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: { at: number; handle: NodeJS.Timeout } | null = null;

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly secrets: WebhookSecrets,
    private readonly tx: TransactionRunner,
    private readonly notices: AdminNotices,
    private readonly handlers: JobHandlers,
    @Inject(webhooksConfig.KEY) private readonly config: ConfigType<typeof webhooksConfig>,
  ) {}

  onModuleInit(): void {
    this.handlers.schedule('deliver-webhooks', { every: this.config.sweepEveryMs }, {});
  }

  /** The scheduled (or requested) sweep: starts it and returns, so the queue is never held by a slow receiver. */
  @HandlesCommand('deliver-webhooks')
  deliverDue(): Promise<{ started: boolean }> {
    return Promise.resolve({ started: this.wake() });
  }

  /** Looks for due deliveries now (again after the current pass, when one is running). */
  wake(): boolean {
    if (this.stopped) return false;
    if (this.running) {
      this.again = true;
      return false;
    }
    this.running = this.loop()
      .catch((err: Error) => this.logger.warn({ err: err.message }, 'Webhook sweep failed; the next one retries'))
      .finally(() => {
        this.running = null;
      });
    return true;
  }

  /** Waits until nothing is in flight and nothing is due (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** A wake at `delayMs` from now (the earliest retry this worker scheduled); the scheduled sweep is the safety net. */
  private wakeAfter(delayMs: number): void {
    const at = Date.now() + delayMs;
    if (this.stopped || (this.timer && this.timer.at <= at)) return;
    if (this.timer) clearTimeout(this.timer.handle);
    const handle = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, delayMs);
    handle.unref();
    this.timer = { at, handle };
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer.handle);
    await Promise.allSettled([...this.inFlight]);
    await this.running;
  }

  private get leaseSeconds(): number {
    return Math.ceil((this.config.timeoutMs * 2) / 1000) + 5;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      // Claims are taken in batches: once half the slots are free (or none is busy), not after every answer.
      const free = this.config.concurrency - this.inFlight.size;
      const batch = free * 2 >= this.config.concurrency || this.inFlight.size === 0 ? await this.repository.claimDue(free, this.leaseSeconds) : [];
      for (const delivery of batch) {
        const attempt: Promise<void> = this.attempt(delivery)
          .catch((err: Error) =>
            this.logger.warn({ deliveryId: delivery.id, err: err.message }, 'Webhook attempt not recorded; its lease will end and it is sent again'),
          )
          .finally(() => this.inFlight.delete(attempt));
        this.inFlight.add(attempt);
      }
      if (batch.length > 0 && this.inFlight.size < this.config.concurrency) continue;
      if (this.inFlight.size > 0) {
        await Promise.race(this.inFlight);
        continue;
      }
      if (!this.again) return;
      this.again = false;
    }
  }

  private async attempt(d: DueDelivery): Promise<void> {
    const headers = signedHeaders(this.secrets.signing(d), d.id, Math.floor(Date.now() / 1000), d.body);
    const result = await send(d.url, headers, d.body, { timeoutMs: this.config.timeoutMs, policy: this.config });
    const outcome = outcomeOf(result);
    metrics.webhookAttempts.observe({ outcome }, result.durationMs / 1000);
    const disabled = await this.tx.run(async ({ manager }) => {
      await this.repository.insertAttempt(manager, {
        deliveryId: d.id,
        attempt: d.attempts,
        requestHeaders: headers,
        requestBody: d.body,
        responseStatus: result.status,
        responseBody: result.body,
        durationMs: result.durationMs,
        error: result.error,
      });
      if (outcome === 'delivered') {
        await this.repository.delivered(manager, d.id, result.status);
        await this.repository.endpointSucceeded(manager, d.endpoint_id);
        return null;
      }
      const error = result.error ?? `HTTP ${result.status}`;
      if (outcome === 'retry') {
        const delayMs = backoffMs(d.attempts, this.config.backoffBaseMs, this.config.backoffCapSeconds);
        if ((await this.repository.retryLater(manager, d.id, delayMs / 1000, result.status, error)) === 'pending') this.wakeAfter(delayMs);
      } else {
        await this.repository.failed(manager, d.id, result.status, error);
      }
      if (outcome === 'gone') {
        const reason = 'The receiver answered 410 Gone';
        return (await this.repository.disable(manager, d.endpoint_id, reason)) ? reason : null;
      }
      const failing = await this.repository.endpointFailed(manager, d.endpoint_id);
      if (
        failing?.enabled &&
        failing.consecutive_failures >= this.config.disableAfterFailures &&
        Date.now() - failing.failing_since.getTime() >= this.config.disableAfterSeconds * 1000
      ) {
        const reason = `${failing.consecutive_failures} failed attempts in a row since ${failing.failing_since.toISOString()} (last: ${error})`;
        return (await this.repository.disable(manager, d.endpoint_id, reason)) ? reason : null;
      }
      return null;
    });
    if (disabled) {
      metrics.webhookEndpointsDisabled.inc();
      await this.notices.systemAlert(
        WEBHOOK_DISABLED_ALERT,
        'A webhook endpoint was disabled',
        `Webhooks to ${d.url} are no longer sent: ${disabled}.\n\nFix the receiver, then enable the endpoint again in Admin > Integrations (its deliveries can be resent from its log).`,
      );
    }
  }
}

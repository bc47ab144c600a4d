import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { CommonError } from '../../common/errors/common.error';
import type { ListQuery } from '../../common/http/list-query';
import { webhooksConfig } from '../../config';
import type { EventEnvelope } from '../../events/event-catalogue';
import { ProcessedEvents, type Consumed } from '../../events/processed-events.service';
import { TransactionRunner } from '../../events/transaction-runner';
import { QueueService } from '../../queue/queue.service';
import { AuditService } from '../audit';
import type {
  CreateWebhookEndpointDto,
  UpdateWebhookEndpointDto,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEventTypeCatalogue,
  WebhookSecretView,
} from './dto/webhook.dto';
import { FAN_OUT_WEBHOOKS } from './jobs/consumers';
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, isWebhookEventType } from './webhook-event-types';
import { resolvedUrlProblem } from './webhook-url-policy';
import { generateSecret } from './webhook-signature';
import { WebhookSecrets } from './webhook-secrets.service';
import { WebhooksRepository, type AttemptRow, type DeliveryRow, type EndpointFilter, type EndpointRow } from './webhooks.repository';

/** How long the previous secret still signs after a rotation. */
export const ROTATION_GRACE_SECONDS = 24 * 3600;
export const NO_SUCH_ENDPOINT = 'No such webhook endpoint';

export function toEndpointView(r: EndpointRow): WebhookEndpointView {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    eventTypes: r.event_types,
    status: r.enabled ? 'enabled' : 'disabled',
    disabledReason: r.disabled_reason,
    disabledAt: r.disabled_at,
    consecutiveFailures: r.consecutive_failures,
    previousSecretExpiresAt: r.previous_secret_expires_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function toDeliveryView(d: DeliveryRow, attempts: AttemptRow[]): WebhookDeliveryView {
  return {
    id: d.id,
    endpointId: d.endpoint_id,
    eventId: d.event_id,
    eventType: d.event_type,
    state: d.state,
    attemptCount: d.attempts,
    nextAttemptAt: d.next_attempt_at,
    lastStatus: d.last_status,
    lastError: d.last_error,
    deliveredAt: d.delivered_at,
    createdAt: d.created_at,
    body: d.body,
    attempts: attempts
      .filter((a) => a.delivery_id === d.id)
      .map((a) => ({
        attempt: a.attempt,
        requestHeaders: a.request_headers as Record<string, string>,
        requestBody: a.request_body,
        responseStatus: a.response_status,
        responseBody: a.response_body,
        durationMs: a.duration_ms,
        error: a.error,
        createdAt: a.created_at,
      })),
  };
}

/** The JSON every delivery carries (Standard Webhooks): the event's type, when it happened, and its payload. */
export const webhookBody = (type: string, timestamp: string, data: unknown): string => JSON.stringify({ type, timestamp, data });

/**
 * Outbound webhooks as the admin manages them (Admin > Integrations), and
 * the fan-out of domain events to the endpoints subscribed to them.
 * Every change is audited; a secret is read only on demand (audited too).
 */
@Injectable()
export class Webhooks {
  private readonly logger = new Logger(Webhooks.name);

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly secrets: WebhookSecrets,
    private readonly audit: AuditService,
    private readonly tx: TransactionRunner,
    private readonly processed: ProcessedEvents,
    private readonly queues: QueueService,
    private readonly dataSource: DataSource,
    @Inject(webhooksConfig.KEY) private readonly config: ConfigType<typeof webhooksConfig>,
  ) {}

  catalogue(): WebhookEventTypeCatalogue {
    return { eventTypes: WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: WEBHOOK_EVENT_DESCRIPTIONS[type] })), testEventType: WEBHOOK_TEST_EVENT };
  }

  list(filter: EndpointFilter, page: Pick<ListQuery, 'sort' | 'skip' | 'take' | 'ids'>): Promise<{ rows: EndpointRow[]; total: number }> {
    return this.repository.list(filter, page);
  }

  async get(id: string): Promise<WebhookEndpointView> {
    return toEndpointView(await this.row(id));
  }

  async create(body: CreateWebhookEndpointDto, actor: AuthUser): Promise<WebhookEndpointView> {
    const eventTypes = await this.check(body.url, body.eventTypes);
    const secret = generateSecret();
    const row = await this.tx.run(async ({ manager }) => {
      const id = await this.repository.insertEndpoint(manager, {
        url: body.url,
        description: body.description ?? '',
        eventTypes,
        secretEncrypted: this.secrets.seal(secret),
        createdBy: actor.id,
      });
      const created = (await this.repository.endpoint(manager, id))!;
      await this.audit.record(manager, {
        actor,
        action: 'create',
        resource: 'webhooks',
        resourceId: id,
        summary: `Added webhook endpoint ${created.url}`,
        after: { url: created.url, description: created.description, eventTypes },
      });
      return created;
    });
    return toEndpointView(row);
  }

  async update(id: string, body: UpdateWebhookEndpointDto, actor: AuthUser): Promise<WebhookEndpointView> {
    const before = await this.row(id);
    const url = body.url ?? before.url;
    const eventTypes = await this.check(url, body.eventTypes ?? before.event_types);
    const row = await this.tx.run(async ({ manager }) => {
      await this.repository.updateEndpoint(manager, { id, url, description: body.description ?? before.description, eventTypes });
      if (body.enabled === true) await this.repository.enable(manager, id);
      if (body.enabled === false) await this.repository.disable(manager, id, `Disabled by ${actor.email}`);
      const after = (await this.repository.endpoint(manager, id))!;
      await this.audit.record(manager, {
        actor,
        action: 'update',
        resource: 'webhooks',
        resourceId: id,
        summary: `Changed webhook endpoint ${after.url}`,
        before: { url: before.url, description: before.description, eventTypes: before.event_types, enabled: before.enabled },
        after: { url: after.url, description: after.description, eventTypes: after.event_types, enabled: after.enabled },
      });
      return after;
    });
    if (body.enabled === true && !before.enabled) this.wakeWorker();
    return toEndpointView(row);
  }

  setEnabled(id: string, enabled: boolean, actor: AuthUser): Promise<WebhookEndpointView> {
    return this.update(id, { enabled }, actor);
  }

  async remove(id: string, actor: AuthUser): Promise<WebhookEndpointView> {
    const row = await this.row(id);
    await this.tx.run(async ({ manager }) => {
      await this.repository.deleteEndpoint(manager, id);
      await this.audit.record(manager, { actor, action: 'delete', resource: 'webhooks', resourceId: id, summary: `Deleted webhook endpoint ${row.url}` });
    });
    return toEndpointView(row);
  }

  async secret(id: string, actor: AuthUser): Promise<WebhookSecretView> {
    const row = await this.repository.secrets(id);
    if (!row) throw CommonError.notFound(NO_SUCH_ENDPOINT);
    await this.audit.record(null, {
      actor,
      action: 'reveal-webhook-secret',
      resource: 'webhooks',
      resourceId: id,
      summary: 'Revealed a webhook endpoint’s secret',
    });
    const previousValid = row.previous_secret_encrypted && row.previous_secret_expires_at && row.previous_secret_expires_at > new Date();
    return {
      secret: this.secrets.open(row.secret_encrypted),
      previousSecret: previousValid ? this.secrets.open(row.previous_secret_encrypted!) : null,
      previousSecretExpiresAt: previousValid ? row.previous_secret_expires_at : null,
    };
  }

  /** A new secret; the current one keeps signing (beside it) for ROTATION_GRACE_SECONDS. */
  async rotate(id: string, actor: AuthUser): Promise<WebhookSecretView> {
    const row = await this.row(id);
    const secret = generateSecret();
    await this.tx.run(async ({ manager }) => {
      await this.repository.rotate(manager, id, this.secrets.seal(secret), ROTATION_GRACE_SECONDS);
      await this.audit.record(manager, {
        actor,
        action: 'rotate-webhook-secret',
        resource: 'webhooks',
        resourceId: id,
        summary: `Rotated the secret of webhook endpoint ${row.url} (the previous one signs for 24 hours more)`,
      });
    });
    return this.secret(id, actor);
  }

  /** Sends a `webhook.test` event to the endpoint (a delivery like any other, in its log). */
  async sendTest(id: string, actor: AuthUser): Promise<WebhookDeliveryView> {
    const endpoint = await this.row(id);
    if (!endpoint.enabled) throw CommonError.conflict('Enable the endpoint before sending it a test event');
    const deliveryId = randomUUID();
    const delivery = await this.tx.run(async ({ manager }) => {
      await this.repository.insertTestDelivery(manager, {
        id: deliveryId,
        endpointId: id,
        eventType: WEBHOOK_TEST_EVENT,
        aggregate: `test:${deliveryId}`,
        body: webhookBody(WEBHOOK_TEST_EVENT, new Date().toISOString(), { endpointId: id, message: 'A test event sent from Admin > Integrations' }),
        retrySeconds: this.config.retryWindowSeconds,
      });
      await this.audit.record(manager, {
        actor,
        action: 'test-webhook',
        resource: 'webhooks',
        resourceId: id,
        summary: `Sent a test event to ${endpoint.url}`,
      });
      return (await this.repository.delivery(manager, deliveryId))!;
    });
    this.wakeWorker();
    return toDeliveryView(delivery, []);
  }

  async deliveries(id: string, page: { skip: number; take: number }): Promise<{ rows: WebhookDeliveryView[]; total: number; estimated: boolean }> {
    await this.row(id);
    const { rows, total, estimated } = await this.repository.deliveries(id, page);
    const attempts = await this.repository.attempts(rows.map((r) => r.id));
    return { rows: rows.map((r) => toDeliveryView(r, attempts)), total, estimated };
  }

  /** Sends a delivery again (same webhook-id), whatever its state; its retry window starts again. */
  async resend(id: string, deliveryId: string, actor: AuthUser): Promise<WebhookDeliveryView> {
    const endpoint = await this.row(id);
    if (!(await this.repository.deliveryOf(id, deliveryId))) throw CommonError.notFound('No such delivery for this endpoint');
    const delivery = await this.tx.run(async ({ manager }) => {
      await this.repository.resend(manager, deliveryId, this.config.retryWindowSeconds);
      await this.audit.record(manager, {
        actor,
        action: 'resend-webhook',
        resource: 'webhooks',
        resourceId: id,
        summary: `Resent delivery ${deliveryId} to ${endpoint.url}`,
      });
      return (await this.repository.delivery(manager, deliveryId))!;
    });
    this.wakeWorker();
    return toDeliveryView(delivery, await this.repository.attempts([deliveryId]));
  }

  /** The fan-out: one delivery per enabled endpoint subscribed to the event, in the consumer's processed_events transaction. */
  async fanOut(event: EventEnvelope): Promise<Consumed<{ deliveries: number }>> {
    const outcome = await this.processed.once(FAN_OUT_WEBHOOKS.name, event, (tx) =>
      this.repository.fanOut(tx.manager, {
        eventId: event.id,
        eventType: event.type,
        aggregate: `${event.aggregateType}:${event.aggregateId}`,
        occurredAt: event.occurredAt,
        body: webhookBody(event.type, event.occurredAt, event.payload),
        retrySeconds: this.config.retryWindowSeconds,
      }),
    );
    return { deliveries: outcome.applied ? outcome.result : 0, settled: outcome.settled };
  }

  /** Asks a worker to look for due deliveries now (losing the request costs one sweep period). */
  private wakeWorker(): void {
    this.queues
      .enqueue('deliver-webhooks', {})
      .catch((err: Error) => this.logger.warn({ err: err.message }, 'Webhook sweep not requested; the scheduled one will send'));
  }

  private async row(id: string): Promise<EndpointRow> {
    const row = await this.repository.endpoint(this.dataSource.manager, id);
    if (!row) throw CommonError.notFound(NO_SUCH_ENDPOINT);
    return row;
  }

  /** The URL (SSRF policy) and the event types, with field messages; answers the event types without duplicates. */
  private async check(url: string, eventTypes: string[]): Promise<string[]> {
    const errors: Record<string, string> = {};
    const problem = await resolvedUrlProblem(url, this.config);
    if (problem) errors.url = problem;
    const unknown = eventTypes.filter((t) => !isWebhookEventType(t));
    if (unknown.length) errors.eventTypes = `Unknown event type${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`;
    if (Object.keys(errors).length) throw CommonError.fields(errors);
    return [...new Set(eventTypes)];
  }
}

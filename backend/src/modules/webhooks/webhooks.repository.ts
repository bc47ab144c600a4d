import { Injectable } from '@nestjs/common';
import { sql } from '@pgtyped/runtime';
import { DataSource, type EntityManager } from 'typeorm';
import { EXACT_COUNT_LIMIT } from '../../common/http/list-paging';
import { likePattern, type ListQuery } from '../../common/http/list-query';
import { WhereBuilder } from '../../common/http/where-builder';
import { countOrEstimate, type ListSource } from '../../database/list-page.repository';
import { queryOne, queryRows, typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type {
  IClaimDueDeliveriesQuery,
  IClaimDueDeliveriesResult,
  IDeleteEndpointQuery,
  IDeliveryAttemptsQuery,
  IDeliveryAttemptsResult,
  IDisableEndpointQuery,
  IEndpointByIdQuery,
  IEndpointSecretsQuery,
  IEnableEndpointQuery,
  IFanOutQuery,
  IInsertAttemptQuery,
  IInsertEndpointQuery,
  IInsertTestDeliveryQuery,
  IEndpointFailedQuery,
  IEndpointSucceededQuery,
  IRecordDeliveredQuery,
  IRecordFailedQuery,
  IRecordRetryQuery,
  IResendDeliveryQuery,
  IRotateSecretQuery,
  IUpdateEndpointQuery,
  IDeliveryByIdQuery,
} from './webhooks.repository.types';
import { FAN_OUT_WEBHOOKS } from './jobs/consumers';

export type EndpointStatus = 'enabled' | 'disabled';

/** An endpoint as the console lists it (never its secrets). */
export interface EndpointRow {
  id: string;
  url: string;
  description: string;
  event_types: string[];
  enabled: boolean;
  disabled_reason: string | null;
  disabled_at: Date | null;
  consecutive_failures: number;
  failing_since: Date | null;
  previous_secret_expires_at: Date | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string | null;
  event_type: string;
  aggregate: string;
  body: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  last_status: number | null;
  last_error: string | null;
  delivered_at: Date | null;
  created_at: Date;
}

export type DueDelivery = IClaimDueDeliveriesResult;
export type AttemptRow = IDeliveryAttemptsResult;

export interface EndpointFilter {
  q?: string;
  status?: EndpointStatus;
}

const SORT: Record<string, string> = { createdAt: 'created_at', url: 'url' };
export const ENDPOINT_SORT_FIELDS = Object.keys(SORT);
const ENDPOINT_COLUMNS = `id, url, description, event_types, enabled, disabled_reason, disabled_at, consecutive_failures, failing_since,
  previous_secret_expires_at, created_by, created_at, updated_at`;
const DELIVERY_COLUMNS = `id, endpoint_id, event_id, event_type, aggregate, body, state, attempts, next_attempt_at, last_status, last_error, delivered_at, created_at`;

/* Typed against the schema by pgtyped (npm run db:types writes webhooks.repository.types.ts); the console's lists stay hand-typed. */
const insertEndpoint = sql<IInsertEndpointQuery>`
  INSERT INTO webhook_endpoints (url, description, event_types, secret_encrypted, created_by)
  VALUES ($url!, $description!, $eventTypes!::text[], $secretEncrypted!, $createdBy) RETURNING id`;
const endpointById = sql<IEndpointByIdQuery>`SELECT id FROM webhook_endpoints WHERE id = $id!`;
const updateEndpoint = sql<IUpdateEndpointQuery>`
  UPDATE webhook_endpoints SET url = $url!, description = $description!, event_types = $eventTypes!::text[], updated_at = now() WHERE id = $id!`;
const deleteEndpoint = sql<IDeleteEndpointQuery>`DELETE FROM webhook_endpoints WHERE id = $id!`;
const enableEndpoint = sql<IEnableEndpointQuery>`
  UPDATE webhook_endpoints SET enabled = true, disabled_reason = NULL, disabled_at = NULL, consecutive_failures = 0, failing_since = NULL, updated_at = now()
   WHERE id = $id! AND NOT enabled`;
const disableEndpoint = sql<IDisableEndpointQuery>`
  UPDATE webhook_endpoints SET enabled = false, disabled_reason = $reason!, disabled_at = now(), updated_at = now() WHERE id = $id! AND enabled`;
const endpointSecrets = sql<IEndpointSecretsQuery>`
  SELECT secret_encrypted, previous_secret_encrypted, previous_secret_expires_at FROM webhook_endpoints WHERE id = $id!`;
const rotateSecret = sql<IRotateSecretQuery>`
  UPDATE webhook_endpoints SET previous_secret_encrypted = secret_encrypted, secret_encrypted = $secretEncrypted!,
         previous_secret_expires_at = now() + make_interval(secs => $graceSeconds!::int), updated_at = now()
   WHERE id = $id! RETURNING previous_secret_expires_at AS "previous_secret_expires_at!"`;
const fanOut = sql<IFanOutQuery>`
  INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, aggregate, occurred_at, body, retry_until)
  SELECT e.id, $eventId!::uuid, $eventType!, $aggregate!, $occurredAt!::timestamptz, $body!, now() + make_interval(secs => $retrySeconds!::int)
    FROM webhook_endpoints e WHERE e.enabled AND $eventType! = ANY (e.event_types)
  ON CONFLICT (endpoint_id, event_id) DO NOTHING RETURNING id`;
const insertTestDelivery = sql<IInsertTestDeliveryQuery>`
  INSERT INTO webhook_deliveries (id, endpoint_id, event_type, aggregate, occurred_at, body, retry_until)
  VALUES ($id!::uuid, $endpointId!, $eventType!, $aggregate!, now(), $body!, now() + make_interval(secs => $retrySeconds!::int))`;
const deliveryById = sql<IDeliveryByIdQuery>`SELECT id, endpoint_id FROM webhook_deliveries WHERE id = $id! AND endpoint_id = $endpointId!`;
const resendDelivery = sql<IResendDeliveryQuery>`
  UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = now(), retry_until = now() + make_interval(secs => $retrySeconds!::int),
         locked_until = NULL, delivered_at = NULL
   WHERE id = $id!`;
/*
 * Due pending deliveries to enabled endpoints, each the earliest still
 * pending of its aggregate for its endpoint, and none while an earlier event
 * of its aggregate still waits for its fan-out (its event_deliveries row for
 * fan-out-webhooks: fan-out jobs may run out of order), taken under a lease:
 * a worker killed while sending leaves the row to be taken again once the
 * lease ends.
 */
const claimDueDeliveries = sql<IClaimDueDeliveriesQuery>`
  WITH due AS (
    SELECT c.id FROM webhook_deliveries c
      JOIN webhook_endpoints ce ON ce.id = c.endpoint_id AND ce.enabled
     WHERE c.state = 'pending' AND c.next_attempt_at <= now() AND (c.locked_until IS NULL OR c.locked_until < now())
       AND NOT EXISTS (
         SELECT 1 FROM webhook_deliveries p
          WHERE p.endpoint_id = c.endpoint_id AND p.aggregate = c.aggregate AND p.state = 'pending'
            AND (p.occurred_at, p.seq) < (c.occurred_at, c.seq))
       AND NOT EXISTS (
         SELECT 1 FROM event_deliveries ed JOIN outbox_events o ON o.id = ed.event_id
          WHERE ed.consumer = $fanOutConsumer! AND ed.dead_at IS NULL
            AND o.aggregate_type || ':' || o.aggregate_id = c.aggregate AND o.occurred_at < c.occurred_at)
     ORDER BY c.next_attempt_at, c.seq
     LIMIT $limit!::int
     FOR UPDATE OF c SKIP LOCKED)
  UPDATE webhook_deliveries d SET locked_until = now() + make_interval(secs => $leaseSeconds!::int), attempts = d.attempts + 1
    FROM due, webhook_endpoints e
   WHERE d.id = due.id AND e.id = d.endpoint_id
  RETURNING d.id, d.endpoint_id, d.body, d.attempts, d.retry_until, e.url, e.secret_encrypted, e.previous_secret_encrypted, e.previous_secret_expires_at`;
const insertAttempt = sql<IInsertAttemptQuery>`
  INSERT INTO webhook_attempts (delivery_id, attempt, request_headers, request_body, response_status, response_body, duration_ms, error)
  VALUES ($deliveryId!, $attempt!, $requestHeaders!::jsonb, $requestBody!, $responseStatus, $responseBody, $durationMs!, $error)`;
const recordDelivered = sql<IRecordDeliveredQuery>`
  UPDATE webhook_deliveries SET state = 'delivered', delivered_at = now(), locked_until = NULL, last_status = $status, last_error = NULL WHERE id = $id!`;
const recordRetry = sql<IRecordRetryQuery>`
  UPDATE webhook_deliveries SET state = CASE WHEN now() + make_interval(secs => $delaySeconds!::float8) > retry_until THEN 'failed' ELSE 'pending' END,
         next_attempt_at = now() + make_interval(secs => $delaySeconds!::float8), locked_until = NULL, last_status = $status, last_error = $error
   WHERE id = $id! RETURNING state`;
const recordFailed = sql<IRecordFailedQuery>`
  UPDATE webhook_deliveries SET state = 'failed', locked_until = NULL, last_status = $status, last_error = $error WHERE id = $id!`;
const endpointSucceeded = sql<IEndpointSucceededQuery>`
  UPDATE webhook_endpoints SET consecutive_failures = 0, failing_since = NULL WHERE id = $id! AND consecutive_failures > 0`;
const endpointFailed = sql<IEndpointFailedQuery>`
  UPDATE webhook_endpoints SET consecutive_failures = consecutive_failures + 1, failing_since = coalesce(failing_since, now())
   WHERE id = $id! RETURNING consecutive_failures, failing_since AS "failing_since!", enabled, url`;
const deliveryAttempts = sql<IDeliveryAttemptsQuery>`
  SELECT delivery_id, attempt, request_headers, request_body, response_status, response_body, duration_ms, error, created_at
    FROM webhook_attempts WHERE delivery_id = ANY ($ids!::uuid[]) ORDER BY id`;

/** webhook_endpoints, webhook_deliveries and webhook_attempts: the endpoints, what each is owed and the log of every attempt. */
@Injectable()
export class WebhooksRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insertEndpoint(
    manager: EntityManager,
    e: { url: string; description: string; eventTypes: string[]; secretEncrypted: string; createdBy: string | null },
  ): Promise<string> {
    return (await typedOne(manager, insertEndpoint, e))!.id;
  }

  async exists(id: string): Promise<boolean> {
    return (await typedOne(this.dataSource.manager, endpointById, { id })) !== undefined;
  }

  endpoint(manager: EntityManager, id: string): Promise<EndpointRow | undefined> {
    return queryOne<EndpointRow>(manager, `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1`, [id]);
  }

  async updateEndpoint(manager: EntityManager, e: { id: string; url: string; description: string; eventTypes: string[] }): Promise<void> {
    await typedExecute(manager, updateEndpoint, e);
  }

  async deleteEndpoint(manager: EntityManager, id: string): Promise<void> {
    await typedExecute(manager, deleteEndpoint, { id });
  }

  /** Answers whether this call changed it. */
  async enable(manager: EntityManager, id: string): Promise<boolean> {
    return (await typedExecute(manager, enableEndpoint, { id })) > 0;
  }

  async disable(manager: EntityManager, id: string, reason: string): Promise<boolean> {
    return (await typedExecute(manager, disableEndpoint, { id, reason })) > 0;
  }

  secrets(id: string) {
    return typedOne(this.dataSource.manager, endpointSecrets, { id });
  }

  async rotate(manager: EntityManager, id: string, secretEncrypted: string, graceSeconds: number): Promise<Date> {
    return (await typedOne(manager, rotateSecret, { id, secretEncrypted, graceSeconds }))!.previous_secret_expires_at;
  }

  async list(filter: EndpointFilter, page: Pick<ListQuery, 'sort' | 'skip' | 'take' | 'ids'>): Promise<{ rows: EndpointRow[]; total: number }> {
    const q = filter.q ? likePattern(filter.q) : undefined;
    const where = new WhereBuilder()
      .when(filter.status, `(CASE WHEN enabled THEN 'enabled' ELSE 'disabled' END) = ?`, filter.status)
      .when(q, '(url ILIKE ? OR description ILIKE ?)', q, q)
      .when(page.ids, 'id = ANY(?::uuid[])', page.ids);
    const count = await queryOne<{ total: number }>(this.dataSource.manager, `SELECT count(*)::int AS total FROM webhook_endpoints ${where.sql}`, where.params);
    const rows = await queryRows<EndpointRow>(
      this.dataSource.manager,
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints ${where.sql} ORDER BY ${SORT[page.sort.field]} ${page.sort.order}, id DESC OFFSET ${page.skip} LIMIT ${page.take}`,
      where.params,
    );
    return { rows, total: count?.total ?? 0 };
  }

  /** One delivery per enabled endpoint subscribed to the event (none more for a redelivered event); answers how many. */
  async fanOut(
    manager: EntityManager,
    d: { eventId: string; eventType: string; aggregate: string; occurredAt: string; body: string; retrySeconds: number },
  ): Promise<number> {
    return (await typedRows(manager, fanOut, d)).length;
  }

  async insertTestDelivery(
    manager: EntityManager,
    d: { id: string; endpointId: string; eventType: string; aggregate: string; body: string; retrySeconds: number },
  ): Promise<void> {
    await typedExecute(manager, insertTestDelivery, d);
  }

  delivery(manager: EntityManager, id: string): Promise<DeliveryRow | undefined> {
    return queryOne<DeliveryRow>(manager, `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE id = $1`, [id]);
  }

  async deliveryOf(endpointId: string, id: string): Promise<boolean> {
    return (await typedOne(this.dataSource.manager, deliveryById, { id, endpointId })) !== undefined;
  }

  async resend(manager: EntityManager, id: string, retrySeconds: number): Promise<void> {
    await typedExecute(manager, resendDelivery, { id, retrySeconds });
  }

  /**
   * An endpoint's deliveries, newest first (the (endpoint_id, created_at, seq)
   * index), with their total: counted up to EXACT_COUNT_LIMIT, the planner's
   * estimate beyond (a busy endpoint's log holds hundreds of thousands of
   * rows, and counting them all cost more than the page). A page that ends
   * the log knows the exact total.
   */
  async deliveries(endpointId: string, page: { skip: number; take: number }): Promise<{ rows: DeliveryRow[]; total: number; estimated: boolean }> {
    const m = this.dataSource.manager;
    const source: ListSource = {
      from: 'webhook_deliveries',
      where: new WhereBuilder().add('endpoint_id = ?', endpointId),
      id: { expr: 'id', type: 'uuid' },
    };
    const [rows, count] = await Promise.all([
      queryRows<DeliveryRow>(
        m,
        `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at DESC, seq DESC OFFSET ${page.skip} LIMIT ${page.take}`,
        [endpointId],
      ),
      countOrEstimate(m, source, EXACT_COUNT_LIMIT),
    ]);
    const last = rows.length < page.take && (rows.length > 0 || page.skip === 0);
    return last ? { rows, total: page.skip + rows.length, estimated: false } : { rows, ...count };
  }

  attempts(deliveryIds: string[]): Promise<AttemptRow[]> {
    return deliveryIds.length ? typedRows(this.dataSource.manager, deliveryAttempts, { ids: deliveryIds }) : Promise.resolve([]);
  }

  claimDue(limit: number, leaseSeconds: number): Promise<DueDelivery[]> {
    return typedRows(this.dataSource.manager, claimDueDeliveries, { limit, leaseSeconds, fanOutConsumer: FAN_OUT_WEBHOOKS.name });
  }

  async insertAttempt(
    manager: EntityManager,
    a: {
      deliveryId: string;
      attempt: number;
      requestHeaders: Record<string, string>;
      requestBody: string;
      responseStatus: number | null;
      responseBody: string | null;
      durationMs: number;
      error: string | null;
    },
  ): Promise<void> {
    await typedExecute(manager, insertAttempt, { ...a, requestHeaders: JSON.stringify(a.requestHeaders) });
  }

  async delivered(manager: EntityManager, id: string, status: number | null): Promise<void> {
    await typedExecute(manager, recordDelivered, { id, status });
  }

  /** Retried after the delay, or failed when that is past its retry window; answers the state. */
  async retryLater(manager: EntityManager, id: string, delaySeconds: number, status: number | null, error: string | null): Promise<string> {
    return (await typedOne(manager, recordRetry, { id, delaySeconds, status, error }))!.state;
  }

  async failed(manager: EntityManager, id: string, status: number | null, error: string | null): Promise<void> {
    await typedExecute(manager, recordFailed, { id, status, error });
  }

  async endpointSucceeded(manager: EntityManager, id: string): Promise<void> {
    await typedExecute(manager, endpointSucceeded, { id });
  }

  endpointFailed(manager: EntityManager, id: string) {
    return typedOne(manager, endpointFailed, { id });
  }
}

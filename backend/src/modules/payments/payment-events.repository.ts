import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { UUID } from '../../common/http/list-query';
import { sql } from '@pgtyped/runtime';
import { queryOne, typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type { StatementBefore } from '../../events/outbox.repository';
import type { PaymentEventRow, PaymentRow } from './payment.model';
import type {
  IEventForUpdateQuery,
  IEventIdByDedupeKeyQuery,
  IEventWithPaymentForUpdateQuery,
  IMarkEventProcessedQuery,
  IPaymentEventsOfPaymentQuery,
  IStoredEventQuery,
} from './payment-events.repository.types';
import { readReport } from './providers/provider-reports';

export interface StoredReport {
  id: string;
  provider: string;
  source: 'webhook' | 'reconcile';
  raw: string;
  /** The canonical JSON of the body: its hash is the dedupe key, so the same report re-sent in another byte layout is one delivery. */
  canonical: string;
  payload: Record<string, unknown>;
  /** The provider's id of the HTTP delivery (PayPal-Transmission-Id), unique per provider: the same id again is a replay. */
  deliveryId?: string | null;
}

/*
 * The statements below are typed against the schema by pgtyped (npm run db:types writes payment-events.repository.types.ts).
 * The store statement stays hand-typed: the outbox runs it inside its own statement (StatementBefore, its parameters renumbered).
 */
const eventIdByDedupeKey = sql<IEventIdByDedupeKeyQuery>`SELECT id FROM payment_events WHERE dedupe_key = $dedupeKey!`;
const storedEvent = sql<IStoredEventQuery>`SELECT provider, payload, payment_id FROM payment_events WHERE id = $id!`;
const eventWithPaymentForUpdate = sql<IEventWithPaymentForUpdateQuery>`
  SELECT pe.processed_at AS ev_processed_at, pe.payload AS ev_payload, pe.provider AS ev_provider, p.*
    FROM payment_events pe JOIN payments p ON p.id = pe.payment_id
   WHERE pe.id = $id!
     FOR NO KEY UPDATE OF pe, p`;
const eventForUpdate = sql<IEventForUpdateQuery>`SELECT processed_at, payload, provider FROM payment_events WHERE id = $id! FOR NO KEY UPDATE`;
const markEventProcessed = sql<IMarkEventProcessedQuery>`UPDATE payment_events SET processed_at = now(), outcome = $outcome! WHERE id = $id!`;
const paymentEventsOfPayment = sql<IPaymentEventsOfPaymentQuery>`
  SELECT id, provider, provider_status, source, received_at, processed_at, outcome, payload FROM payment_events WHERE payment_id = $paymentId! ORDER BY received_at, id`;

/** A row as generated (payload: any JSON) with the payload intake stores: the JSON object the provider sent. */
const withPayload = <T extends { payload: unknown }>(row: T | undefined) => row as (Omit<T, 'payload'> & Pick<PaymentEventRow, 'payload'>) | undefined;

/** A payment row as generated (text columns) with the values the state machine and checkout allow. */
const asPayment = <T extends object>(row: T) => row as Omit<T, 'state' | 'method'> & Pick<PaymentRow, 'state' | 'method'>;

/** payment_events: every provider report, stored once (unique dedupe key) before it is processed, with its outcome. */
@Injectable()
export class PaymentEventsRepository {
  constructor(private readonly dataSource: DataSource) {}

  static dedupeKey(provider: string, canonical: string): string {
    return `${provider}-${createHash('sha256').update(canonical).digest('hex')}`;
  }

  /**
   * The statement that stores one provider report once, matched to its
   * payment by order id or provider reference. Returns the new row's id, or
   * no row for a duplicate: the same report (dedupe key) or the same
   * delivery (provider and delivery id) stored before. It takes no lock on
   * the payment row.
   */
  storeStatement(report: StoredReport): StatementBefore {
    const parsed = readReport(report.provider, report.payload);
    return {
      sql: `INSERT INTO payment_events (id, payment_id, provider, source, dedupe_key, provider_status, raw_body, payload, delivery_id)
            VALUES ($1, (SELECT id FROM payments WHERE id = $2::uuid OR (provider = $3 AND provider_ref = $4) ORDER BY (id = $2::uuid) DESC LIMIT 1),
                    $3, $5, $6, $7, $8, $9, $10)
            ON CONFLICT DO NOTHING RETURNING id`,
      params: [
        report.id,
        parsed.orderId && UUID.test(parsed.orderId) ? parsed.orderId : null,
        report.provider,
        parsed.providerRef ?? null,
        report.source,
        PaymentEventsRepository.dedupeKey(report.provider, report.canonical),
        parsed.status || null,
        report.raw,
        JSON.stringify(report.payload),
        report.deliveryId ?? null,
      ],
    };
  }

  /** Stores a report in the caller's transaction, or finds the identical one stored before; answers its id. */
  async storeOrFind(manager: EntityManager, report: StoredReport): Promise<string> {
    const statement = this.storeStatement(report);
    const inserted = await queryOne<{ id: string }>(manager, statement.sql, statement.params);
    if (inserted) return inserted.id;
    const existing = await typedOne(manager, eventIdByDedupeKey, { dedupeKey: PaymentEventsRepository.dedupeKey(report.provider, report.canonical) });
    return existing!.id;
  }

  /** A stored report (no lock): its provider, payload and matched payment. */
  async findStored(id: string): Promise<(Pick<PaymentEventRow, 'provider' | 'payload'> & { payment_id: string | null }) | undefined> {
    return withPayload(await typedOne(this.dataSource.manager, storedEvent, { id }));
  }

  /**
   * A stored report and its payment, both locked, in one round trip; a
   * report matched to no payment takes a second query.
   */
  async lockWithPayment(
    manager: EntityManager,
    id: string,
  ): Promise<{ event?: Pick<PaymentEventRow, 'processed_at' | 'payload' | 'provider'>; payment?: PaymentRow }> {
    const joined = await typedOne(manager, eventWithPaymentForUpdate, { id });
    if (joined) {
      const { ev_processed_at, ev_payload, ev_provider, ...payment } = joined;
      return { event: withPayload({ processed_at: ev_processed_at, payload: ev_payload, provider: ev_provider }), payment: asPayment(payment) };
    }
    return { event: withPayload(await typedOne(manager, eventForUpdate, { id })) };
  }

  async markProcessed(manager: EntityManager, id: string, outcome: string): Promise<void> {
    await typedExecute(manager, markEventProcessed, { id, outcome });
  }

  async ofPayment(paymentId: string): Promise<PaymentEventRow[]> {
    const rows = await typedRows(this.dataSource.manager, paymentEventsOfPayment, { paymentId });
    return rows as PaymentEventRow[];
  }
}

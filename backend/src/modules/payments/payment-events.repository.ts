import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { UUID } from '../../common/http/list-query';
import { execute, queryOne, queryRows } from '../../database/sql.repository';
import type { StatementBefore } from '../../events/outbox.repository';
import type { PaymentEventRow, PaymentRow } from './payment.model';
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
    const existing = await queryOne<{ id: string }>(manager, 'SELECT id FROM payment_events WHERE dedupe_key = $1', [
      PaymentEventsRepository.dedupeKey(report.provider, report.canonical),
    ]);
    return existing!.id;
  }

  /** A stored report (no lock): its provider, payload and matched payment. */
  findStored(id: string): Promise<(Pick<PaymentEventRow, 'provider' | 'payload'> & { payment_id: string | null }) | undefined> {
    return queryOne(this.dataSource.manager, 'SELECT provider, payload, payment_id FROM payment_events WHERE id = $1', [id]);
  }

  /**
   * A stored report and its payment, both locked, in one round trip; a
   * report matched to no payment takes a second query.
   */
  async lockWithPayment(
    manager: EntityManager,
    id: string,
  ): Promise<{ event?: Pick<PaymentEventRow, 'processed_at' | 'payload' | 'provider'>; payment?: PaymentRow }> {
    const joined = await queryOne<PaymentRow & { ev_processed_at: Date | null; ev_payload: Record<string, unknown>; ev_provider: string }>(
      manager,
      `SELECT pe.processed_at AS ev_processed_at, pe.payload AS ev_payload, pe.provider AS ev_provider, p.*
         FROM payment_events pe JOIN payments p ON p.id = pe.payment_id
        WHERE pe.id = $1
          FOR NO KEY UPDATE OF pe, p`,
      [id],
    );
    if (joined) {
      const { ev_processed_at, ev_payload, ev_provider, ...payment } = joined;
      return { event: { processed_at: ev_processed_at, payload: ev_payload, provider: ev_provider }, payment };
    }
    const event = await queryOne<Pick<PaymentEventRow, 'processed_at' | 'payload' | 'provider'>>(
      manager,
      'SELECT processed_at, payload, provider FROM payment_events WHERE id = $1 FOR NO KEY UPDATE',
      [id],
    );
    return { event };
  }

  async markProcessed(manager: EntityManager, id: string, outcome: string): Promise<void> {
    await execute(manager, 'UPDATE payment_events SET processed_at = now(), outcome = $2 WHERE id = $1', [id, outcome]);
  }

  ofPayment(paymentId: string): Promise<PaymentEventRow[]> {
    return queryRows<PaymentEventRow>(
      this.dataSource.manager,
      `SELECT id, provider, provider_status, source, received_at, processed_at, outcome, payload FROM payment_events WHERE payment_id = $1 ORDER BY received_at, id`,
      [paymentId],
    );
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { execute, queryOne, queryRows } from '../../../database/sql.repository';
import type { DeliveryScheme } from './sandbox.provider';

export interface SandboxDelivery {
  id: string;
  payment_id: string;
  url: string;
  body: string;
  signature: string;
  scheme: DeliveryScheme;
  attempts: number;
}

export interface NewSandboxDelivery {
  paymentId: string;
  url: string;
  body: string;
  signature: string;
  scheme: DeliveryScheme;
}

/** A card or PayPal simulator's session or order (sandbox_checkouts). */
export interface SandboxCheckoutRow {
  id: string;
  kind: 'card' | 'paypal';
  payment_id: string | null;
  amount: string;
  currency: string;
  status: string;
  request: Record<string, unknown>;
  capture_id: string | null;
  refund_id: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * The sandbox provider's own memory, in PostgreSQL like a real provider's
 * (not Redis, whose loss would make it forget what was paid): the last
 * status it reported per payment, and the notifications it still has to
 * deliver.
 */
@Injectable()
export class SandboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  async saveStatus(paymentId: string, body: string): Promise<void> {
    await execute(
      this.dataSource.manager,
      `INSERT INTO sandbox_payments (payment_id, last_body) VALUES ($1, $2)
       ON CONFLICT (payment_id) DO UPDATE SET last_body = EXCLUDED.last_body, updated_at = clock_timestamp()`,
      [paymentId, body],
    );
  }

  async lastStatus(paymentId: string): Promise<string | null> {
    const rows = await queryRows<{ last_body: string }>(this.dataSource.manager, `SELECT last_body FROM sandbox_payments WHERE payment_id = $1`, [paymentId]);
    return rows[0]?.last_body ?? null;
  }

  /** A notification the webhook did not accept: retried from `afterMs` on. */
  async scheduleRetry(d: NewSandboxDelivery, lastStatus: number, afterMs: number): Promise<void> {
    await execute(
      this.dataSource.manager,
      `INSERT INTO sandbox_ipn_deliveries (payment_id, url, body, signature, scheme, attempts, last_status, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, 1, $6, clock_timestamp() + make_interval(secs => $7::double precision / 1000))`,
      [d.paymentId, d.url, d.body, d.signature, d.scheme, lastStatus, afterMs],
    );
  }

  /** Leases the deliveries due now (their next attempt moves `leaseMs` out, so a second retrier skips them). */
  leaseDue(limit: number, leaseMs: number): Promise<SandboxDelivery[]> {
    return queryRows<SandboxDelivery>(
      this.dataSource.manager,
      `WITH due AS (
         SELECT id FROM sandbox_ipn_deliveries WHERE delivered_at IS NULL AND gave_up_at IS NULL AND next_attempt_at <= clock_timestamp()
          ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED
       )
       UPDATE sandbox_ipn_deliveries d SET next_attempt_at = clock_timestamp() + make_interval(secs => $2::double precision / 1000)
         FROM due WHERE d.id = due.id
       RETURNING d.id, d.payment_id, d.url, d.body, d.signature, d.scheme, d.attempts`,
      [limit, leaseMs],
    );
  }

  async attempted(id: string, status: number, delivered: boolean, nextAfterMs: number | null): Promise<void> {
    await execute(
      this.dataSource.manager,
      `UPDATE sandbox_ipn_deliveries SET attempts = attempts + 1, last_status = $2,
              delivered_at = CASE WHEN $3 THEN clock_timestamp() END,
              gave_up_at = CASE WHEN NOT $3 AND $4::double precision IS NULL THEN clock_timestamp() END,
              next_attempt_at = clock_timestamp() + make_interval(secs => coalesce($4::double precision, 0) / 1000)
        WHERE id = $1`,
      [id, status, delivered, nextAfterMs],
    );
  }

  /** Deliveries of a payment still waiting for a retry (tests and the hosted page). */
  async pendingCount(paymentId: string): Promise<number> {
    const row = await queryOne<{ n: number }>(
      this.dataSource.manager,
      `SELECT count(*)::int AS n FROM sandbox_ipn_deliveries WHERE payment_id = $1 AND delivered_at IS NULL AND gave_up_at IS NULL`,
      [paymentId],
    );
    return row!.n;
  }

  // The card and PayPal simulators' sessions and orders.

  async insertCheckout(c: Pick<SandboxCheckoutRow, 'id' | 'kind' | 'payment_id' | 'amount' | 'currency' | 'status' | 'request'>): Promise<SandboxCheckoutRow> {
    return (await queryOne<SandboxCheckoutRow>(
      this.dataSource.manager,
      `INSERT INTO sandbox_checkouts (id, kind, payment_id, amount, currency, status, request) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET updated_at = sandbox_checkouts.updated_at RETURNING *`,
      [c.id, c.kind, c.payment_id, c.amount, c.currency, c.status, JSON.stringify(c.request)],
    ))!;
  }

  findCheckout(id: string, kind: 'card' | 'paypal'): Promise<SandboxCheckoutRow | undefined> {
    return queryOne<SandboxCheckoutRow>(this.dataSource.manager, `SELECT * FROM sandbox_checkouts WHERE id = $1 AND kind = $2`, [id, kind]);
  }

  findCheckoutByCapture(captureId: string, kind: 'card' | 'paypal'): Promise<SandboxCheckoutRow | undefined> {
    return queryOne<SandboxCheckoutRow>(this.dataSource.manager, `SELECT * FROM sandbox_checkouts WHERE capture_id = $1 AND kind = $2`, [captureId, kind]);
  }

  /** Moves a session or order on, only from one of the states `from` (so two clicks cannot both pay); answers the row when it moved. */
  updateCheckout(
    id: string,
    from: readonly string[],
    change: { status: string; captureId?: string; refundId?: string; payerName?: string },
  ): Promise<SandboxCheckoutRow | undefined> {
    return queryOne<SandboxCheckoutRow>(
      this.dataSource.manager,
      `UPDATE sandbox_checkouts SET status = $3, capture_id = coalesce($4, capture_id), refund_id = coalesce($5, refund_id), updated_at = clock_timestamp(),
              request = CASE WHEN $6::text IS NULL THEN request ELSE request || jsonb_build_object('payer_name', $6::text) END
        WHERE id = $1 AND status = ANY($2::text[]) RETURNING *`,
      [id, from, change.status, change.captureId ?? null, change.refundId ?? null, change.payerName ?? null],
    );
  }
}

import { Injectable } from '@nestjs/common';
import { sql } from '@pgtyped/runtime';
import { DataSource } from 'typeorm';
import { typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type { DeliveryScheme } from './sandbox.provider';
import type {
  IAttemptedQuery,
  IFindCheckoutByCaptureQuery,
  IFindCheckoutQuery,
  IInsertCheckoutQuery,
  ILastStatusQuery,
  ILeaseDueQuery,
  IPendingCountQuery,
  ISaveStatusQuery,
  IScheduleRetryQuery,
  IUpdateCheckoutQuery,
} from './sandbox.repository.types';

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

// Typed against the schema by pgtyped (npm run db:types writes sandbox.repository.types.ts).
const saveStatus = sql<ISaveStatusQuery>`
  INSERT INTO sandbox_payments (payment_id, last_body) VALUES ($paymentId!, $body!)
  ON CONFLICT (payment_id) DO UPDATE SET last_body = EXCLUDED.last_body, updated_at = clock_timestamp()`;
const lastStatus = sql<ILastStatusQuery>`SELECT last_body FROM sandbox_payments WHERE payment_id = $paymentId!`;
const scheduleRetry = sql<IScheduleRetryQuery>`
  INSERT INTO sandbox_ipn_deliveries (payment_id, url, body, signature, scheme, attempts, last_status, next_attempt_at)
  VALUES ($paymentId!, $url!, $body!, $signature!, $scheme!, 1, $lastStatus!, clock_timestamp() + make_interval(secs => $afterMs!::double precision / 1000))`;
const leaseDue = sql<ILeaseDueQuery>`
  WITH due AS (
    SELECT id FROM sandbox_ipn_deliveries WHERE delivered_at IS NULL AND gave_up_at IS NULL AND next_attempt_at <= clock_timestamp()
     ORDER BY next_attempt_at LIMIT $limit! FOR UPDATE SKIP LOCKED
  )
  UPDATE sandbox_ipn_deliveries d SET next_attempt_at = clock_timestamp() + make_interval(secs => $leaseMs!::double precision / 1000)
    FROM due WHERE d.id = due.id
  RETURNING d.id, d.payment_id, d.url, d.body, d.signature, d.scheme, d.attempts`;
const attempted = sql<IAttemptedQuery>`
  UPDATE sandbox_ipn_deliveries SET attempts = attempts + 1, last_status = $status!,
         delivered_at = CASE WHEN $delivered!::boolean THEN clock_timestamp() END,
         gave_up_at = CASE WHEN NOT $delivered!::boolean AND $nextAfterMs::double precision IS NULL THEN clock_timestamp() END,
         next_attempt_at = clock_timestamp() + make_interval(secs => coalesce($nextAfterMs::double precision, 0) / 1000)
   WHERE id = $id!`;
const pendingCount = sql<IPendingCountQuery>`
  SELECT count(*)::int AS "n!" FROM sandbox_ipn_deliveries WHERE payment_id = $paymentId! AND delivered_at IS NULL AND gave_up_at IS NULL`;
const insertCheckout = sql<IInsertCheckoutQuery>`
  INSERT INTO sandbox_checkouts (id, kind, payment_id, amount, currency, status, request)
  VALUES ($id!, $kind!, $paymentId, $amount!, $currency!, $status!, $request!::jsonb)
  ON CONFLICT (id) DO UPDATE SET updated_at = sandbox_checkouts.updated_at RETURNING *`;
const findCheckout = sql<IFindCheckoutQuery>`SELECT * FROM sandbox_checkouts WHERE id = $id! AND kind = $kind!`;
const findCheckoutByCapture = sql<IFindCheckoutByCaptureQuery>`SELECT * FROM sandbox_checkouts WHERE capture_id = $captureId! AND kind = $kind!`;
const updateCheckout = sql<IUpdateCheckoutQuery>`
  UPDATE sandbox_checkouts SET status = $status!, capture_id = coalesce($captureId, capture_id), refund_id = coalesce($refundId, refund_id),
         updated_at = clock_timestamp(),
         request = CASE WHEN $payerName::text IS NULL THEN request ELSE request || jsonb_build_object('payer_name', $payerName::text) END
   WHERE id = $id! AND status = ANY($from!::text[]) RETURNING *`;

/** A generated sandbox_checkouts row with its kind and request narrowed. */
function checkoutRow<T extends { kind: string; request: unknown }>(row: T): Omit<T, 'kind' | 'request'> & Pick<SandboxCheckoutRow, 'kind' | 'request'> {
  return row as Omit<T, 'kind' | 'request'> & Pick<SandboxCheckoutRow, 'kind' | 'request'>;
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
    await typedExecute(this.dataSource.manager, saveStatus, { paymentId, body });
  }

  async lastStatus(paymentId: string): Promise<string | null> {
    return (await typedOne(this.dataSource.manager, lastStatus, { paymentId }))?.last_body ?? null;
  }

  /** A notification the webhook did not accept: retried from `afterMs` on. */
  async scheduleRetry(d: NewSandboxDelivery, lastStatus: number, afterMs: number): Promise<void> {
    await typedExecute(this.dataSource.manager, scheduleRetry, { ...d, lastStatus, afterMs });
  }

  /** Leases the deliveries due now (their next attempt moves `leaseMs` out, so a second retrier skips them). */
  async leaseDue(limit: number, leaseMs: number): Promise<SandboxDelivery[]> {
    const rows = await typedRows(this.dataSource.manager, leaseDue, { limit, leaseMs });
    return rows.map((row) => ({ ...row, scheme: row.scheme as DeliveryScheme }));
  }

  async attempted(id: string, status: number, delivered: boolean, nextAfterMs: number | null): Promise<void> {
    await typedExecute(this.dataSource.manager, attempted, { id, status, delivered, nextAfterMs });
  }

  /** Deliveries of a payment still waiting for a retry (tests and the hosted page). */
  async pendingCount(paymentId: string): Promise<number> {
    return (await typedOne(this.dataSource.manager, pendingCount, { paymentId }))!.n;
  }

  // The card and PayPal simulators' sessions and orders.

  async insertCheckout(c: Pick<SandboxCheckoutRow, 'id' | 'kind' | 'payment_id' | 'amount' | 'currency' | 'status' | 'request'>): Promise<SandboxCheckoutRow> {
    const row = await typedOne(this.dataSource.manager, insertCheckout, {
      id: c.id,
      kind: c.kind,
      paymentId: c.payment_id,
      amount: c.amount,
      currency: c.currency,
      status: c.status,
      request: JSON.stringify(c.request),
    });
    return checkoutRow(row!);
  }

  async findCheckout(id: string, kind: 'card' | 'paypal'): Promise<SandboxCheckoutRow | undefined> {
    const row = await typedOne(this.dataSource.manager, findCheckout, { id, kind });
    return row && checkoutRow(row);
  }

  async findCheckoutByCapture(captureId: string, kind: 'card' | 'paypal'): Promise<SandboxCheckoutRow | undefined> {
    const row = await typedOne(this.dataSource.manager, findCheckoutByCapture, { captureId, kind });
    return row && checkoutRow(row);
  }

  /** Moves a session or order on, only from one of the states `from` (so two clicks cannot both pay); answers the row when it moved. */
  async updateCheckout(
    id: string,
    from: readonly string[],
    change: { status: string; captureId?: string; refundId?: string; payerName?: string },
  ): Promise<SandboxCheckoutRow | undefined> {
    const row = await typedOne(this.dataSource.manager, updateCheckout, {
      id,
      from: [...from],
      status: change.status,
      captureId: change.captureId ?? null,
      refundId: change.refundId ?? null,
      payerName: change.payerName ?? null,
    });
    return row && checkoutRow(row);
  }
}

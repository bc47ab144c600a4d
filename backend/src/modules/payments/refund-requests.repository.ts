import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type {
  IDeclineRefundRequestQuery,
  IInsertRefundRequestQuery,
  IRefundRequestsOfPaymentsQuery,
  IRefundRequestsOfPaymentsResult,
  IResolveRefundRequestQuery,
} from './refund-requests.repository.types';

/**
 * A refund request as generated from the schema (refund-requests.repository.types.ts, `npm run db:types`), with its
 * status narrowed to the values the schema's check allows; decision_reason: why an admin declined it.
 */
export type RefundRequestRow = Omit<IRefundRequestsOfPaymentsResult, 'status'> & { status: 'pending' | 'refunded' | 'declined' };

/* Typed against the schema by pgtyped (npm run db:types writes refund-requests.repository.types.ts). */
const insertRefundRequest = sql<IInsertRefundRequestQuery>`
  INSERT INTO refund_requests (payment_id, user_id, reason) VALUES ($paymentId!, $userId!, $reason!) ON CONFLICT (payment_id) DO NOTHING RETURNING *`;
const refundRequestsOfPayments = sql<IRefundRequestsOfPaymentsQuery>`SELECT * FROM refund_requests WHERE payment_id = ANY ($paymentIds!::uuid[])`;
const resolveRefundRequest = sql<IResolveRefundRequestQuery>`
  UPDATE refund_requests SET status = $status!, resolved_at = now() WHERE payment_id = $paymentId! AND status = 'pending'`;
const declineRefundRequest = sql<IDeclineRefundRequestQuery>`
  UPDATE refund_requests SET status = 'declined', resolved_at = now(), decision_reason = $reason! WHERE payment_id = $paymentId! AND status = 'pending' RETURNING *`;

/** A refund request row as generated (status as text) with the statuses the schema's check allows. */
const asRequest = <T extends { status: string }>(row: T | undefined) => row as (Omit<T, 'status'> & Pick<RefundRequestRow, 'status'>) | undefined;

/** refund_requests: one learner request per payment, pending until an admin refunds or declines it. */
@Injectable()
export class RefundRequestsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The new request, or undefined when the payment has one already. */
  async insert(manager: EntityManager, paymentId: string, userId: string, reason: string): Promise<RefundRequestRow | undefined> {
    return asRequest(await typedOne(manager, insertRefundRequest, { paymentId, userId, reason }));
  }

  /** The requests of these payments (a page of the admin grid), by payment id, in one query. */
  async ofPayments(paymentIds: string[]): Promise<Map<string, RefundRequestRow>> {
    if (paymentIds.length === 0) return new Map();
    const rows = await typedRows(this.dataSource.manager, refundRequestsOfPayments, { paymentIds });
    return new Map(rows.map((r) => [r.payment_id, asRequest(r)!]));
  }

  /** Closes the pending request of the payment, if there is one; answers whether there was. */
  async resolve(manager: EntityManager, paymentId: string, status: 'refunded'): Promise<boolean> {
    return (await typedExecute(manager, resolveRefundRequest, { paymentId, status })) > 0;
  }

  /** Declines the pending request of the payment with the admin's reason: the request, or undefined when none was pending. */
  async decline(manager: EntityManager, paymentId: string, reason: string): Promise<RefundRequestRow | undefined> {
    return asRequest(await typedOne(manager, declineRefundRequest, { paymentId, reason }));
  }
}

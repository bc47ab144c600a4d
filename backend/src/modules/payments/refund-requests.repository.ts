import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { execute, queryOne } from '../../database/sql.repository';

export interface RefundRequestRow {
  id: string;
  payment_id: string;
  user_id: string | null;
  reason: string;
  status: 'pending' | 'refunded' | 'declined';
  created_at: Date;
  resolved_at: Date | null;
  /** Why an admin declined it. */
  decision_reason: string | null;
}

/** refund_requests: one learner request per payment, pending until an admin refunds or declines it. */
@Injectable()
export class RefundRequestsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The new request, or undefined when the payment has one already. */
  insert(manager: EntityManager, paymentId: string, userId: string, reason: string): Promise<RefundRequestRow | undefined> {
    return queryOne<RefundRequestRow>(
      manager,
      `INSERT INTO refund_requests (payment_id, user_id, reason) VALUES ($1, $2, $3) ON CONFLICT (payment_id) DO NOTHING RETURNING *`,
      [paymentId, userId, reason],
    );
  }

  ofPayment(paymentId: string, manager: EntityManager = this.dataSource.manager): Promise<RefundRequestRow | undefined> {
    return queryOne<RefundRequestRow>(manager, `SELECT * FROM refund_requests WHERE payment_id = $1`, [paymentId]);
  }

  /** Closes the pending request of the payment, if there is one; answers whether there was. */
  async resolve(manager: EntityManager, paymentId: string, status: 'refunded'): Promise<boolean> {
    return (
      (await execute(manager, `UPDATE refund_requests SET status = $2, resolved_at = now() WHERE payment_id = $1 AND status = 'pending'`, [
        paymentId,
        status,
      ])) > 0
    );
  }

  /** Declines the pending request of the payment with the admin's reason: the request, or undefined when none was pending. */
  decline(manager: EntityManager, paymentId: string, reason: string): Promise<RefundRequestRow | undefined> {
    return queryOne<RefundRequestRow>(
      manager,
      `UPDATE refund_requests SET status = 'declined', resolved_at = now(), decision_reason = $2 WHERE payment_id = $1 AND status = 'pending' RETURNING *`,
      [paymentId, reason],
    );
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { execute, queryOne, queryRows } from '../../database/sql.repository';
import type { BuyerPaymentRow, PaymentRow } from './payment.model';

/** payments as their buyers see them: purchase history, the unclaimed-payment reminder, and anonymising a deleted buyer. */
@Injectable()
export class BuyerPaymentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Paid payments still unclaimed `hours` after payment, never reminded, and
   * whose email has no account (a purchase added to an existing account needs
   * no account creation).
   */
  async dueForClaimReminder(hours: number, limit: number): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource.manager,
      `SELECT p.id FROM payments p
        WHERE p.state = 'PAID' AND p.claimed_by_user_id IS NULL AND p.claim_reminder_at IS NULL AND p.paid_at < now() - make_interval(hours => $1)
          AND NOT EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = lower(p.email))
        ORDER BY p.paid_at LIMIT $2`,
      [hours, limit],
    );
    return rows.map((r) => r.id);
  }

  /** Stamps the reminder as due, once: the payment when this call stamped it (still paid and unclaimed), else undefined. */
  markClaimReminder(manager: EntityManager, id: string): Promise<PaymentRow | undefined> {
    return queryOne<PaymentRow>(
      manager,
      `UPDATE payments SET claim_reminder_at = now() WHERE id = $1 AND claim_reminder_at IS NULL AND state = 'PAID' AND claimed_by_user_id IS NULL RETURNING *`,
      [id],
    );
  }

  /** The payments bought with the email or claimed by the account, newest first, with their receipt and credit-note numbers and refund request. */
  ofBuyer(userId: string, email: string): Promise<BuyerPaymentRow[]> {
    return queryRows<BuyerPaymentRow>(
      this.dataSource.manager,
      `SELECT p.*, r.number::text AS receipt_number, c.number::text AS credit_note_number, rr.status AS refund_request_status, rr.created_at AS refund_requested_at, rr.decision_reason AS refund_decision_reason
         FROM payments p
         LEFT JOIN receipts r ON r.payment_id = p.id
         LEFT JOIN credit_notes c ON c.payment_id = p.id
         LEFT JOIN refund_requests rr ON rr.payment_id = p.id
        WHERE (p.claimed_by_user_id = $1 OR lower(p.email) = lower($2)) AND p.state IN ('PAID', 'REFUNDED', 'UNDERPAID')
        ORDER BY p.created_at DESC`,
      [userId, email],
    );
  }

  /** A deleted account's purchases keep their figures for accounting; the buyer's email is replaced. */
  async anonymiseBuyer(manager: EntityManager, userId: string, email: string, replacement: string): Promise<void> {
    await execute(manager, `UPDATE payments SET email = $3, client_id = NULL WHERE claimed_by_user_id = $1 OR lower(email) = lower($2)`, [
      userId,
      email,
      replacement,
    ]);
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type { BuyerPaymentRow, PaymentRow } from './payment.model';
import type {
  IAnonymiseBuyerPaymentsQuery,
  IMarkClaimReminderQuery,
  IPaymentsDueForClaimReminderQuery,
  IPaymentsOfBuyerQuery,
} from './buyer-payments.repository.types';

/* Typed against the schema by pgtyped (npm run db:types writes buyer-payments.repository.types.ts). */
const paymentsDueForClaimReminder = sql<IPaymentsDueForClaimReminderQuery>`
  SELECT p.id FROM payments p
   WHERE p.state = 'PAID' AND p.claimed_by_user_id IS NULL AND p.claim_reminder_at IS NULL AND p.paid_at < now() - make_interval(hours => $hours!)
     AND NOT EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = lower(p.email))
   ORDER BY p.paid_at LIMIT $limit!`;
const markClaimReminder = sql<IMarkClaimReminderQuery>`
  UPDATE payments SET claim_reminder_at = now() WHERE id = $id! AND claim_reminder_at IS NULL AND state = 'PAID' AND claimed_by_user_id IS NULL RETURNING *`;
const paymentsOfBuyer = sql<IPaymentsOfBuyerQuery>`
  SELECT p.*, r.number::text AS receipt_number, c.number::text AS credit_note_number, rr.status AS "refund_request_status?",
         rr.created_at AS "refund_requested_at?", rr.decision_reason AS refund_decision_reason
    FROM payments p
    LEFT JOIN receipts r ON r.payment_id = p.id
    LEFT JOIN credit_notes c ON c.payment_id = p.id
    LEFT JOIN refund_requests rr ON rr.payment_id = p.id
   WHERE (p.claimed_by_user_id = $userId! OR lower(p.email) = lower($email!)) AND p.state IN ('PAID', 'REFUNDED', 'UNDERPAID')
   ORDER BY p.created_at DESC`;
const anonymiseBuyerPayments = sql<IAnonymiseBuyerPaymentsQuery>`
  UPDATE payments SET email = $replacement!, client_id = NULL WHERE claimed_by_user_id = $userId! OR lower(email) = lower($email!)`;

/** A payment row as generated (text columns) with the values the state machine and checkout allow. */
const asPayment = <T extends object>(row: T | undefined) => row as (Omit<T, 'state' | 'method'> & Pick<PaymentRow, 'state' | 'method'>) | undefined;

/** A buyer's payment as generated, with its state, method and refund request status narrowed to the values written. */
const asBuyerPayment = <T extends object>(row: T) =>
  row as Omit<T, 'state' | 'method' | 'refund_request_status'> & Pick<BuyerPaymentRow, 'state' | 'method' | 'refund_request_status'>;

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
    const rows = await typedRows(this.dataSource.manager, paymentsDueForClaimReminder, { hours, limit });
    return rows.map((r) => r.id);
  }

  /** Stamps the reminder as due, once: the payment when this call stamped it (still paid and unclaimed), else undefined. */
  async markClaimReminder(manager: EntityManager, id: string): Promise<PaymentRow | undefined> {
    return asPayment(await typedOne(manager, markClaimReminder, { id }));
  }

  /** The payments bought with the email or claimed by the account, newest first, with their receipt and credit-note numbers and refund request. */
  async ofBuyer(userId: string, email: string): Promise<BuyerPaymentRow[]> {
    const rows = await typedRows(this.dataSource.manager, paymentsOfBuyer, { userId, email });
    return rows.map(asBuyerPayment);
  }

  /** A deleted account's purchases keep their figures for accounting; the buyer's email is replaced. */
  async anonymiseBuyer(manager: EntityManager, userId: string, email: string, replacement: string): Promise<void> {
    await typedExecute(manager, anonymiseBuyerPayments, { userId, email, replacement });
  }
}

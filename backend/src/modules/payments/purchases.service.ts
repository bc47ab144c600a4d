import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TransactionRunner } from '../../events/transaction-runner';
import { ProgressService } from '../learning';
import type { PaymentRow } from './payment.model';
import { PaymentsError, PaymentsErrorCode } from './payments.error';
import { BuyerPaymentsRepository } from './buyer-payments.repository';
import { PaymentsRepository } from './payments.repository';
import { refundEligibility } from './refund-policy';
import { RefundRequestsRepository } from './refund-requests.repository';
import { Receipts } from './receipts.service';
import { creditNoteNumber, receiptNumber } from './receipt-pdf';
import type { Purchase } from './dto/purchase.dto';

export type { Purchase };

/** The signed-in buyer, as the account page knows them. */
export interface Buyer {
  id: string;
  name: string;
  email: string;
}

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

/**
 * The buyer's side of their payments on the account page: purchase history
 * with receipts, and refund requests checked against the refund policy
 * (eligible requests wait for an admin, who refunds through the provider).
 */
@Injectable()
export class Purchases {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly buyers: BuyerPaymentsRepository,
    private readonly requests: RefundRequestsRepository,
    private readonly receipts: Receipts,
    private readonly progress: ProgressService,
    private readonly tx: TransactionRunner,
  ) {}

  async list(buyer: Buyer): Promise<Purchase[]> {
    const rows = await this.buyers.ofBuyer(buyer.id, buyer.email);
    const accessed = await this.progress.accessedPercent(buyer.id);
    return rows.map((p) => {
      const policy = refundEligibility(p, accessed);
      const request = p.refund_request_status
        ? { status: p.refund_request_status, createdAt: iso(p.refund_requested_at)!, decisionReason: p.refund_decision_reason }
        : null;
      return {
        paymentId: p.id,
        state: p.state,
        amount: p.amount,
        currency: p.currency,
        method: p.method,
        payCurrency: p.currency_code,
        network: p.network,
        createdAt: iso(p.created_at)!,
        paidAt: iso(p.paid_at),
        refundedAt: iso(p.refunded_at),
        receiptNumber: p.receipt_number ? receiptNumber(p.receipt_number) : null,
        creditNoteNumber: p.credit_note_number ? creditNoteNumber(p.credit_note_number) : null,
        refund: { request, eligible: policy.eligible && !request, reasons: policy.reasons },
      };
    });
  }

  /** The receipt PDF of one of the buyer's paid (or since refunded) payments. */
  async receipt(buyer: Buyer, paymentId: string): Promise<{ filename: string; content: Buffer }> {
    const payment = await this.own(buyer, paymentId);
    if (payment.state !== 'PAID' && payment.state !== 'REFUNDED') throw new PaymentsError(PaymentsErrorCode.NotFound, 'This payment has no receipt');
    return this.receipts.pdf(payment, buyer.email);
  }

  /** The credit note PDF of one of the buyer's refunded payments. */
  async creditNote(buyer: Buyer, paymentId: string): Promise<{ filename: string; content: Buffer }> {
    const payment = await this.own(buyer, paymentId);
    const note = payment.state === 'REFUNDED' ? await this.receipts.creditNote(payment, buyer.email) : undefined;
    if (!note) throw new PaymentsError(PaymentsErrorCode.NotFound, 'This payment has no credit note');
    return note;
  }

  /**
   * A refund request under the existing policy (within 30 days, at most 20%
   * of the lessons accessed): refused with the reasons when the policy does
   * not allow it, else recorded as pending for the admin with its event.
   */
  async requestRefund(buyer: Buyer, paymentId: string, reason: string): Promise<{ success: true; status: 'pending'; message: string }> {
    const accessed = await this.progress.accessedPercent(buyer.id);
    await this.tx.run(async (tx) => {
      const payment = await this.own(buyer, paymentId, tx.manager);
      const policy = refundEligibility(payment, accessed);
      if (!policy.eligible) {
        throw new PaymentsError(PaymentsErrorCode.RefundNotEligible, `This purchase cannot be refunded: ${policy.reasons.join('; ')}.`);
      }
      const request = await this.requests.insert(tx.manager, payment.id, buyer.id, reason.trim());
      if (!request) throw new PaymentsError(PaymentsErrorCode.RefundAlreadyRequested, 'A refund was already requested for this payment');
      await tx.emit(
        'refund.requested',
        { type: 'payment', id: payment.id },
        { requestId: request.id, paymentId: payment.id, userId: buyer.id, email: buyer.email, name: buyer.name, reason: request.reason },
      );
    });
    return { success: true, status: 'pending', message: 'Your refund request was sent. We review it within 3-5 business days.' };
  }

  /** Deleting an account keeps its payments for accounting but replaces the buyer's email. */
  anonymiseBuyer(manager: EntityManager, buyer: Pick<Buyer, 'id' | 'email'>, replacement: string): Promise<void> {
    return this.buyers.anonymiseBuyer(manager, buyer.id, buyer.email, replacement);
  }

  private async own(buyer: Buyer, paymentId: string, manager?: EntityManager): Promise<PaymentRow> {
    const payment = manager ? await this.payments.lock(manager, paymentId) : await this.payments.find(paymentId);
    if (!payment || (payment.claimed_by_user_id !== buyer.id && payment.email.toLowerCase() !== buyer.email.toLowerCase())) throw PaymentsError.missing();
    return payment;
  }
}

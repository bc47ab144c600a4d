import { metrics } from '../../common/metrics/metrics';
import { Injectable } from '@nestjs/common';
import type { Tx } from '../../events/transaction-runner';
import { AccessService } from '../users';
import type { PaymentRow } from './payment.model';
import { PaymentEventsRepository } from './payment-events.repository';
import { decide, isLate, type PaymentState, type ProviderReport } from './payment-state';
import { PaymentsRepository } from './payments.repository';
import { CouponsRepository } from './coupons.repository';
import { ReceiptsRepository } from './receipts.repository';
import { readReport } from './providers/provider-reports';

const FAILED_STATES: readonly PaymentState[] = ['UNDERPAID', 'EXPIRED', 'FAILED', 'MANUAL_REVIEW'];

/** One capture owed per payment; also the provider's request id (PayPal-Request-Id), so a repeat is the same capture. */
export const captureKey = (paymentId: string): string => `capture-${paymentId}`;

/**
 * The one way a payment changes state: a stored provider report decided by
 * payment-state.ts, the reconciler's expiry or an admin's refund all end in
 * `transition`, which writes the history row and the event in the caller's
 * transaction (a refund revokes the access it bought there too). A report
 * that a PayPal order was approved owes its capture in that transaction.
 */
@Injectable()
export class PaymentTransitions {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly events: PaymentEventsRepository,
    private readonly access: AccessService,
    private readonly coupons: CouponsRepository,
    private readonly documents: ReceiptsRepository,
  ) {}

  /** Applies one stored provider report to its payment, with both rows locked; answers the outcome recorded on the report. */
  async apply(tx: Tx, paymentEventId: string): Promise<string> {
    const { event, payment } = await this.events.lockWithPayment(tx.manager, paymentEventId);
    if (!event || event.processed_at) return 'already processed';
    const report = readReport(event.provider, event.payload);
    let outcome: string;
    if (!payment) {
      outcome = `no payment matches order ${report.orderId ?? '(none)'}`;
    } else {
      const decision = decide(payment.state, report, { id: payment.id, amount: payment.amount, currency: payment.currency, payCurrency: payment.pay_currency });
      outcome = decision.reason;
      if (decision.next) await this.transition(tx, payment, decision.next, decision.reason, report);
      else await this.payments.noteProviderPaymentId(tx.manager, payment.id, report.providerPaymentId);
      // The buyer approved a PayPal order: its capture is owed in this transaction, so a lost job cannot lose it.
      if (report.status === 'approved' && (decision.next ?? payment.state) === 'CONFIRMING')
        await tx.owe('capture-payment', { paymentId: payment.id }, { key: captureKey(payment.id), summary: { paymentId: payment.id } });
      // What arrived so far comes from the newest report; a late one (processed out of order) would overwrite it with an old amount.
      if (report.crypto && payment.method === 'crypto' && !isLate(payment.state, report))
        await this.payments.noteCryptoProgress(tx.manager, payment.id, report.crypto);
      if (report.payerName) await this.payments.notePayerName(tx.manager, payment.id, report.payerName);
    }
    await this.events.markProcessed(tx.manager, paymentEventId, outcome);
    return outcome;
  }

  async transition(
    tx: Tx,
    payment: PaymentRow,
    next: PaymentState,
    reason: string,
    report: ProviderReport | null,
    extra: { refundReason?: string } = {},
  ): Promise<void> {
    await this.payments.transition(tx.manager, payment.id, {
      next,
      from: payment.state,
      reason,
      providerStatus: report?.status ?? null,
      providerPaymentId: report?.providerPaymentId ?? null,
      refundReason: extra.refundReason ?? null,
    });
    const from = payment.state;
    tx.afterCommit(() => metrics.paymentStateChanges.inc({ from, to: next }));
    const aggregate = { type: 'payment', id: payment.id };
    if (payment.coupon_code) {
      // An abandoned checkout gives its coupon redemption back; money that arrives later takes it again.
      if (next === 'EXPIRED' || next === 'FAILED') await this.coupons.release(tx.manager, payment.id);
      else if (next === 'PAID' && (payment.state === 'EXPIRED' || payment.state === 'FAILED')) await this.coupons.retake(tx.manager, payment.id);
    }
    if (next === 'PAID') {
      // The invoice number is taken in the transaction that makes the payment paid: no paid payment without one, no number
      // without a paid payment. Last, right before the commit: the counter stays locked until the commit, and every
      // confirmation in a burst queues on it, so it is held for the commit alone, not for the rest of the work.
      tx.beforeCommit(async () => {
        await this.documents.issue(tx.manager, payment.id);
      });
      await tx.emit('payment.confirmed', aggregate, {
        paymentId: payment.id,
        email: payment.email,
        amount: payment.amount,
        currency: payment.currency,
        provider: payment.provider,
      });
    } else if (next === 'REFUNDED') {
      // The credit note of the refund, crediting the invoice (issued now if the payment was paid before invoices were numbered on payment).
      tx.beforeCommit(async () => {
        await this.documents.issue(tx.manager, payment.id);
        await this.documents.issueCreditNote(tx.manager, payment.id);
      });
      const userId = await this.access.revokeForPayment(tx.manager, payment.id, extra.refundReason ?? reason);
      await tx.emit('payment.refunded', aggregate, {
        paymentId: payment.id,
        email: payment.email,
        amount: payment.amount,
        currency: payment.currency,
        reason: extra.refundReason ?? reason,
        userId,
        paidAt: payment.paid_at ? new Date(payment.paid_at).toISOString() : null,
      });
    } else if (FAILED_STATES.includes(next)) {
      await tx.emit('payment.failed', aggregate, { paymentId: payment.id, email: payment.email, state: next });
    }
  }
}

import { Injectable } from '@nestjs/common';
import type { Tx } from '../../events/transaction-runner';
import { AccessService } from '../users';
import type { PaymentRow } from './payment.model';
import { PaymentEventsRepository } from './payment-events.repository';
import { decide, isLate, type PaymentState, type ProviderReport } from './payment-state';
import { PaymentsRepository } from './payments.repository';
import { CouponsRepository } from './coupons.repository';
import { readReport } from './providers/provider-reports';

const FAILED_STATES: readonly PaymentState[] = ['UNDERPAID', 'EXPIRED', 'FAILED', 'MANUAL_REVIEW'];

/**
 * The one way a payment changes state: a stored provider report decided by
 * payment-state.ts, the reconciler's expiry or an admin's refund all end in
 * `transition`, which writes the history row and the event in the caller's
 * transaction (a refund revokes the access it bought there too).
 */
@Injectable()
export class PaymentTransitions {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly events: PaymentEventsRepository,
    private readonly access: AccessService,
    private readonly coupons: CouponsRepository,
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
      // What arrived so far comes from the newest report; a late one (processed out of order) would overwrite it with an old amount.
      if (report.crypto && payment.method === 'crypto' && !isLate(payment.state, report))
        await this.payments.noteCryptoProgress(tx.manager, payment.id, report.crypto);
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
    const aggregate = { type: 'payment', id: payment.id };
    if (payment.coupon_code) {
      // An abandoned checkout gives its coupon redemption back; money that arrives later takes it again.
      if (next === 'EXPIRED' || next === 'FAILED') await this.coupons.release(tx.manager, payment.id);
      else if (next === 'PAID' && (payment.state === 'EXPIRED' || payment.state === 'FAILED')) await this.coupons.retake(tx.manager, payment.id);
    }
    if (next === 'PAID') {
      await tx.emit('payment.confirmed', aggregate, {
        paymentId: payment.id,
        email: payment.email,
        amount: payment.amount,
        currency: payment.currency,
        provider: payment.provider,
      });
    } else if (next === 'REFUNDED') {
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

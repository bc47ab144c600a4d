import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { TransactionRunner } from '../../events/transaction-runner';
import { AuditService } from '../audit';
import { ProgressService } from '../learning';
import type { PaymentRow } from './payment.model';
import { PaymentTransitions } from './payment-transitions.service';
import { PaymentProviders } from './providers/payment-providers';
import { ProviderUnavailableError } from './providers/payment-provider';
import { PaymentsError, PaymentsErrorCode } from './payments.error';
import { PaymentsRepository } from './payments.repository';
import { RefundRequestsRepository } from './refund-requests.repository';
import { refundEligibility, type RefundEligibility } from './refund-policy';

/** Refunds: the policy shown to the admin (refund-policy.ts), and the admin's refund itself. */
@Injectable()
export class Refunds {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly transitions: PaymentTransitions,
    private readonly progress: ProgressService,
    private readonly tx: TransactionRunner,
    private readonly audit: AuditService,
    private readonly requests: RefundRequestsRepository,
    private readonly providers: PaymentProviders,
  ) {}

  /** The refund policy on each payment of a page (one query for all their buyers' progress), by payment id. */
  async eligibilities(payments: PaymentRow[]): Promise<Map<string, RefundEligibility>> {
    const accessed = await this.progress.accessedPercents(payments.flatMap((p) => (p.claimed_by_user_id ? [p.claimed_by_user_id] : [])));
    return new Map(payments.map((p) => [p.id, refundEligibility(p, p.claimed_by_user_id ? (accessed.get(p.claimed_by_user_id) ?? 0) : 0)]));
  }

  /**
   * Admin refund: PAID → REFUNDED with a reason; access is revoked in the
   * same transaction. A card or PayPal payment is first refunded through its
   * provider (outside the transaction; the provider's idempotency key makes
   * a repeat the same refund): if the provider refuses or cannot be reached
   * the answer is 502 and nothing changes here.
   */
  async refund(paymentId: string, reason: string, actor: AuthUser): Promise<PaymentRow> {
    const current = await this.payments.find(paymentId);
    if (!current) throw PaymentsError.missing();
    const provider = this.providers.byName(current.provider);
    let refundRef: string | null = null;
    if (current.state === 'PAID' && provider?.refund) {
      try {
        refundRef = (
          await provider.refund(
            { id: current.id, providerRef: current.provider_ref, providerPaymentId: current.provider_payment_id },
            current.amount,
            current.currency,
          )
        ).refundRef;
      } catch (err) {
        if (!(err instanceof ProviderUnavailableError)) throw err;
        throw new PaymentsError(PaymentsErrorCode.ProviderUnavailable, `The payment provider did not refund: ${err.message}`);
      }
    }
    await this.tx.run(async (tx) => {
      const payment = await this.payments.lock(tx.manager, paymentId);
      if (!payment) throw PaymentsError.missing();
      if (payment.state === 'REFUNDED' && refundRef) {
        // The provider's own refund notification (sent while we asked) got here first and already revoked the access: the refund is done.
        await this.payments.noteRefundRef(tx.manager, paymentId, refundRef, reason);
        await this.requests.resolve(tx.manager, paymentId, 'refunded');
        await this.audit.record(tx.manager, {
          actor,
          action: 'refund',
          resource: 'payments',
          resourceId: paymentId,
          summary: `Refunded payment of ${payment.email} through the provider: ${reason}`,
          before: { state: 'PAID' },
          after: { state: 'REFUNDED', reason },
        });
        return;
      }
      if (payment.state !== 'PAID')
        throw new PaymentsError(PaymentsErrorCode.NotRefundable, `Only a paid payment can be refunded; this one is ${payment.state}`);
      await this.transitions.transition(tx, payment, 'REFUNDED', `refunded by ${actor.email}: ${reason}`, null, { refundReason: reason });
      if (refundRef) await this.payments.noteRefundRef(tx.manager, paymentId, refundRef);
      await this.requests.resolve(tx.manager, paymentId, 'refunded');
      await this.audit.record(tx.manager, {
        actor,
        action: 'refund',
        resource: 'payments',
        resourceId: paymentId,
        summary: `Refunded payment of ${payment.email}: ${reason}`,
        before: { state: payment.state },
        after: { state: 'REFUNDED', reason },
      });
    });
    return (await this.payments.find(paymentId))!;
  }

  /**
   * The admin declines a learner's pending request, with the reason the
   * buyer is told: the payment stays paid, the request is closed, and
   * `refund.declined` (same transaction) has the buyer emailed the reason.
   */
  async declineRequest(paymentId: string, reason: string, actor: AuthUser): Promise<void> {
    await this.tx.run(async (tx) => {
      const payment = await this.payments.find(paymentId, tx.manager);
      const request = payment ? await this.requests.decline(tx.manager, paymentId, reason) : undefined;
      if (!payment || !request) throw new PaymentsError(PaymentsErrorCode.NotFound, 'This payment has no pending refund request');
      await tx.emit(
        'refund.declined',
        { type: 'payment', id: paymentId },
        { requestId: request.id, paymentId, userId: request.user_id, amount: payment.amount, currency: payment.currency, reason },
      );
      await this.audit.record(tx.manager, {
        actor,
        action: 'decline-refund',
        resource: 'payments',
        resourceId: paymentId,
        summary: `Declined the refund request of payment ${paymentId}: ${reason}`,
        after: { status: 'declined', reason },
      });
    });
  }
}

import { HttpStatus, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../../common/auth/auth-user';
import { paymentsConfig } from '../../config';
import { TransactionRunner } from '../../events/transaction-runner';
import { HandlesCommand } from '../../queue/job-decorators';
import { JobHandlers } from '../../queue/job-handlers';
import { AuditService } from '../audit';
import { canonicalJson } from './ipn-signature';
import type { PaymentRow } from './payment.model';
import { PaymentEventsRepository } from './payment-events.repository';
import { PaymentTransitions } from './payment-transitions.service';
import { PaymentsError, PaymentsErrorCode } from './payments.error';
import { PaymentsRepository } from './payments.repository';
import { PaymentProviders } from './providers/payment-providers';
import { ProviderRefusedError } from './providers/payment-provider';
import { readReport } from './providers/provider-reports';

/** A checkout still unpaid this long after it started is abandoned (a late payment still counts, see payment-state.ts). */
export const EXPIRE_UNPAID_AFTER_HOURS = 24;

/**
 * Asking the provider: the scheduled reconciler walks payments stuck
 * waiting on the provider, and the admin's Reconcile asks about one. What
 * the provider says is stored like a notification and applied through the
 * same transition function.
 */
@Injectable()
export class Reconciliation implements OnModuleInit {
  private readonly logger = new Logger(Reconciliation.name);

  constructor(
    private readonly payments: PaymentsRepository,
    private readonly events: PaymentEventsRepository,
    private readonly transitions: PaymentTransitions,
    private readonly providers: PaymentProviders,
    private readonly tx: TransactionRunner,
    private readonly audit: AuditService,
    private readonly handlers: JobHandlers,
    @Inject(paymentsConfig.KEY) private readonly config: ConfigType<typeof paymentsConfig>,
  ) {}

  onModuleInit(): void {
    this.handlers.schedule('reconcile-payments', { every: this.config.reconcileEverySeconds * 1000 }, {});
  }

  /** Asks the provider about one payment and applies what it says; long-unpaid checkouts expire. */
  async reconcile(paymentId: string, actor?: AuthUser): Promise<PaymentRow> {
    const payment = await this.payments.find(paymentId);
    if (!payment) throw PaymentsError.missing();
    const provider = this.providers.byName(payment.provider);
    if (!provider) {
      throw new PaymentsError(
        HttpStatus.CONFLICT,
        PaymentsErrorCode.ProviderMismatch,
        `Payments of provider "${payment.provider}" cannot be reconciled while PAYMENTS_PROVIDER is ${this.providers.active.name}`,
      );
    }
    let status;
    try {
      status = await provider.fetchStatus({ id: payment.id, providerRef: payment.provider_ref, providerPaymentId: payment.provider_payment_id });
    } catch (err) {
      throw new PaymentsError(
        HttpStatus.BAD_GATEWAY,
        PaymentsErrorCode.ProviderUnavailable,
        `The payment provider could not be reached: ${(err as Error).message}`,
      );
    }
    await this.tx.run(async (tx) => {
      if (status) {
        const raw = status.raw;
        const eventId = await this.events.storeOrFind(tx.manager, {
          id: randomUUID(),
          provider: payment.provider,
          source: 'reconcile',
          raw,
          canonical: canonicalJson(raw),
          payload: JSON.parse(raw) as Record<string, unknown>,
        });
        await this.transitions.apply(tx, eventId);
      }
      const stale = await this.payments.lockIfStale(tx.manager, payment.id, EXPIRE_UNPAID_AFTER_HOURS);
      if (stale) await this.transitions.transition(tx, stale, 'EXPIRED', `no payment received within ${EXPIRE_UNPAID_AFTER_HOURS} hours`, null);
      if (actor)
        await this.audit.record(tx.manager, {
          actor,
          action: 'reconcile',
          resource: 'payments',
          resourceId: payment.id,
          summary: `Reconciled payment ${payment.id} (${payment.email})`,
        });
    });
    return (await this.payments.find(paymentId))!;
  }

  /**
   * PayPal: an order the buyer approved is captured (outside any
   * transaction; the request id makes a repeat the same capture), and the
   * captured order is stored and applied like a notification. Called after
   * each stored notification is applied; does nothing for other reports or
   * a payment already past CONFIRMING. A provider that cannot be reached
   * throws, so the job is retried.
   */
  async captureIfApproved(paymentEventId: string): Promise<void> {
    const event = await this.events.findStored(paymentEventId);
    if (!event?.payment_id || readReport(event.provider, event.payload).status !== 'approved') return;
    const provider = this.providers.byName(event.provider);
    const payment = await this.payments.find(event.payment_id);
    if (!provider?.capture || !payment || payment.state !== 'CONFIRMING' || payment.provider !== event.provider) return;
    let answer;
    try {
      answer = await provider.capture({ id: payment.id, providerRef: payment.provider_ref, providerPaymentId: payment.provider_payment_id });
    } catch (err) {
      if (!(err instanceof ProviderRefusedError)) throw err;
      this.logger.warn({ paymentId: payment.id, err: err.message }, 'Capture refused');
      return;
    }
    const raw = answer.raw;
    await this.tx.run(async (tx) => {
      const eventId = await this.events.storeOrFind(tx.manager, {
        id: randomUUID(),
        provider: payment.provider,
        source: 'reconcile',
        raw,
        canonical: canonicalJson(raw),
        payload: JSON.parse(raw) as Record<string, unknown>,
      });
      await this.transitions.apply(tx, eventId);
    });
  }

  /**
   * The scheduler's pass: the next batch of payments stuck in
   * AWAITING_PAYMENT or CONFIRMING longer than the configured age, least
   * recently checked first, so every stuck payment is reached within
   * ceil(stuck / batch) passes however many abandoned checkouts there are.
   */
  @HandlesCommand('reconcile-payments')
  async reconcileStale(): Promise<number> {
    const stuck = await this.payments.claimForReconcile(this.config.reconcileAfterMinutes, this.config.reconcileBatch);
    for (const id of stuck) {
      await this.reconcile(id).catch((err: Error) => this.logger.warn({ paymentId: id, err: err.message }, 'Reconciliation failed'));
    }
    return stuck.length;
  }
}

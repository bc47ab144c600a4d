import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../../common/auth/auth-user';
import { paymentsConfig } from '../../config';
import { HandlesOwedCommand, OwedCommands, type OwedCommandRef } from '../../events/owed-commands.service';
import { TransactionRunner, type Tx } from '../../events/transaction-runner';
import { HandlesCommand } from '../../queue/job-decorators';
import { JobHandlers } from '../../queue/job-handlers';
import { AuditService } from '../audit';
import { canonicalJson } from './ipn-signature';
import type { PaymentRow } from './payment.model';
import { PaymentEventsRepository } from './payment-events.repository';
import { captureKey, PaymentTransitions } from './payment-transitions.service';
import { PaymentsError, PaymentsErrorCode } from './payments.error';
import { PaymentsRepository } from './payments.repository';
import { PaymentProviders } from './providers/payment-providers';
import { ProviderRefusedError, type ProviderAnswer } from './providers/payment-provider';

/** A checkout still unpaid this long after it started is abandoned (a late payment still counts, see payment-state.ts). */
export const EXPIRE_UNPAID_AFTER_HOURS = 24;

/**
 * Asking the provider: the scheduled reconciler walks payments stuck
 * waiting on the provider, and the admin's Reconcile asks about one. What
 * the provider says is stored like a notification and applied through the
 * same transition function. What the provider started is finished here
 * too: an order the buyer approved at PayPal is captured (the owed
 * capture's job does the same; the shared request id makes both one capture).
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
    private readonly commands: OwedCommands,
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
        PaymentsErrorCode.ProviderMismatch,
        `Payments of provider "${payment.provider}" cannot be reconciled while PAYMENTS_PROVIDER is ${this.providers.active.name}`,
      );
    }
    let status;
    try {
      status = await provider.fetchStatus({ id: payment.id, providerRef: payment.provider_ref, providerPaymentId: payment.provider_payment_id });
    } catch (err) {
      throw new PaymentsError(PaymentsErrorCode.ProviderUnavailable, `The payment provider could not be reached: ${(err as Error).message}`);
    }
    await this.tx.run(async (tx) => {
      if (status) await this.store(tx, payment.provider, status);
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
    if (status?.report.status === 'approved') {
      try {
        await this.captureApproved(payment.id, null);
      } catch (err) {
        if (err instanceof PaymentsError) throw err;
        throw new PaymentsError(PaymentsErrorCode.ProviderUnavailable, `The payment provider did not capture: ${(err as Error).message}`);
      }
    }
    return (await this.payments.find(paymentId))!;
  }

  /** The owed capture of an approved PayPal order (payment-transitions.service.ts owes it). A provider that cannot be reached throws: the job retries. */
  @HandlesOwedCommand('capture-payment')
  async captureOwed({ paymentId }: { paymentId: string }, command: OwedCommandRef): Promise<{ captured: boolean }> {
    return { captured: await this.captureApproved(paymentId, command) };
  }

  /**
   * Captures an order the buyer approved, outside any transaction (the
   * request id makes a repeat the same capture), then stores the captured
   * order like a notification and applies it, marking the owed capture done
   * in that transaction. Does nothing for a payment past CONFIRMING or a
   * provider that does not capture; a capture the provider refuses is
   * logged (the payment expires like an abandoned checkout).
   */
  async captureApproved(paymentId: string, command: OwedCommandRef | null): Promise<boolean> {
    const payment = await this.payments.find(paymentId);
    const provider = payment && this.providers.byName(payment.provider);
    if (!payment || !provider?.capture || payment.state !== 'CONFIRMING') return false;
    let answer: ProviderAnswer;
    try {
      answer = await provider.capture({ id: payment.id, providerRef: payment.provider_ref, providerPaymentId: payment.provider_payment_id });
    } catch (err) {
      if (!(err instanceof ProviderRefusedError)) throw err;
      this.logger.warn({ paymentId: payment.id, err: err.message }, 'Capture refused');
      return false;
    }
    const apply = async (tx: Tx) => {
      // The owed capture's row before the report's: the owed command's own run (commands.once) locks them in this order too,
      // so a reconcile and that run of the same capture queue behind each other instead of deadlocking.
      if (!command?.id) await this.commands.completeByKey(tx.manager, 'capture-payment', captureKey(payment.id));
      await this.store(tx, payment.provider, answer);
    };
    if (command) await this.commands.once(command, apply);
    else await this.tx.run(apply);
    return true;
  }

  /** A provider's answer, stored like a notification and applied through the state machine. */
  private async store(tx: Tx, provider: string, answer: ProviderAnswer): Promise<void> {
    const raw = answer.raw;
    const eventId = await this.events.storeOrFind(tx.manager, {
      id: randomUUID(),
      provider,
      source: 'reconcile',
      raw,
      canonical: canonicalJson(raw),
      payload: JSON.parse(raw) as Record<string, unknown>,
    });
    await this.transitions.apply(tx, eventId);
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

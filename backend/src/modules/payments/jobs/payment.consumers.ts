import { Injectable } from '@nestjs/common';
import { metrics } from '../../../common/metrics/metrics';
import type { EventEnvelope } from '../../../events/event-catalogue';
import { Consumes } from '../../../events/event-consumers';
import { ProcessedEvents, type ConsumeResult } from '../../../events/processed-events.service';
import { AccessService } from '../../users';
import { PaymentTransitions } from '../payment-transitions.service';
import { PaymentsRepository } from '../payments.repository';
import { GRANT_ACCESS, PROCESS_IPN } from './consumers';

/** The payment consumers: apply stored notifications, grant access. */
@Injectable()
export class PaymentConsumers {
  constructor(
    private readonly processed: ProcessedEvents,
    private readonly transitions: PaymentTransitions,
    private readonly payments: PaymentsRepository,
    private readonly access: AccessService,
  ) {}

  /** A stored provider notification, through the state machine, once (an approved PayPal order owes its capture in that transaction). */
  @Consumes(PROCESS_IPN)
  processNotification(event: EventEnvelope<'payment.ipn_received'>): Promise<ConsumeResult<unknown>> {
    return this.processed.once(PROCESS_IPN.name, event, (tx) => this.transitions.apply(tx, event.payload.paymentEventId));
  }

  /** payment.confirmed → lifetime entitlement, once per payment, only while the payment is still PAID. */
  @Consumes(GRANT_ACCESS)
  grantAccess(event: EventEnvelope<'payment.confirmed'>): Promise<ConsumeResult<void>> {
    return this.processed.once(GRANT_ACCESS.name, event, async (tx) => {
      const payment = await this.payments.stateForGrant(tx.manager, event.payload.paymentId);
      if (payment?.state !== 'PAID') return;
      await this.access.grantForPayment(tx.manager, { paymentId: event.payload.paymentId, email: payment.email });
      const notice = payment.last_notice_at;
      if (notice) tx.afterCommit(() => metrics.ipnToAccess.observe(Math.max(0, Date.now() - new Date(notice).getTime()) / 1000));
    });
  }
}

import { Injectable, OnModuleInit } from '@nestjs/common';
import { TransactionRunner } from '../../events/transaction-runner';
import { HandlesCommand } from '../../queue/job-decorators';
import { JobHandlers } from '../../queue/job-handlers';
import { BuyerPaymentsRepository } from './buyer-payments.repository';

/** How long after payment an unclaimed buyer is reminded to finish the account. */
export const CLAIM_REMINDER_AFTER_HOURS = 24;
const EVERY_MS = 15 * 60_000;
const BATCH = 200;

/**
 * The reminder for paid but unclaimed payments: a scheduled job stamps each
 * payment due (once, in the statement that checks it) and writes
 * `payment.claim_reminder_due` in the same transaction; the mail goes out
 * from that event like every other buyer mail.
 */
@Injectable()
export class ClaimReminders implements OnModuleInit {
  constructor(
    private readonly payments: BuyerPaymentsRepository,
    private readonly tx: TransactionRunner,
    private readonly handlers: JobHandlers,
  ) {}

  onModuleInit(): void {
    this.handlers.schedule('remind-unclaimed-payments', { every: EVERY_MS }, {});
  }

  @HandlesCommand('remind-unclaimed-payments')
  async remindDue(): Promise<{ reminded: number }> {
    let reminded = 0;
    for (const id of await this.payments.dueForClaimReminder(CLAIM_REMINDER_AFTER_HOURS, BATCH)) {
      const due = await this.tx.run(async (tx) => {
        const payment = await this.payments.markClaimReminder(tx.manager, id);
        if (payment) await tx.emit('payment.claim_reminder_due', { type: 'payment', id }, { paymentId: id, email: payment.email });
        return Boolean(payment);
      });
      if (due) reminded++;
    }
    return { reminded };
  }
}

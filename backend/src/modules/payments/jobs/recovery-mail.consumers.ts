import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '../../../events/event-catalogue';
import { Consumes } from '../../../events/event-consumers';
import { ProcessedEvents, type Consumed } from '../../../events/processed-events.service';
import { checkoutReminderMail, MailBrandService, MailService } from '../../mail';
import { CustomerLanguage } from '../../users';
import { CheckoutRecovery } from '../checkout-recovery.service';
import { PaymentsRepository } from '../payments.repository';
import { SEND_CHECKOUT_REMINDER } from './consumers';

/**
 * checkout.recovery_reminder_due → the reminder, in the checkout's language,
 * with the link that resumes it, the recovery coupon when Settings offer one,
 * and the unsubscribe link (also as List-Unsubscribe, one-click per RFC 8058).
 * Checked again here (paid, unsubscribed or owned meanwhile: nothing); owed
 * in the consumer's transaction with a dedupe key per checkout and reminder,
 * so a twice-delivered event still sends one mail.
 */
@Injectable()
export class RecoveryMailConsumers {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly recovery: CheckoutRecovery,
    private readonly mail: MailService,
    private readonly brands: MailBrandService,
    private readonly languages: CustomerLanguage,
    private readonly processed: ProcessedEvents,
  ) {}

  @Consumes(SEND_CHECKOUT_REMINDER)
  async sendCheckoutReminder(event: EventEnvelope<'checkout.recovery_reminder_due'>): Promise<Consumed<{ sent: boolean }>> {
    const { paymentId, reminder } = event.payload;
    const payment = await this.payments.find(paymentId);
    if (!payment || !(await this.recovery.mayRemind(payment))) return { sent: false };
    const brand = await this.brands.brandFor(await this.languages.ofPayment(payment));
    const oneClick = this.recovery.oneClickUnsubscribeUrl(payment.email);
    const mail = checkoutReminderMail(brand, payment.email, {
      reminder,
      amount: payment.amount,
      currency: payment.currency,
      method: payment.method,
      coin: payment.currency_code,
      network: payment.network,
      resumeLink: this.recovery.resumeLink(payment.id),
      couponCode: await this.recovery.offeredCoupon(payment),
      unsubscribeLink: this.recovery.unsubscribePageLink(payment.email),
    });
    const outcome = await this.processed.once(SEND_CHECKOUT_REMINDER.name, event, (tx) =>
      this.mail.owe(tx, {
        ...mail,
        dedupeKey: `checkout-reminder-${payment.id}-${reminder}`,
        headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      }),
    );
    return { sent: outcome.applied, settled: outcome.settled };
  }
}

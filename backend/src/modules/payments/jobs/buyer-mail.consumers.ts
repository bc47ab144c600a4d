import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '../../../events/event-catalogue';
import { Consumes } from '../../../events/event-consumers';
import { claimReminderMail, MailBrandService, MailService, receiptMail, refundProcessedMail, underpaidMail } from '../../mail';
import { UsersService } from '../../users';
import { CLAIM_LINK_DAYS } from '../claim-proofs';
import { PaymentsRepository } from '../payments.repository';
import { PaymentsService } from '../payments.service';
import { Receipts } from '../receipts.service';
import { SEND_CLAIM_REMINDER, SEND_RECEIPT, SEND_REFUND_MAIL, SEND_UNDERPAID_MAIL } from './consumers';

/**
 * The buyer's mail through the purchase life cycle, each sent by a worker
 * from its event. Every mail carries a dedupe key per payment, so however
 * often or concurrently an event is delivered, the buyer gets one receipt,
 * one reminder, one refund and one underpayment mail per payment.
 */
@Injectable()
export class BuyerMailConsumers {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly checkout: PaymentsService,
    private readonly receipts: Receipts,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly brands: MailBrandService,
  ) {}

  /**
   * payment.confirmed → the numbered receipt (PDF attached), with the
   * single-use "finish creating your account" link while nobody claimed the
   * payment and no account has its email, or a sign-in link otherwise.
   */
  @Consumes(SEND_RECEIPT)
  async sendReceipt(event: EventEnvelope<'payment.confirmed'>): Promise<{ sent: boolean }> {
    const payment = await this.payments.find(event.payload.paymentId);
    if (!payment || (payment.state !== 'PAID' && payment.state !== 'REFUNDED')) return { sent: false };
    const [pdf, account, brand] = await Promise.all([this.receipts.pdf(payment), this.users.findByEmail(payment.email), this.brands.brand()]);
    const next =
      payment.claimed_by_user_id || account
        ? ({ kind: 'signIn' } as const)
        : ({ kind: 'claim', link: this.checkout.claimLink(payment.id), days: CLAIM_LINK_DAYS } as const);
    const mail = receiptMail(brand, payment.email, pdf.facts, next);
    await this.mail.send(
      {
        ...mail,
        dedupeKey: `receipt-${payment.id}`,
        attachments: [{ filename: pdf.filename, contentType: 'application/pdf', contentBase64: pdf.content.toString('base64') }],
      },
      { jobId: `receipt-${payment.id}` },
    );
    return { sent: true };
  }

  /** payment.claim_reminder_due → one reminder with a fresh claim link, unless the account was created meanwhile. */
  @Consumes(SEND_CLAIM_REMINDER)
  async sendClaimReminder(event: EventEnvelope<'payment.claim_reminder_due'>): Promise<{ sent: boolean }> {
    const payment = await this.payments.find(event.payload.paymentId);
    if (!payment || payment.state !== 'PAID' || payment.claimed_by_user_id || (await this.users.findByEmail(payment.email))) return { sent: false };
    const mail = claimReminderMail(
      await this.brands.brand(),
      payment.email,
      payment.amount,
      payment.currency,
      this.checkout.claimLink(payment.id),
      CLAIM_LINK_DAYS,
    );
    await this.mail.send({ ...mail, dedupeKey: `claim-reminder-${payment.id}` }, { jobId: `claim-reminder-${payment.id}` });
    return { sent: true };
  }

  @Consumes(SEND_REFUND_MAIL)
  async sendRefundMail(event: EventEnvelope<'payment.refunded'>): Promise<{ sent: boolean }> {
    const p = event.payload;
    const payment = await this.payments.find(p.paymentId);
    if (!payment) return { sent: false };
    const mail = refundProcessedMail(await this.brands.brand(), payment.email, p.amount, p.currency, p.paymentId, p.reason);
    await this.mail.send({ ...mail, dedupeKey: `refund-${p.paymentId}` }, { jobId: `refund-mail-${p.paymentId}` });
    return { sent: true };
  }

  @Consumes(SEND_UNDERPAID_MAIL)
  async sendUnderpaidMail(event: EventEnvelope<'payment.failed'>): Promise<{ sent: boolean }> {
    if (event.payload.state !== 'UNDERPAID') return { sent: false };
    const payment = await this.payments.find(event.payload.paymentId);
    if (!payment) return { sent: false };
    const mail = underpaidMail(await this.brands.brand(), payment.email, payment.amount, payment.currency, payment.id);
    await this.mail.send({ ...mail, dedupeKey: `underpaid-${payment.id}` }, { jobId: `underpaid-mail-${payment.id}` });
    return { sent: true };
  }
}

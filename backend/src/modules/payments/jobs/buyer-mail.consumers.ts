import { Injectable } from '@nestjs/common';
import { toBuffer } from 'qrcode';
import type { EventEnvelope } from '../../../events/event-catalogue';
import { Consumes } from '../../../events/event-consumers';
import { ProcessedEvents, type Consumed } from '../../../events/processed-events.service';
import {
  alreadyOwnedMail,
  claimReminderMail,
  MailBrandService,
  MailService,
  receiptMail,
  refundDeclinedMail,
  refundProcessedMail,
  underpaidMail,
  type MailBrand,
  type OutgoingMail,
} from '../../mail';
import { AccessService, CustomerLanguage, normaliseEmail, UsersService } from '../../users';
import { CLAIM_LINK_DAYS } from '../claim-proofs';
import { PaymentsRepository } from '../payments.repository';
import { PaymentsService } from '../payments.service';
import { Receipts } from '../receipts.service';
import type { PaymentRow } from '../payment.model';
import { paymentUri, remainingAmount } from '../payment-uri';
import { SEND_ALREADY_OWNED_MAIL, SEND_CLAIM_REMINDER, SEND_RECEIPT, SEND_REFUND_DECLINED_MAIL, SEND_REFUND_MAIL, SEND_UNDERPAID_MAIL } from './consumers';

/** The content id of the QR code shown inline in the underpaid mail. */
const TOP_UP_QR_CID = 'top-up-qr@course-platform';

/**
 * The buyer's mail through the purchase life cycle, each decided by a worker
 * from its event: the mail is owed in the consumer's own transaction, with
 * its record of the event, so it is sent even if Redis loses the job. Every
 * mail carries a dedupe key per payment, so however often or concurrently
 * an event is delivered, the buyer gets one receipt, one reminder, one
 * refund and one underpayment mail per payment.
 */
@Injectable()
export class BuyerMailConsumers {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly checkout: PaymentsService,
    private readonly receipts: Receipts,
    private readonly users: UsersService,
    private readonly access: AccessService,
    private readonly mail: MailService,
    private readonly brands: MailBrandService,
    private readonly languages: CustomerLanguage,
    private readonly processed: ProcessedEvents,
  ) {}

  /** The sender as the buyer reads it: in the language of the account holding the purchase, else the checkout's, else the site's. */
  private async buyerBrand(payment: PaymentRow, userId: string | null = null): Promise<MailBrand> {
    return this.brands.brandFor(userId ? await this.languages.ofUser(userId) : await this.languages.ofPayment(payment));
  }

  /** The mail owed in the consumer's transaction (its processed_events record in the same one). */
  private async owe(consumer: string, event: EventEnvelope, mail: OutgoingMail): Promise<Consumed<{ sent: boolean }>> {
    const outcome = await this.processed.once(consumer, event, (tx) => this.mail.owe(tx, mail));
    return { sent: outcome.applied, settled: outcome.settled };
  }

  /**
   * payment.confirmed → the numbered receipt (PDF attached), with the
   * single-use "finish creating your account" link while nobody claimed the
   * payment and no account has its email, or a sign-in link otherwise.
   */
  @Consumes(SEND_RECEIPT)
  async sendReceipt(event: EventEnvelope<'payment.confirmed'>): Promise<Consumed<{ sent: boolean }>> {
    const payment = await this.payments.find(event.payload.paymentId);
    if (!payment || (payment.state !== 'PAID' && payment.state !== 'REFUNDED')) return { sent: false };
    const [pdf, account, brand] = await Promise.all([this.receipts.pdf(payment), this.users.findByEmail(payment.email), this.buyerBrand(payment)]);
    const next =
      payment.claimed_by_user_id || account
        ? ({ kind: 'signIn' } as const)
        : ({ kind: 'claim', link: this.checkout.claimLink(payment.id), days: CLAIM_LINK_DAYS } as const);
    const mail = receiptMail(brand, payment.email, pdf.facts, next);
    return this.owe(SEND_RECEIPT.name, event, {
      ...mail,
      dedupeKey: `receipt-${payment.id}`,
      attachments: [{ filename: pdf.filename, contentType: 'application/pdf', contentBase64: pdf.content.toString('base64') }],
    });
  }

  /**
   * payment.created with an email that already has lifetime access (a
   * signed-in owner is stopped before paying, so this is a checkout started
   * without signing in): the owner gets a sign-in link instead of an answer
   * on the checkout page. One such mail a day per address, however many
   * checkouts someone starts with it.
   */
  @Consumes(SEND_ALREADY_OWNED_MAIL)
  async sendAlreadyOwnedMail(event: EventEnvelope<'payment.created'>): Promise<Consumed<{ sent: boolean }>> {
    const email = normaliseEmail(event.payload.email);
    if (!(await this.access.emailHasAccess(email))) return { sent: false };
    const day = event.occurredAt.slice(0, 10);
    return this.owe(SEND_ALREADY_OWNED_MAIL.name, event, {
      ...alreadyOwnedMail(await this.brands.brandFor(await this.languages.ofEmail(email)), email),
      dedupeKey: `already-owned-${email}-${day}`,
    });
  }

  /** payment.claim_reminder_due → one reminder with a fresh claim link, unless the account was created meanwhile. */
  @Consumes(SEND_CLAIM_REMINDER)
  async sendClaimReminder(event: EventEnvelope<'payment.claim_reminder_due'>): Promise<Consumed<{ sent: boolean }>> {
    const payment = await this.payments.find(event.payload.paymentId);
    if (!payment || payment.state !== 'PAID' || payment.claimed_by_user_id || (await this.users.findByEmail(payment.email))) return { sent: false };
    const mail = claimReminderMail(
      await this.buyerBrand(payment),
      payment.email,
      payment.amount,
      payment.currency,
      this.checkout.claimLink(payment.id),
      CLAIM_LINK_DAYS,
    );
    return this.owe(SEND_CLAIM_REMINDER.name, event, { ...mail, dedupeKey: `claim-reminder-${payment.id}` });
  }

  /**
   * Where the buyer reads mail now: the address of the account that holds
   * the purchase (it may have changed since the checkout), else the email
   * the payment was made with.
   */
  private async buyerAddress(payment: PaymentRow, userId: string | null): Promise<string> {
    const accountId = userId ?? payment.claimed_by_user_id;
    const account = accountId ? await this.users.findById(accountId) : null;
    return account?.email ?? payment.email;
  }

  @Consumes(SEND_REFUND_MAIL)
  async sendRefundMail(event: EventEnvelope<'payment.refunded'>): Promise<Consumed<{ sent: boolean }>> {
    const p = event.payload;
    const payment = await this.payments.find(p.paymentId);
    if (!payment) return { sent: false };
    const to = await this.buyerAddress(payment, p.userId);
    // The credit note the refund issued (in its transaction), named in the mail and attached.
    const note = await this.receipts.creditNote(payment, to);
    const creditNote = note ? { number: note.number, receipt: (await this.receipts.facts(payment)).number } : null;
    const mail = refundProcessedMail(await this.buyerBrand(payment, p.userId), to, p.amount, p.currency, p.paymentId, p.reason, creditNote);
    return this.owe(SEND_REFUND_MAIL.name, event, {
      ...mail,
      dedupeKey: `refund-${p.paymentId}`,
      attachments: note ? [{ filename: note.filename, contentType: 'application/pdf', contentBase64: note.content.toString('base64') }] : undefined,
    });
  }

  @Consumes(SEND_REFUND_DECLINED_MAIL)
  async sendRefundDeclinedMail(event: EventEnvelope<'refund.declined'>): Promise<Consumed<{ sent: boolean }>> {
    const p = event.payload;
    const payment = await this.payments.find(p.paymentId);
    if (!payment) return { sent: false };
    const to = await this.buyerAddress(payment, p.userId);
    const mail = refundDeclinedMail(await this.buyerBrand(payment, p.userId), to, p.amount, p.currency, p.paymentId, p.reason);
    return this.owe(SEND_REFUND_DECLINED_MAIL.name, event, { ...mail, dedupeKey: `refund-declined-${p.requestId}` });
  }

  /**
   * payment.failed as UNDERPAID: the rest to send to the same address (with
   * its QR code inline and the wallet link), and the payment page that shows
   * the same and follows the top-up; without what arrived, what to do.
   */
  @Consumes(SEND_UNDERPAID_MAIL)
  async sendUnderpaidMail(event: EventEnvelope<'payment.failed'>): Promise<Consumed<{ sent: boolean }>> {
    if (event.payload.state !== 'UNDERPAID') return { sent: false };
    const payment = await this.payments.find(event.payload.paymentId);
    if (!payment) return { sent: false };
    const left = payment.pay_amount && payment.pay_address ? remainingAmount(payment.pay_amount, payment.amount_received) : null;
    const uri = left ? paymentUri(payment.pay_currency, payment.pay_address!, left) : null;
    const qr = left ? await toBuffer(uri ?? payment.pay_address!, { margin: 1, width: 360 }) : null;
    const mail = underpaidMail(await this.buyerBrand(payment), payment.email, {
      amount: payment.amount,
      currency: payment.currency,
      paymentId: payment.id,
      statusUrl: this.checkout.statusPageUrl(payment.id),
      rest: left ? { amount: left, currencyCode: payment.currency_code, address: payment.pay_address!, paymentUri: uri, qrCid: TOP_UP_QR_CID } : null,
    });
    return this.owe(SEND_UNDERPAID_MAIL.name, event, {
      ...mail,
      dedupeKey: `underpaid-${payment.id}`,
      attachments: qr ? [{ filename: 'top-up-qr.png', contentType: 'image/png', contentBase64: qr.toString('base64'), cid: TOP_UP_QR_CID }] : undefined,
    });
  }
}

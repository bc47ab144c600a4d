import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { isLanguage } from '../../common/i18n';
import { appConfig, paymentsConfig } from '../../config';
import { TransactionRunner } from '../../events/transaction-runner';
import { HandlesCommand } from '../../queue/job-decorators';
import { JobHandlers } from '../../queue/job-handlers';
import { SettingsService } from '../settings';
import { AccessService } from '../users';
import { CheckoutRecoveryRepository } from './checkout-recovery.repository';
import { ClaimProofs } from './claim-proofs';
import { Coupons } from './coupons.service';
import { DomainError } from '../../common/errors/domain-error';
import type { CreatePaymentDto } from './dto/payment.dto';
import type { PaymentRow } from './payment.model';
import type { PaymentState } from './payment-state';
import { PaymentsError, PaymentsErrorCode } from './payments.error';
import { PaymentsRepository } from './payments.repository';
import { PaymentsService } from './payments.service';
import { Pricing } from './pricing';
import { RecoveryProofs } from './recovery-proofs';

/** The states of an abandoned checkout: started and not paid, or its invoice timed out (re-quoted when resumed). */
export const ABANDONED_STATES: readonly PaymentState[] = ['CREATED', 'AWAITING_PAYMENT', 'EXPIRED'];
/** The second reminder comes this long after the first. */
export const SECOND_REMINDER_AFTER_MINUTES = 24 * 60;
/** Only checkouts this much younger than their reminder are reminded: turning recovery on does not mail every checkout ever abandoned. */
const WINDOW_MINUTES = 48 * 60;
const BATCH = 200;
/** A crypto quote that ends within this margin is re-quoted rather than resumed. */
const QUOTE_MARGIN_MS = 5 * 60_000;
/** A card or PayPal checkout session lives about a day at the provider: an older one is made again. */
const HOSTED_SESSION_MS = 23 * 3_600_000;

export const RECOVERY_LINK_INVALID = 'This link is not valid or has expired.';
export const CHECKOUT_ALREADY_PAID = 'This checkout has already been paid. Sign in to continue learning.';
export const CHECKOUT_ENDED = 'This checkout can no longer be resumed. Please start a new checkout.';

export interface ResumedCheckout {
  success: true;
  paymentUrl: string;
  paymentId: string;
  claimSecret: string;
  email: string;
  method: PaymentRow['method'];
  /** `same`: the checkout of the mail, as it was; `new`: made again with the same method (its quote had expired, or the recovery coupon applied). */
  resumed: 'same' | 'new';
}

/**
 * Abandoned-checkout recovery (issue 34). A scheduled sweep stamps each
 * checkout whose reminder is due (in the statement that checks it is still
 * abandoned, the address did not unsubscribe and bought nothing since) and
 * writes `checkout.recovery_reminder_due` in the same transaction; the mail
 * goes out from that event like every buyer mail. The mail's signed link
 * resumes exactly that checkout (or makes it again with the same method when
 * its quote expired); its unsubscribe link (and List-Unsubscribe header)
 * stops every later reminder to the address.
 */
@Injectable()
export class CheckoutRecovery implements OnModuleInit {
  private readonly logger = new Logger(CheckoutRecovery.name);

  constructor(
    private readonly recovery: CheckoutRecoveryRepository,
    private readonly payments: PaymentsRepository,
    private readonly checkout: PaymentsService,
    private readonly pricing: Pricing,
    private readonly coupons: Coupons,
    private readonly claims: ClaimProofs,
    private readonly proofs: RecoveryProofs,
    private readonly access: AccessService,
    private readonly settings: SettingsService,
    private readonly tx: TransactionRunner,
    private readonly handlers: JobHandlers,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
    @Inject(paymentsConfig.KEY) private readonly config: ConfigType<typeof paymentsConfig>,
  ) {}

  onModuleInit(): void {
    this.handlers.schedule('remind-abandoned-checkouts', { every: this.config.recoverySweepEverySeconds * 1000 }, {});
    // Settings > Recovery's coupon must name a coupon that exists and is active.
    this.settings.addCheck('recovery', async (values): Promise<Record<string, string>> => {
      if (typeof values.couponCode !== 'string' || values.couponCode === '') return {};
      const problem = await this.coupons.problemForOffer(values.couponCode);
      return problem ? { couponCode: problem } : {};
    });
  }

  @HandlesCommand('remind-abandoned-checkouts')
  async remindDue(): Promise<{ reminded: number }> {
    const config = await this.settings.get('recovery');
    if (!config.remindersEnabled) return { reminded: 0 };
    let reminded = await this.remind(1, config.delayMinutes, config.delayMinutes + WINDOW_MINUTES);
    if (config.secondReminder) {
      reminded += await this.remind(2, SECOND_REMINDER_AFTER_MINUTES, config.delayMinutes + SECOND_REMINDER_AFTER_MINUTES + WINDOW_MINUTES);
    }
    return { reminded };
  }

  /** Reminder `reminder` of each checkout due: `delayMinutes` after the checkout (first) or the first reminder (second), checkouts younger than `windowMinutes`. */
  private async remind(reminder: 1 | 2, delayMinutes: number, windowMinutes: number): Promise<number> {
    let reminded = 0;
    // Page by page (a checkout skipped below stays due and must not hold back the ones after it).
    let after = { created_at: new Date(0), id: '00000000-0000-0000-0000-000000000000' };
    for (;;) {
      const page = await this.recovery.due(reminder, delayMinutes, windowMinutes, after, BATCH);
      for (const { id } of page) {
        const payment = await this.payments.find(id);
        // An address with lifetime access (bought through an account, or granted) gets no reminder; it is left unstamped.
        if (!payment || (await this.access.emailHasAccess(payment.email))) continue;
        const due = await this.tx.run(async (tx) => {
          const marked = await this.recovery.markReminder(tx.manager, id, reminder);
          if (marked) await tx.emit('checkout.recovery_reminder_due', { type: 'payment', id }, { paymentId: id, reminder, currency: marked.currency });
          return Boolean(marked);
        });
        if (due) reminded++;
      }
      if (page.length < BATCH) break;
      after = page[page.length - 1];
    }
    if (reminded > 0) this.logger.log({ reminder, reminded }, 'Abandoned-checkout reminders due');
    return reminded;
  }

  /** The link a reminder carries: the learner site's resume page, the signature in the fragment (never in a server log). */
  resumeLink(paymentId: string): string {
    return `${this.app.publicUrl}/checkout/resume?paymentId=${paymentId}#token=${this.proofs.resumeToken(paymentId)}`;
  }

  /** The page the mail's unsubscribe link opens (it asks before unsubscribing). */
  unsubscribePageLink(email: string): string {
    return `${this.app.publicUrl}/unsubscribe?${this.unsubscribeQuery(email)}`;
  }

  /** The one-click address of List-Unsubscribe (RFC 8058: a POST to it unsubscribes). */
  oneClickUnsubscribeUrl(email: string): string {
    return `${this.app.publicUrl}/api/payments/recovery/unsubscribe?${this.unsubscribeQuery(email)}`;
  }

  private unsubscribeQuery(email: string): string {
    return new URLSearchParams({ email: email.toLowerCase(), token: this.proofs.unsubscribeToken(email) }).toString();
  }

  /** Whether a reminder to this address may go out now: not unsubscribed, no lifetime access, no other paid checkout. */
  async mayRemind(payment: PaymentRow): Promise<boolean> {
    if (!ABANDONED_STATES.includes(payment.state)) return false;
    if (await this.recovery.isUnsubscribed(payment.email)) return false;
    if (await this.access.emailHasAccess(payment.email)) return false;
    return !(await this.recovery.otherPurchase(payment.id, payment.email));
  }

  /** Settings > Recovery's coupon, offered in the reminder (when the checkout has none of its own); null: none. */
  async offeredCoupon(payment: PaymentRow): Promise<string | null> {
    const { couponCode } = await this.settings.get('recovery');
    if (!couponCode || payment.coupon_code) return null;
    return (await this.coupons.problemForOffer(couponCode)) ? null : couponCode;
  }

  /**
   * The reminder's link: with a valid token, the checkout as it was (a new
   * claim secret for this browser) while its quote stands; made again with
   * the same method, email, language and invoice details when it expired or
   * the recovery coupon applies. Paid, being paid, or ended: 409.
   */
  async resume(paymentId: string, token: unknown, ip: string, cookieHeader?: string): Promise<ResumedCheckout> {
    if (!this.proofs.provesResume(paymentId, token)) throw new PaymentsError(PaymentsErrorCode.RecoveryLinkInvalid, RECOVERY_LINK_INVALID);
    const payment = await this.payments.find(paymentId);
    if (!payment) throw PaymentsError.missing();
    if (payment.state === 'PAID' || payment.state === 'REFUNDED' || (await this.recovery.otherPurchase(payment.id, payment.email))) {
      throw new PaymentsError(PaymentsErrorCode.CheckoutNotResumable, CHECKOUT_ALREADY_PAID);
    }
    if (!ABANDONED_STATES.includes(payment.state)) throw new PaymentsError(PaymentsErrorCode.CheckoutNotResumable, CHECKOUT_ENDED);
    const coupon = await this.offeredCoupon(payment);
    // The processor's page of the checkout, else (a crypto payment without one) our page that shows where to send it.
    if (!coupon && !this.quoteEnded(payment)) return this.resumeSame(payment, payment.checkout_url ?? this.checkout.statusPageUrl(payment.id));
    return this.remake(payment, coupon, ip, cookieHeader);
  }

  /** Whether the checkout's price quote (crypto invoice, card or PayPal session) is over or about to be. */
  private quoteEnded(p: PaymentRow): boolean {
    if (p.state === 'EXPIRED') return true;
    const now = Date.now();
    if (p.method === 'crypto') return p.pay_expires_at !== null && new Date(p.pay_expires_at).getTime() < now + QUOTE_MARGIN_MS;
    return new Date(p.created_at).getTime() < now - HOSTED_SESSION_MS;
  }

  private async resumeSame(payment: PaymentRow, paymentUrl: string): Promise<ResumedCheckout> {
    const claim = this.claims.newSecret();
    await this.tx.run(async (tx) => {
      const locked = await this.payments.lock(tx.manager, payment.id);
      if (!locked || !ABANDONED_STATES.includes(locked.state)) throw new PaymentsError(PaymentsErrorCode.CheckoutNotResumable, CHECKOUT_ENDED);
      await this.recovery.replaceClaimSecret(tx.manager, payment.id, claim.hash);
    });
    return { success: true, paymentUrl, paymentId: payment.id, claimSecret: claim.secret, email: payment.email, method: payment.method, resumed: 'same' };
  }

  private async remake(payment: PaymentRow, coupon: string | null, ip: string, cookieHeader?: string): Promise<ResumedCheckout> {
    const price = await this.pricing.current();
    const input: CreatePaymentDto = {
      amount: price.amount,
      email: payment.email,
      method: payment.method,
      ...(payment.method === 'crypto' ? { currency: payment.currency_code, blockchain: payment.network } : {}),
      ...(payment.buyer_country ? { buyerCountry: payment.buyer_country as CreatePaymentDto['buyerCountry'] } : {}),
      ...(payment.buyer_company ? { buyerCompany: payment.buyer_company } : {}),
      ...(payment.buyer_address ? { buyerAddress: payment.buyer_address } : {}),
      ...(payment.buyer_vat_id ? { buyerVatId: payment.buyer_vat_id } : {}),
      ...(payment.client_id ? { clientId: payment.client_id } : {}),
    };
    const language = isLanguage(payment.language) ? payment.language : null;
    const start = (couponCode: string | null) =>
      this.checkout.create({ ...input, ...(couponCode ? { couponCode } : {}) }, ip, undefined, language, cookieHeader, payment.id);
    const wanted = coupon ?? payment.coupon_code;
    let started;
    try {
      started = await start(wanted);
    } catch (err) {
      // A coupon that no longer applies (used up, once per mailbox, expired meanwhile) does not stop the buyer from paying.
      if (!wanted || !(err instanceof DomainError) || !err.details.errors?.couponCode) throw err;
      started = await start(null);
    }
    return { ...started, email: payment.email, method: payment.method, resumed: 'new' };
  }

  /** One-click (or confirmed) unsubscribe of an address from recovery mail; the token is the address's signature. */
  async unsubscribe(email: unknown, token: unknown): Promise<{ unsubscribed: true; email: string }> {
    if (!this.proofs.provesUnsubscribe(email, token)) throw new PaymentsError(PaymentsErrorCode.RecoveryLinkInvalid, RECOVERY_LINK_INVALID);
    const address = (email as string).trim().toLowerCase();
    await this.recovery.unsubscribe(address);
    return { unsubscribed: true, email: address };
  }
}

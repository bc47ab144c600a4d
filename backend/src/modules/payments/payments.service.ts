import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { CommonError } from '../../common/errors/common.error';
import type { Language } from '../../common/i18n';
import { RateLimiter } from '../../common/http/rate-limiter';
import { appConfig, paymentsConfig } from '../../config';
import { TransactionRunner } from '../../events/transaction-runner';
import { REDIS } from '../../redis/redis.module';
import { CURRENCIES, offeredCurrencies, providerCodeFor, type CurrencyOption } from './catalogue';
import { Coupons, normaliseCode, type Quote, UnknownCouponError } from './coupons.service';
import { Pricing, type Price } from './pricing';
import { ClaimProofs, type ClaimProof } from './claim-proofs';
import { claimProblem } from './claim-rules';
import { decimalEquals } from './decimal';
import { toDataURL } from 'qrcode';
import { paymentUri, remainingAmount } from './payment-uri';
import type { CreatePaymentDto } from './dto/payment.dto';
import { SELECT_BOTH } from './dto/payment.dto';
import type { PaymentRow } from './payment.model';
import { PaymentsError, PaymentsErrorCode } from './payments.error';
import { PaymentChanges } from './payment-changes.service';
import type { PaymentState } from './payment-state';
import { PaymentsRepository } from './payments.repository';
import { CheckoutRecoveryRepository } from './checkout-recovery.repository';
import { PaymentProviders } from './providers/payment-providers';
import { type PaymentMethod, ProviderUnavailableError } from './providers/payment-provider';
import type { AuthUser } from '../../common/auth/auth-user';
import { ReferralAttribution, type AttributionSummary } from '../affiliates';
import { AccessService, normaliseEmail, UsersService } from '../users';

/** A checkout with a coupon and no attribution: only the coupon is known of its source. */
const NO_ATTRIBUTION: AttributionSummary = { affiliateCode: null, utmSource: null, utmMedium: null, utmCampaign: null, referrerDomain: null };

const METHOD_LABEL: Record<PaymentMethod, string> = { crypto: 'Crypto', card: 'Card', paypal: 'PayPal' };

export const ALREADY_OWNED = 'You already have lifetime access with this email. Sign in to continue learning.';

export interface PublicPaymentStatus {
  paymentId: string;
  state: string;
  email: string | null;
  amount: string;
  currency: string;
  payCurrency: string;
  currencyCode: string;
  network: string;
  claimed: boolean;
  proofOfPurchase: boolean;
  /** With proof of purchase, once paid: an account with the buyer's email exists (the purchase is added to it; no new password). */
  accountExists: boolean | null;
  /** With proof of purchase: the payer's name as the card or PayPal provider reported it, to prefill the account's name. */
  payerName: string | null;
  method: PaymentMethod;
  payTo: PayInstructions | null;
}

export interface PayInstructions {
  address: string;
  amount: string;
  currencyCode: string;
  received: string | null;
  remaining: string | null;
  expiresAt: string | null;
  /** A wallet URI of what to send now (BIP21-style, with the amount), when the coin has one. */
  paymentUri: string | null;
  /** A QR code of `paymentUri`, else of the address. */
  qrCode: string;
  /** The provider's own page for this payment (its hosted invoice), where the buyer can also pay. */
  providerPageUrl: string | null;
}

/** Checkout and the buyer's side of a payment: the offered currencies, starting a checkout, its status, and claiming it for an account. */
@Injectable()
export class PaymentsService {
  private readonly checkouts: RateLimiter;
  private readonly unknownCoupons: RateLimiter;

  constructor(
    private readonly payments: PaymentsRepository,
    private readonly tx: TransactionRunner,
    private readonly providers: PaymentProviders,
    private readonly claims: ClaimProofs,
    private readonly access: AccessService,
    private readonly users: UsersService,
    private readonly pricing: Pricing,
    private readonly coupons: Coupons,
    @Inject(REDIS) redis: Redis,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
    @Inject(paymentsConfig.KEY) private readonly config: ConfigType<typeof paymentsConfig>,
    private readonly referrals: ReferralAttribution,
    private readonly recovery: CheckoutRecoveryRepository,
    private readonly changes: PaymentChanges,
  ) {
    this.checkouts = new RateLimiter(redis, 'checkout', config.checkoutWindowSeconds);
    this.unknownCoupons = new RateLimiter(redis, 'coupon-unknown', config.couponUnknownWindowSeconds);
  }

  /**
   * The price with a coupon, for the client at `ip`. Codes that name no
   * coupon count against the client (in Redis, so every API instance shares
   * the count); past COUPON_MAX_UNKNOWN_PER_IP in the window every look-up
   * answers 429 until it ends. A known code (valid, or expired, used up...)
   * does not count: a buyer who mistypes a few times is not blocked.
   */
  private async couponQuote(price: Price, code: unknown, ip: string): Promise<Awaited<ReturnType<Coupons['quote']>>> {
    if (!normaliseCode(code)) return this.coupons.quote(price, code);
    const rules = [{ key: `ip:${ip}`, max: this.config.couponMaxUnknownPerIp }];
    const wait = await this.unknownCoupons.reserve(rules);
    if (wait > 0) {
      const message = `Too many coupon codes that do not exist were tried from your network. Please wait ${wait} seconds and try again.`;
      throw new PaymentsError(PaymentsErrorCode.TooManyCouponTries, message, {
        retryAfterSeconds: wait,
        errors: { couponCode: message },
      });
    }
    try {
      const quote = await this.coupons.quote(price, code);
      await this.unknownCoupons.release(rules);
      return quote;
    } catch (err) {
      if (!(err instanceof UnknownCouponError)) await this.unknownCoupons.release(rules);
      throw err;
    }
  }

  async offered(): Promise<CurrencyOption[]> {
    return offeredCurrencies(await this.providers.active.enabledCurrencies());
  }

  /**
   * Creates the provider checkout first (with our payment id as its order
   * id), then the payment row and its event in one transaction: a provider
   * failure leaves nothing behind. The answer carries the claim secret the
   * buyer's browser keeps to create the account later. Each client IP may
   * start a limited number of checkouts per window.
   *
   * Whether an email already has lifetime access is told only to its
   * signed-in owner (409 ALREADY_OWNED, before any payment). Anyone else
   * gets the same answer for every email, so the checkout is no way to learn
   * who the customers are; the owner of such an email is mailed a sign-in
   * link by the worker instead (send-already-owned-mail).
   */
  async create(
    input: CreatePaymentDto,
    ip: string,
    signedIn?: Pick<AuthUser, 'email'> & Partial<Pick<AuthUser, 'id'>>,
    language: Language | null = null,
    cookieHeader?: string,
    resumedFrom: string | null = null,
  ): Promise<{ success: true; paymentUrl: string; paymentId: string; claimSecret: string }> {
    const wait = await this.checkouts.reserve([{ key: `ip:${ip}`, max: this.config.checkoutMaxPerIp }]);
    if (wait > 0) {
      throw new PaymentsError(PaymentsErrorCode.TooManyCheckouts, `Too many checkouts started from your network. Please wait ${wait} seconds and try again.`, {
        retryAfterSeconds: wait,
      });
    }
    const buyer = input.email.trim().toLowerCase();
    if (signedIn && normaliseEmail(signedIn.email) === buyer && (await this.access.emailHasAccess(buyer))) {
      throw new PaymentsError(PaymentsErrorCode.AlreadyOwned, ALREADY_OWNED, { errors: { email: ALREADY_OWNED } });
    }
    const price = await this.pricing.current();
    if (!decimalEquals(input.amount, price.amount)) throw CommonError.field('amount', `The price is ${price.amount} ${price.currency}`);
    // The server recomputes the coupon's price (never the client's); it is redeemed with the payment row below.
    const quote = await this.couponQuote(price, input.couponCode, ip);
    const method: PaymentMethod = input.method ?? 'crypto';
    const provider = await this.providers.forMethod(method);
    if (!provider) throw CommonError.field('method', `Paying by ${METHOD_LABEL[method]} is not available right now. Please choose another method.`);
    let payCurrency: string;
    let currencyCode: string;
    let network: string;
    if (method === 'crypto') {
      const code = providerCodeFor(input.currency ?? '', input.blockchain ?? '');
      if (!code) throw CommonError.field('blockchain', SELECT_BOTH);
      const enabled = await provider.enabledCurrencies();
      if (enabled && !enabled.has(code)) throw CommonError.field('currency', 'This cryptocurrency is not available right now. Please choose another one.');
      payCurrency = code;
      currencyCode = (input.currency ?? '').trim().toUpperCase();
      network = CURRENCIES.find((c) => c.code === currencyCode)!.networks.find((n) => n.providerCode === code)!.name;
    } else {
      // Card and PayPal: no coin or network; the method stands in for them (the state machine matches the report's pay currency to it).
      payCurrency = method;
      currencyCode = method.toUpperCase();
      network = METHOD_LABEL[method];
    }
    const email = input.email.trim().toLowerCase();
    const buyerCountry = input.buyerCountry ?? null;
    // Prices include the tax: the rate of the buyer's country now is the one its invoice states.
    const taxRate = await this.pricing.taxRate(buyerCountry);
    const id = randomUUID();
    const claim = this.claims.newSecret();

    let checkout;
    try {
      checkout = await provider.createCheckout({
        paymentId: id,
        amount: quote.amount,
        currency: price.currency,
        payCurrency,
        email,
        description: 'Lifetime access',
        notifyUrl: `${this.app.publicUrl}/api/payments/webhook/${provider.name}`,
        successUrl: `${this.app.publicUrl}/thank-you?paymentId=${id}`,
        cancelUrl: `${this.app.publicUrl}/payment?cancelled=1&paymentId=${id}`,
      });
    } catch (err) {
      if (err instanceof ProviderUnavailableError)
        throw new PaymentsError(PaymentsErrorCode.ProviderUnavailable, 'The payment provider is unavailable. Please try again.');
      throw err;
    }

    await this.tx.run(async (tx) => {
      await this.payments.insert(tx.manager, {
        id,
        email,
        method,
        amount: quote.amount,
        listAmount: quote.coupon ? quote.listAmount : null,
        discountAmount: quote.discount,
        couponCode: quote.couponCode,
        currency: price.currency,
        currencyCode,
        network,
        payCurrency,
        provider: provider.name,
        providerRef: checkout.providerRef,
        providerPaymentId: checkout.providerPaymentId ?? null,
        checkoutUrl: checkout.checkoutUrl,
        payAddress: checkout.payTo?.address ?? null,
        payAmount: checkout.payTo?.amount ?? null,
        payExpiresAt: checkout.payTo?.expiresAt ?? null,
        language,
        buyer: { country: buyerCountry, company: input.buyerCompany ?? null, address: input.buyerAddress ?? null, vatId: input.buyerVatId ?? null },
        taxRate,
        clientId: input.clientId ?? null,
        claimSecretHash: claim.hash,
      });
      if (quote.coupon) await this.coupons.redeem(tx.manager, quote.coupon, { id, email, discount: quote.discount, currency: price.currency });
      const couponCode = quote.coupon ? quote.couponCode : null;
      const attribution = await this.referrals.attribute(tx.manager, {
        paymentId: id,
        cookieHeader,
        referral: input.referral,
        couponCode,
        buyerUserId: signedIn?.id ?? null,
      });
      // The funnel's source of this checkout: what the attribution stored, and the coupon.
      const source = attribution || couponCode ? { ...(attribution ?? NO_ATTRIBUTION), couponCode } : null;
      await tx.emit(
        'payment.created',
        { type: 'payment', id },
        { paymentId: id, email, amount: quote.amount, currency: price.currency, payCurrency, provider: provider.name, source },
      );
      if (resumedFrom) {
        // A reminder's link re-made an abandoned checkout: the reminders go on from that one's, and analytics counts its sale as recovered.
        await this.recovery.inheritReminders(tx.manager, id, resumedFrom);
        await tx.emit('checkout.resumed', { type: 'payment', id }, { paymentId: id, resumedFrom, currency: price.currency });
      }
    });
    const paymentUrl = checkout.checkoutUrl ?? `${this.app.publicUrl}/payment/${id}`;
    return { success: true, paymentUrl, paymentId: id, claimSecret: claim.secret };
  }

  /** The price now, with a coupon when one is given (the "Have a coupon?" field shows it before paying). */
  async quote(couponCode: string | undefined, ip: string): Promise<Quote> {
    const { coupon: _coupon, ...quote } = await this.couponQuote(await this.pricing.current(), couponCode, ip);
    return quote;
  }

  /** The methods checkout offers now: crypto always, card and PayPal once configured. */
  methods(): Promise<PaymentMethod[]> {
    return this.providers.methods();
  }

  async find(id: string, manager?: EntityManager): Promise<PaymentRow | null> {
    return (await this.payments.find(id, manager)) ?? null;
  }

  /** A checkout's state for the thank-you page; the buyer's email only to a caller with proof of purchase. */
  /**
   * The checkout's state. With `wait` seconds and the state the page shows
   * (`since`), a long poll: answers at once if the state differs, else when
   * the payment changes (its state or what arrived) or the time is up.
   */
  async publicStatus(id: string, proof: ClaimProof, poll?: { wait: number; since: PaymentState; gone?: AbortSignal }): Promise<PublicPaymentStatus> {
    if (!poll || poll.wait <= 0) return this.readStatus(id, proof);
    await this.changes.ready();
    const wait = this.changes.wait(id, poll.wait * 1000);
    poll.gone?.addEventListener('abort', wait.cancel, { once: true });
    try {
      const now = await this.readStatus(id, proof);
      if (now.state !== poll.since || poll.gone?.aborted) return now;
      await wait.changed;
      return await this.readStatus(id, proof);
    } finally {
      wait.cancel();
      poll.gone?.removeEventListener('abort', wait.cancel);
    }
  }

  private async readStatus(id: string, proof: ClaimProof): Promise<PublicPaymentStatus> {
    const p = await this.payments.find(id);
    if (!p) throw PaymentsError.missing();
    const proven = this.claims.proves(p.id, p.claim_secret_hash, proof);
    return {
      paymentId: p.id,
      state: p.state,
      email: proven ? p.email : null,
      amount: p.amount,
      currency: p.currency,
      payCurrency: p.pay_currency,
      currencyCode: p.currency_code,
      network: p.network,
      claimed: p.claimed_by_user_id !== null,
      proofOfPurchase: proven,
      // Only once the money arrived: a checkout costs nothing, and its claim secret must not tell whether an email has an account.
      accountExists: proven && (p.state === 'PAID' || p.state === 'REFUNDED') ? Boolean(await this.users.findByEmail(p.email)) : null,
      payerName: proven ? p.payer_name : null,
      method: p.method,
      payTo: await this.payInstructions(p),
    };
  }

  /**
   * A crypto payment's address, exact amount, what arrived and what is left
   * (an underpaid one is topped up: the rest to the same address), with the
   * wallet URI and QR code of what to send now, rendered here.
   */
  private async payInstructions(p: PaymentRow): Promise<PayInstructions | null> {
    if (p.method !== 'crypto' || !p.pay_address || !p.pay_amount) return null;
    const remaining = remainingAmount(p.pay_amount, p.amount_received);
    const uri = paymentUri(p.pay_currency, p.pay_address, remaining ?? p.pay_amount);
    return {
      address: p.pay_address,
      amount: p.pay_amount,
      currencyCode: p.currency_code,
      received: p.amount_received,
      remaining,
      expiresAt: p.pay_expires_at ? new Date(p.pay_expires_at).toISOString() : null,
      paymentUri: uri,
      qrCode: await toDataURL(uri ?? p.pay_address, { margin: 1, width: 200 }),
      providerPageUrl: p.checkout_url,
    };
  }

  /** The page where the buyer follows a payment (and tops up an underpaid one): the thank-you page of this payment. */
  statusPageUrl(paymentId: string): string {
    return `${this.app.publicUrl}/thank-you?paymentId=${paymentId}`;
  }

  /** The signed link emailed to the buyer to finish creating the account (the second form of proof). */
  claimLink(paymentId: string): string {
    return `${this.app.publicUrl}/thank-you?paymentId=${paymentId}#claim=${this.claims.linkToken(paymentId)}`;
  }

  /**
   * Account creation's check, in the caller's transaction (claim-rules.ts):
   * the caller proves the purchase, and the payment is PAID, unclaimed and
   * bought with this email. Locks the row.
   */
  async lockClaimable(manager: EntityManager, paymentId: string, email: string, proof: ClaimProof): Promise<PaymentRow> {
    const payment = await this.payments.lock(manager, paymentId);
    const problem = claimProblem(payment, email, Boolean(payment && this.claims.proves(payment.id, payment.claim_secret_hash, proof)));
    if (problem) throw problem;
    return payment!;
  }

  markClaimed(manager: EntityManager, paymentId: string, userId: string): Promise<void> {
    return this.payments.markClaimed(manager, paymentId, userId);
  }
}

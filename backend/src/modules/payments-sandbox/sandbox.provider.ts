import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  type Checkout,
  type CheckoutRequest,
  type PaymentProvider,
  type ReconcileTarget,
  reportFromPayload,
  signIpn,
  singleHeader,
  stripeSignatureHeader,
  verifyIpnSignature,
} from '../payments';
import { paypalTransmissionHeaders, type SandboxKeys } from './sandbox-secrets';
import type { SandboxRepository } from './sandbox.repository';

export const SANDBOX_OUTCOMES = ['finished', 'partially_paid', 'expired', 'failed'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** Fault switches for tests: send each IPN twice, in reverse order, drop some statuses, or sign with a wrong secret. */
export interface SandboxFaults {
  duplicate?: boolean;
  reorder?: boolean;
  drop?: string[];
  badSignature?: boolean;
}

export interface SandboxPayment {
  id: string;
  providerRef: string;
  amount: string;
  currency: string;
  payCurrency: string;
  /** What the buyer was asked to send (null for payments made before the sandbox quoted one: then the price itself). */
  payAmount: string | null;
  payAddress: string | null;
  ipnCallbackUrl: string;
  /** The buyer sent part of the amount already (the payment is UNDERPAID): "finished" is then the rest arriving. */
  underpaid?: boolean;
}

/** How long the sandbox's crypto quote holds (the waiting page counts down to it). */
export const SANDBOX_QUOTE_MINUTES = 60;

/** Rough prices in USD, only so the sandbox can quote an exact amount to send. */
const COIN_USD: Record<string, number> = {
  btc: 65000,
  eth: 3200,
  bnbbsc: 600,
  maticmainnet: 0.7,
  ada: 0.45,
  sol: 150,
  avaxc: 35,
  dot: 7,
  ltc: 80,
  bch: 400,
};
const FIAT_USD: Record<string, number> = { USD: 1, EUR: 1.08, GBP: 1.27, CAD: 0.73 };
const STABLE = /^usd[tc]/;

/** The sandbox's quote: stablecoins to the cent, other coins to eight places. */
export function sandboxQuote(amount: string, currency: string, payCurrency: string): string {
  const usd = Number(amount) * (FIAT_USD[currency.toUpperCase()] ?? 1);
  if (STABLE.test(payCurrency)) return usd.toFixed(2);
  return String(Number((usd / (COIN_USD[payCurrency] ?? 1)).toFixed(8)));
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/** An address in the network's usual shape, derived from the payment (the sandbox's; nothing can be sent to it). */
export function sandboxAddress(paymentId: string, payCurrency: string): string {
  const bytes = createHash('sha256').update(`${paymentId}:${payCurrency}`).digest();
  const draw = (alphabet: string, n: number) => Array.from({ length: n }, (_, i) => alphabet[bytes[i % bytes.length] % alphabet.length]).join('');
  if (payCurrency === 'btc') return `bc1q${draw(BECH32, 38)}`;
  if (payCurrency === 'ltc') return `ltc1q${draw(BECH32, 38)}`;
  if (payCurrency === 'bch') return `bitcoincash:q${draw(BECH32, 41)}`;
  if (payCurrency.endsWith('trc20')) return `T${draw(BASE58, 33)}`;
  if (payCurrency === 'sol') return draw(BASE58, 44);
  if (payCurrency === 'ada') return `addr1${draw(BECH32, 53)}`;
  if (payCurrency === 'dot') return `1${draw(BASE58, 47)}`;
  return `0x${bytes.toString('hex').slice(0, 40)}`;
}

const SEQUENCES: Record<SandboxOutcome, string[]> = {
  finished: ['waiting', 'confirming', 'confirmed', 'finished'],
  partially_paid: ['waiting', 'confirming', 'partially_paid'],
  expired: ['waiting', 'expired'],
  failed: ['waiting', 'confirming', 'failed'],
};

/**
 * The rest of an underpaid payment sent to the same address, as NOWPayments
 * reports it: the payment is seen on chain again and finishes, its
 * actually_paid now the whole amount.
 */
const TOP_UP = ['confirming', 'finished'];

/** The notifications an outcome sends for this payment. */
function sequenceOf(payment: SandboxPayment, outcome: SandboxOutcome): string[] {
  return outcome === 'finished' && payment.underpaid ? TOP_UP : SEQUENCES[outcome];
}

/** What one notification of a simulation came to: the webhook's HTTP status (0: no answer) and whether the provider will retry it. */
export interface SimulatedDelivery {
  providerStatus: string;
  httpStatus: number;
  delivered: boolean;
}

/** How a stored notification is signed when it is sent again. */
export type DeliveryScheme = 'nowpayments' | 'stripe' | 'paypal';

/** When the provider tries a refused notification again: 2 s, 4 s, 8 s... up to 5 minutes, for about a day. */
export const SANDBOX_RETRY = { firstMs: 2000, capMs: 300_000, attempts: 300 };
export const sandboxRetryDelayMs = (attemptsMade: number): number => Math.min(SANDBOX_RETRY.firstMs * 2 ** Math.max(attemptsMade - 1, 0), SANDBOX_RETRY.capMs);

const accepted = (status: number) => status >= 200 && status < 300;

/**
 * A local stand-in for NOWPayments: a hosted checkout page (served by
 * SandboxController), IPNs with the same fields and the same signing scheme
 * (its own secret) posted over HTTP to our real webhook endpoint, and a
 * status lookup for the reconciler. Like a real provider it remembers what
 * it last "saw" (in PostgreSQL) even when a fault switch dropped the IPN,
 * and it retries a notification our webhook did not accept.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly method = 'crypto' as const;

  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
    private readonly store: SandboxRepository,
    private readonly keys: SandboxKeys,
  ) {}

  async configured(): Promise<boolean> {
    return true;
  }

  async enabledCurrencies(): Promise<ReadonlySet<string> | null> {
    return null;
  }

  /** Like a crypto processor's payment API: an address, the exact amount to send and an expiry; its hosted page plays the buyer's wallet. */
  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    return {
      providerRef: `sbx_${randomBytes(8).toString('hex')}`,
      checkoutUrl: `${this.publicUrl}/api/payments/sandbox/checkout/${request.paymentId}`,
      payTo: {
        address: sandboxAddress(request.paymentId, request.payCurrency),
        amount: sandboxQuote(request.amount, request.currency, request.payCurrency),
        expiresAt: new Date(Date.now() + SANDBOX_QUOTE_MINUTES * 60_000),
      },
    };
  }

  async fetchStatus(target: ReconcileTarget): ReturnType<PaymentProvider['fetchStatus']> {
    const raw = await this.store.lastStatus(target.id);
    if (!raw) return null;
    return { report: reportFromPayload(JSON.parse(raw) as Record<string, unknown>), raw };
  }

  async verifyNotification(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<boolean> {
    return verifyIpnSignature(this.secret, rawBody, singleHeader(headers, 'x-nowpayments-sig'));
  }

  /** The IPN body NOWPayments would send for this payment and status. */
  payload(payment: SandboxPayment, status: string, paymentNumber: number, outcome?: SandboxOutcome): Record<string, unknown> {
    const payAmount = Number(payment.payAmount ?? payment.amount);
    // An underpayment is half of what was asked (from the moment it is seen on chain); the rest, sent later, completes it.
    const half = Number((payAmount / 2).toFixed(8));
    const paid =
      status === 'partially_paid' || (outcome === 'partially_paid' && status === 'confirming')
        ? half
        : status === 'finished' || status === 'confirmed' || status === 'confirming'
          ? payAmount
          : 0;
    const now = new Date().toISOString();
    return {
      payment_id: paymentNumber,
      invoice_id: payment.providerRef,
      payment_status: status,
      pay_address: payment.payAddress ?? `sandbox-${payment.id.slice(0, 8)}`,
      price_amount: Number(payment.amount),
      price_currency: payment.currency.toLowerCase(),
      pay_amount: payAmount,
      actually_paid: paid,
      pay_currency: payment.payCurrency,
      order_id: payment.id,
      order_description: 'Lifetime access',
      purchase_id: String(paymentNumber),
      created_at: now,
      updated_at: now,
      outcome_amount: paid,
      outcome_currency: payment.payCurrency,
      fee: { currency: payment.payCurrency, depositFee: 0, withdrawalFee: 0, serviceFee: 0 },
    };
  }

  /**
   * Sends the outcome's IPN sequence to the webhook and answers what became
   * of each delivery. A refused or unanswered one (not 2xx) is not lost: it
   * is scheduled for retry, as a real provider does (see `retryDue`).
   */
  async simulate(payment: SandboxPayment, outcome: SandboxOutcome, faults: SandboxFaults = {}): Promise<SimulatedDelivery[]> {
    const paymentNumber = randomInt(1_000_000_000, 9_999_999_999);
    const sequence = sequenceOf(payment, outcome);
    let statuses = sequence.filter((s) => !faults.drop?.includes(s));
    if (faults.reorder) statuses = [...statuses].reverse();
    const results: SimulatedDelivery[] = [];
    for (const status of statuses) {
      const body = JSON.stringify(this.payload(payment, status, paymentNumber, outcome));
      await this.store.saveStatus(payment.id, body);
      const signature = signIpn(faults.badSignature ? `${this.secret}-wrong` : this.secret, body);
      for (let copy = 0; copy < (faults.duplicate ? 2 : 1); copy++) {
        const httpStatus = await this.post(payment.ipnCallbackUrl, body, { 'x-nowpayments-sig': signature });
        const delivered = accepted(httpStatus);
        // A deliberately bad signature is the test's point; the provider would not retry its own forgery.
        if (!delivered && !faults.badSignature)
          await this.store.scheduleRetry(
            { paymentId: payment.id, url: payment.ipnCallbackUrl, body, signature, scheme: 'nowpayments' },
            httpStatus,
            sandboxRetryDelayMs(1),
          );
        results.push({ providerStatus: status, httpStatus, delivered });
      }
    }
    // A dropped final status is still what the provider "knows" for reconciliation.
    const last = sequence[sequence.length - 1];
    if (faults.drop?.includes(last)) await this.store.saveStatus(payment.id, JSON.stringify(this.payload(payment, last, paymentNumber, outcome)));
    return results;
  }

  /** One pass of the provider's retries: notifications due now are posted again; answers how many got through. */
  async retryDue(limit = 50): Promise<number> {
    const due = await this.store.leaseDue(limit, 60_000);
    let delivered = 0;
    for (const d of due) {
      const status = await this.post(d.url, d.body, this.headersFor(d.scheme, d.body, d.signature));
      const ok = accepted(status);
      if (ok) delivered++;
      const made = d.attempts + 1;
      await this.store.attempted(d.id, status, ok, ok || made >= SANDBOX_RETRY.attempts ? null : sandboxRetryDelayMs(made));
    }
    return delivered;
  }

  /**
   * Sends one notification of the card or PayPal simulator and schedules it
   * for retry when the webhook does not take it; answers the webhook's HTTP
   * status.
   */
  async deliver(paymentId: string, url: string, body: string, scheme: 'stripe' | 'paypal'): Promise<number> {
    const status = await this.post(url, body, this.headersFor(scheme, body, ''));
    if (!accepted(status)) await this.store.scheduleRetry({ paymentId, url, body, signature: '', scheme }, status, sandboxRetryDelayMs(1));
    return status;
  }

  /**
   * Card and PayPal notifications are signed again at each attempt, as the
   * real providers do: Stripe's signed timestamp and PayPal's transmission
   * (a new id and time) must be fresh; a crypto IPN keeps its signature.
   */
  private headersFor(scheme: DeliveryScheme, body: string, signature: string): Record<string, string> {
    if (scheme === 'stripe') return { 'stripe-signature': stripeSignatureHeader(this.keys.cardWebhookSecret, body) };
    if (scheme === 'paypal') return paypalTransmissionHeaders(this.keys, body, `${this.publicUrl}/api/payments/sandbox/paypal/certs/sandbox`);
    return { 'x-nowpayments-sig': signature };
  }

  /** The webhook's HTTP status, or 0 when it did not answer. */
  private async post(url: string, body: string, headers: Record<string, string>): Promise<number> {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
        signal: AbortSignal.timeout(10000),
      });
      await res.arrayBuffer().catch(() => undefined);
      return res.status;
    } catch {
      return 0;
    }
  }
}

import type Redis from 'ioredis';
import { randomBytes, randomInt } from 'node:crypto';
import { signIpn, verifyIpnSignature } from '../ipn-signature';
import { type Invoice, type InvoiceRequest, type PaymentProvider, type ReconcileTarget, reportFromPayload } from './payment-provider';

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
  ipnCallbackUrl: string;
}

const SEQUENCES: Record<SandboxOutcome, string[]> = {
  finished: ['waiting', 'confirming', 'confirmed', 'finished'],
  partially_paid: ['waiting', 'confirming', 'partially_paid'],
  expired: ['waiting', 'expired'],
  failed: ['waiting', 'confirming', 'failed'],
};

/**
 * A local stand-in for NOWPayments: a hosted checkout page (served by
 * SandboxController), IPNs with the same fields and the same signing scheme
 * (its own secret) posted over HTTP to our real webhook endpoint, and a
 * status lookup for the reconciler. It remembers what it last "saw" even
 * when a fault switch dropped the IPN, like a real provider would.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
    private readonly redis: Redis,
  ) {}

  async enabledCurrencies(): Promise<ReadonlySet<string> | null> {
    return null;
  }

  async createInvoice(request: InvoiceRequest): Promise<Invoice> {
    return { providerRef: `sbx_${randomBytes(8).toString('hex')}`, checkoutUrl: `${this.publicUrl}/api/payments/sandbox/checkout/${request.paymentId}` };
  }

  async fetchStatus(target: ReconcileTarget): ReturnType<PaymentProvider['fetchStatus']> {
    const raw = await this.redis.get(`sandbox:payment:${target.id}`);
    if (!raw) return null;
    return { report: reportFromPayload(JSON.parse(raw) as Record<string, unknown>), raw };
  }

  async verifyIpn(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<boolean> {
    return verifyIpnSignature(this.secret, rawBody, headers['x-nowpayments-sig']);
  }

  /** The IPN body NOWPayments would send for this payment and status. */
  payload(payment: SandboxPayment, status: string, paymentNumber: number): Record<string, unknown> {
    const paid = status === 'partially_paid' ? 248.5 : status === 'finished' || status === 'confirmed' || status === 'confirming' ? 497 : 0;
    const now = new Date().toISOString();
    return {
      payment_id: paymentNumber,
      invoice_id: payment.providerRef,
      payment_status: status,
      pay_address: `sandbox-${payment.id.slice(0, 8)}`,
      price_amount: Number(payment.amount),
      price_currency: payment.currency.toLowerCase(),
      pay_amount: 497,
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

  /** Sends the outcome's IPN sequence to the webhook; answers each delivery's HTTP status. */
  async simulate(payment: SandboxPayment, outcome: SandboxOutcome, faults: SandboxFaults = {}): Promise<number[]> {
    const paymentNumber = randomInt(1_000_000_000, 9_999_999_999);
    let statuses = SEQUENCES[outcome].filter((s) => !faults.drop?.includes(s));
    if (faults.reorder) statuses = [...statuses].reverse();
    const results: number[] = [];
    for (const status of statuses) {
      const body = JSON.stringify(this.payload(payment, status, paymentNumber));
      await this.redis.set(`sandbox:payment:${payment.id}`, body, 'EX', 7 * 24 * 3600);
      const signature = signIpn(faults.badSignature ? `${this.secret}-wrong` : this.secret, body);
      for (let copy = 0; copy < (faults.duplicate ? 2 : 1); copy++) {
        const res = await fetch(payment.ipnCallbackUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-nowpayments-sig': signature },
          body,
          signal: AbortSignal.timeout(10000),
        });
        results.push(res.status);
      }
    }
    // A dropped final status is still what the provider "knows" for reconciliation.
    const last = SEQUENCES[outcome][SEQUENCES[outcome].length - 1];
    if (faults.drop?.includes(last)) await this.redis.set(`sandbox:payment:${payment.id}`, JSON.stringify(this.payload(payment, last, paymentNumber)), 'EX', 7 * 24 * 3600);
    return results;
  }
}

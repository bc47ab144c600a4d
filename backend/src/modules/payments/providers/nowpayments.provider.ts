import { Logger } from '@nestjs/common';
import { verifyIpnSignature } from '../ipn-signature';
import {
  type Checkout,
  type CheckoutRequest,
  type PaymentProvider,
  ProviderUnavailableError,
  type ReconcileTarget,
  reportFromPayload,
  singleHeader,
} from './payment-provider';

export interface NowPaymentsCredentials {
  apiUrl: string;
  apiKey: string;
  ipnSecret: string;
}

const TIMEOUT_MS = 10000;
const COINS_TTL_MS = 10 * 60 * 1000;

/**
 * NOWPayments hosted invoices. Credentials are read at each call (Admin >
 * Settings > Payments first, then the environment) so a key change applies
 * without a restart.
 */
export class NowPaymentsProvider implements PaymentProvider {
  readonly name = 'nowpayments' as const;
  readonly method = 'crypto' as const;
  private readonly logger = new Logger(NowPaymentsProvider.name);
  private coins: { at: number; codes: ReadonlySet<string> } | null = null;

  constructor(private readonly credentials: () => Promise<NowPaymentsCredentials>) {}

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> {
    const { apiUrl, apiKey } = await this.credentials();
    if (!apiKey) throw new ProviderUnavailableError('The crypto payment processor API key is not configured');
    let res: Response;
    try {
      res = await fetch(`${apiUrl}${path}`, {
        method,
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new ProviderUnavailableError(`NOWPayments ${method} ${path} failed: ${(err as Error).message}`);
    }
    const text = await res.text();
    if (!res.ok) throw new ProviderUnavailableError(`NOWPayments ${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new ProviderUnavailableError(`NOWPayments ${method} ${path} answered invalid JSON`);
    }
  }

  async configured(): Promise<boolean> {
    const { apiKey, ipnSecret } = await this.credentials();
    return Boolean(apiKey && ipnSecret);
  }

  async enabledCurrencies(): Promise<ReadonlySet<string> | null> {
    if (this.coins && Date.now() - this.coins.at < COINS_TTL_MS) return this.coins.codes;
    try {
      const body = await this.call('GET', '/v1/merchant/coins');
      const list = (body.selectedCurrencies ?? body.currencies) as unknown;
      if (!Array.isArray(list)) return null;
      const codes = new Set(list.map((c) => String(c).toLowerCase()));
      this.coins = { at: Date.now(), codes };
      return codes;
    } catch (err) {
      this.logger.warn(`Could not read enabled currencies: ${(err as Error).message}`);
      return this.coins?.codes ?? null;
    }
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const body = await this.call('POST', '/v1/invoice', {
      price_amount: Number(request.amount),
      price_currency: request.currency.toLowerCase(),
      pay_currency: request.payCurrency,
      order_id: request.paymentId,
      order_description: request.description,
      ipn_callback_url: request.notifyUrl,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
    if (!body.id || typeof body.invoice_url !== 'string') throw new ProviderUnavailableError('NOWPayments answered an invoice without id or invoice_url');
    return { providerRef: String(body.id), checkoutUrl: body.invoice_url };
  }

  async fetchStatus(target: ReconcileTarget): ReturnType<PaymentProvider['fetchStatus']> {
    if (!target.providerPaymentId) return null;
    const body = await this.call('GET', `/v1/payment/${encodeURIComponent(target.providerPaymentId)}`);
    return { report: reportFromPayload(body), raw: JSON.stringify(body) };
  }

  async verifyNotification(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<boolean> {
    const { ipnSecret } = await this.credentials();
    if (!ipnSecret) return false;
    return verifyIpnSignature(ipnSecret, rawBody, singleHeader(headers, 'x-nowpayments-sig'));
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { paymentsConfig } from '../../../config';
import { SettingsService } from '../../settings';
import { NowPaymentsProvider } from './nowpayments.provider';
import type { PaymentMethod, PaymentProvider, ProviderName } from './payment-provider';
import { PayPalProvider, type PayPalCredentials } from './paypal.provider';
import { StripeProvider, type StripeCredentials } from './stripe.provider';

/**
 * What the payments sandbox (a module of its own, loaded only when
 * PAYMENTS_PROVIDER=sandbox) plugs in as it starts: its crypto provider, and
 * where its card and PayPal simulators answer, with the keys they issue (the
 * real card and PayPal adapters then talk to them).
 */
export interface SimulatedProviders {
  crypto: PaymentProvider;
  card: Omit<StripeCredentials, 'toleranceSeconds'>;
  paypal: Omit<PayPalCredentials, 'toleranceSeconds'>;
}

/**
 * Every payment adapter, and which one takes each method:
 * - crypto: the one PAYMENTS_PROVIDER names (the sandbox, or NOWPayments with
 *   its keys from Admin > Settings > Payments, else the environment);
 * - card: the Stripe-compatible adapter once its secret key and webhook
 *   secret are set (Settings, else STRIPE_*); otherwise, in sandbox mode,
 *   the same adapter against the sandbox's card simulator;
 * - PayPal: likewise with the PayPal client id, secret and webhook id.
 * Every adapter keeps answering its webhooks, so payments started under
 * one configuration are still settled after the keys change.
 */
@Injectable()
export class PaymentProviders {
  private readonly nowPayments: NowPaymentsProvider | null;
  private simulatedCrypto: PaymentProvider | null = null;
  private readonly stripe: StripeProvider;
  private readonly paypal: PayPalProvider;
  private sandboxCard: StripeProvider | null = null;
  private sandboxPayPal: PayPalProvider | null = null;
  private readonly all = new Map<ProviderName, PaymentProvider>();

  constructor(
    @Inject(paymentsConfig.KEY) private readonly config: ConfigType<typeof paymentsConfig>,
    settings: SettingsService,
  ) {
    const saved = () => settings.get('payments');
    this.stripe = new StripeProvider('stripe', async () => {
      const s = await saved();
      return {
        apiUrl: config.stripeApiUrl,
        secretKey: s.cardSecretKey || config.stripeSecretKey || '',
        webhookSecret: s.cardWebhookSecret || config.stripeWebhookSecret || '',
        toleranceSeconds: config.stripeWebhookToleranceSeconds,
      };
    });
    this.paypal = new PayPalProvider('paypal', async () => {
      const s = await saved();
      return {
        apiUrl: config.paypalApiUrl,
        clientId: s.paypalClientId || config.paypalClientId || '',
        clientSecret: s.paypalClientSecret || config.paypalClientSecret || '',
        webhookId: s.paypalWebhookId || config.paypalWebhookId || '',
        toleranceSeconds: config.paypalWebhookToleranceSeconds,
      };
    });
    this.nowPayments =
      config.provider === 'nowpayments'
        ? new NowPaymentsProvider(async () => {
            const s = await saved();
            return {
              apiUrl: config.nowpaymentsApiUrl,
              apiKey: s.cryptoApiKey || config.nowpaymentsApiKey || '',
              ipnSecret: s.cryptoIpnSecret || config.nowpaymentsIpnSecret || '',
            };
          })
        : null;
    for (const p of [this.nowPayments, this.stripe, this.paypal]) if (p) this.all.set(p.name, p);
  }

  /** The crypto provider (PAYMENTS_PROVIDER). */
  get active(): PaymentProvider {
    const active = this.nowPayments ?? this.simulatedCrypto;
    if (!active) throw new Error('PAYMENTS_PROVIDER=sandbox, but the payments sandbox module is not loaded');
    return active;
  }

  /** The payments sandbox's providers join (sandbox mode only: never alongside a real crypto provider). */
  useSimulated(simulated: SimulatedProviders): void {
    if (this.config.provider !== 'sandbox') throw new Error(`The payments sandbox cannot run while PAYMENTS_PROVIDER is ${this.config.provider}`);
    this.simulatedCrypto = simulated.crypto;
    this.sandboxCard = new StripeProvider('sandbox-card', async () => ({
      ...simulated.card,
      toleranceSeconds: this.config.stripeWebhookToleranceSeconds,
    }));
    this.sandboxPayPal = new PayPalProvider('sandbox-paypal', async () => ({
      ...simulated.paypal,
      toleranceSeconds: this.config.paypalWebhookToleranceSeconds,
    }));
    for (const p of [this.simulatedCrypto, this.sandboxCard, this.sandboxPayPal]) this.all.set(p.name, p);
  }

  /** The adapter that receives a provider's webhooks and settles its payments, by name. */
  byName(name: string): PaymentProvider | null {
    return this.all.get(name as ProviderName) ?? null;
  }

  /** The adapter that takes new payments of a method now, or null when the method is not set up. */
  async forMethod(method: PaymentMethod): Promise<PaymentProvider | null> {
    if (method === 'crypto') return this.active;
    const [real, simulated] = method === 'card' ? [this.stripe, this.sandboxCard] : [this.paypal, this.sandboxPayPal];
    if (await real.configured()) return real;
    return simulated;
  }

  /** The methods checkout offers: crypto always (the spec's default), card and PayPal once set up. */
  async methods(): Promise<PaymentMethod[]> {
    const offered: PaymentMethod[] = ['crypto'];
    for (const method of ['card', 'paypal'] as const) if (await this.forMethod(method)) offered.push(method);
    return offered;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { appConfig, paymentsConfig } from '../../../config';
import { SettingsService } from '../../settings';
import { NowPaymentsProvider } from './nowpayments.provider';
import type { PaymentMethod, PaymentProvider, ProviderName } from './payment-provider';
import { PayPalProvider } from './paypal.provider';
import { SandboxProvider } from './sandbox.provider';
import { SandboxRepository } from './sandbox.repository';
import { sandboxKeys } from './sandbox-secrets';
import { SandboxSimulator } from './sandbox-simulator';
import { StripeProvider } from './stripe.provider';

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
  /** The crypto provider (PAYMENTS_PROVIDER). */
  readonly active: PaymentProvider;
  readonly sandbox: SandboxProvider | null;
  /** The sandbox's card and PayPal provider APIs (sandbox mode only). */
  readonly simulator: SandboxSimulator | null;
  private readonly stripe: StripeProvider;
  private readonly paypal: PayPalProvider;
  private readonly sandboxCard: StripeProvider | null;
  private readonly sandboxPayPal: PayPalProvider | null;
  private readonly all = new Map<ProviderName, PaymentProvider>();

  constructor(
    @Inject(paymentsConfig.KEY) config: ConfigType<typeof paymentsConfig>,
    @Inject(appConfig.KEY) app: ConfigType<typeof appConfig>,
    sandboxStore: SandboxRepository,
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
    if (config.provider === 'sandbox') {
      const keys = sandboxKeys(config.sandboxIpnSecret!);
      const simulated = `${app.publicUrl}/api/payments/sandbox`;
      this.sandbox = new SandboxProvider(config.sandboxIpnSecret!, app.publicUrl, sandboxStore, keys);
      this.simulator = new SandboxSimulator(app.publicUrl, keys, sandboxStore, this.sandbox);
      this.sandboxCard = new StripeProvider('sandbox-card', async () => ({
        apiUrl: `${simulated}/stripe`,
        secretKey: keys.cardSecretKey,
        webhookSecret: keys.cardWebhookSecret,
        toleranceSeconds: config.stripeWebhookToleranceSeconds,
      }));
      this.sandboxPayPal = new PayPalProvider('sandbox-paypal', async () => ({
        apiUrl: `${simulated}/paypal`,
        clientId: keys.paypalClientId,
        clientSecret: keys.paypalClientSecret,
        webhookId: keys.paypalWebhookId,
        toleranceSeconds: config.paypalWebhookToleranceSeconds,
      }));
      this.active = this.sandbox;
    } else {
      this.sandbox = null;
      this.simulator = null;
      this.sandboxCard = null;
      this.sandboxPayPal = null;
      this.active = new NowPaymentsProvider(async () => {
        const s = await saved();
        return {
          apiUrl: config.nowpaymentsApiUrl,
          apiKey: s.cryptoApiKey || config.nowpaymentsApiKey || '',
          ipnSecret: s.cryptoIpnSecret || config.nowpaymentsIpnSecret || '',
        };
      });
    }
    for (const p of [this.active, this.stripe, this.paypal, this.sandboxCard, this.sandboxPayPal]) if (p) this.all.set(p.name, p);
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

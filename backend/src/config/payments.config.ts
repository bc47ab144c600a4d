import { registerAs } from '@nestjs/config';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Min, MinLength, ValidateIf } from 'class-validator';
import { intFromEnv, isProduction, validateNamespace } from './validate';

export class PaymentsConfig {
  @IsIn(['sandbox', 'nowpayments'])
  provider: 'sandbox' | 'nowpayments';

  @IsUrl({ require_tld: false, require_protocol: true })
  nowpaymentsApiUrl: string;

  @IsOptional()
  @IsString()
  nowpaymentsApiKey?: string;

  @IsOptional()
  @IsString()
  nowpaymentsIpnSecret?: string;

  @ValidateIf((c: PaymentsConfig) => c.provider === 'sandbox')
  @IsString()
  @MinLength(16, { message: 'must be at least 16 characters when PAYMENTS_PROVIDER=sandbox' })
  sandboxIpnSecret?: string;

  /** The card provider (a Stripe-compatible API): where its API answers, its secret key and the webhook signing secret (Settings > Payments win). */
  @IsUrl({ require_tld: false, require_protocol: true })
  stripeApiUrl: string;

  @IsOptional()
  @IsString()
  stripeSecretKey?: string;

  @IsOptional()
  @IsString()
  stripeWebhookSecret?: string;

  /** How old a signed card webhook may be (its Stripe-Signature timestamp) before it is refused as a replay. */
  @IsInt()
  @Min(1)
  stripeWebhookToleranceSeconds: number;

  /** PayPal's REST API (https://api-m.sandbox.paypal.com for PayPal's own test accounts) and the app's credentials (Settings > Payments win). */
  @IsUrl({ require_tld: false, require_protocol: true })
  paypalApiUrl: string;

  @IsOptional()
  @IsString()
  paypalClientId?: string;

  @IsOptional()
  @IsString()
  paypalClientSecret?: string;

  /** The webhook id PayPal gave this endpoint: PayPal's verification call checks each notification against it. */
  @IsOptional()
  @IsString()
  paypalWebhookId?: string;

  /** How far a PayPal notification's transmission time may be from now (older, or ahead by clock skew) before it is refused as a replay. */
  @IsInt()
  @Min(1)
  paypalWebhookToleranceSeconds: number;

  @IsInt()
  @Min(0)
  reconcileAfterMinutes: number;

  @IsInt()
  @Min(1)
  reconcileEverySeconds: number;

  /** How often the abandoned-checkout sweep looks for reminders due (the delay itself is in Settings > Recovery). */
  @IsInt()
  @Min(1)
  recoverySweepEverySeconds: number;

  /** Stuck payments the reconciler asks the provider about per pass (least recently checked first). */
  @IsInt()
  @Min(1)
  reconcileBatch: number;

  /** Checkouts one client IP may start per window (each one asks the provider for an invoice). */
  @IsInt()
  @Min(1)
  checkoutMaxPerIp: number;

  @IsInt()
  @Min(1)
  checkoutWindowSeconds: number;

  /** Coupon codes that do not exist one client IP may try per window (quote and checkout together): no guessing codes by the thousand. */
  @IsInt()
  @Min(1)
  couponMaxUnknownPerIp: number;

  @IsInt()
  @Min(1)
  couponUnknownWindowSeconds: number;
}

/** PAYMENTS_PROVIDER, the sandbox by default outside production. */
const configuredProvider = (): string | undefined => process.env.PAYMENTS_PROVIDER ?? (isProduction() ? undefined : 'sandbox');

/**
 * Whether this configuration runs the payments sandbox (its simulated
 * providers, hosted pages and routes): decided when an application is
 * created, so the sandbox module is not even loaded otherwise, and never
 * in production.
 */
export const sandboxEnabled = (): boolean => !isProduction() && configuredProvider() === 'sandbox';

export const paymentsConfig = registerAs('payments', (): PaymentsConfig => {
  const env = process.env;
  const provider = configuredProvider();
  if (isProduction() && provider === 'sandbox') {
    throw new Error('Invalid configuration (payments):\n  PAYMENTS_PROVIDER: the sandbox provider is not available when NODE_ENV=production');
  }
  return validateNamespace(
    'payments',
    PaymentsConfig,
    {
      provider,
      nowpaymentsApiUrl: (env.NOWPAYMENTS_API_URL ?? 'https://api.nowpayments.io').replace(/\/+$/, ''),
      nowpaymentsApiKey: env.NOWPAYMENTS_API_KEY,
      nowpaymentsIpnSecret: env.NOWPAYMENTS_IPN_SECRET,
      sandboxIpnSecret: env.SANDBOX_IPN_SECRET,
      stripeApiUrl: (env.STRIPE_API_URL ?? 'https://api.stripe.com').replace(/\/+$/, ''),
      stripeSecretKey: env.STRIPE_SECRET_KEY,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
      stripeWebhookToleranceSeconds: intFromEnv(env.STRIPE_WEBHOOK_TOLERANCE_SECONDS, 300),
      paypalApiUrl: (env.PAYPAL_API_URL ?? 'https://api-m.paypal.com').replace(/\/+$/, ''),
      paypalClientId: env.PAYPAL_CLIENT_ID,
      paypalClientSecret: env.PAYPAL_CLIENT_SECRET,
      paypalWebhookId: env.PAYPAL_WEBHOOK_ID,
      paypalWebhookToleranceSeconds: intFromEnv(env.PAYPAL_WEBHOOK_TOLERANCE_SECONDS, 300),
      reconcileAfterMinutes: intFromEnv(env.PAYMENTS_RECONCILE_AFTER_MINUTES, 20),
      reconcileEverySeconds: intFromEnv(env.PAYMENTS_RECONCILE_EVERY_SECONDS, 300),
      recoverySweepEverySeconds: intFromEnv(env.RECOVERY_SWEEP_EVERY_SECONDS, 300),
      reconcileBatch: intFromEnv(env.PAYMENTS_RECONCILE_BATCH, 100),
      checkoutMaxPerIp: intFromEnv(env.CHECKOUT_MAX_PER_IP, 10),
      checkoutWindowSeconds: intFromEnv(env.CHECKOUT_WINDOW_SECONDS, 900),
      couponMaxUnknownPerIp: intFromEnv(env.COUPON_MAX_UNKNOWN_PER_IP, 10),
      couponUnknownWindowSeconds: intFromEnv(env.COUPON_UNKNOWN_WINDOW_SECONDS, 900),
    },
    {
      provider: 'PAYMENTS_PROVIDER',
      nowpaymentsApiUrl: 'NOWPAYMENTS_API_URL',
      sandboxIpnSecret: 'SANDBOX_IPN_SECRET',
      stripeApiUrl: 'STRIPE_API_URL',
      stripeWebhookToleranceSeconds: 'STRIPE_WEBHOOK_TOLERANCE_SECONDS',
      paypalApiUrl: 'PAYPAL_API_URL',
      paypalWebhookToleranceSeconds: 'PAYPAL_WEBHOOK_TOLERANCE_SECONDS',
      reconcileAfterMinutes: 'PAYMENTS_RECONCILE_AFTER_MINUTES',
      reconcileEverySeconds: 'PAYMENTS_RECONCILE_EVERY_SECONDS',
      recoverySweepEverySeconds: 'RECOVERY_SWEEP_EVERY_SECONDS',
      reconcileBatch: 'PAYMENTS_RECONCILE_BATCH',
      checkoutMaxPerIp: 'CHECKOUT_MAX_PER_IP',
      checkoutWindowSeconds: 'CHECKOUT_WINDOW_SECONDS',
      couponMaxUnknownPerIp: 'COUPON_MAX_UNKNOWN_PER_IP',
      couponUnknownWindowSeconds: 'COUPON_UNKNOWN_WINDOW_SECONDS',
    },
  );
});

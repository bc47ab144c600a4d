import { registerAs } from '@nestjs/config';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Min, MinLength, ValidateIf } from 'class-validator';
import { intFromEnv, isProduction, validateNamespace } from './validate';

export class PaymentsConfig {
  @IsIn(['sandbox', 'nowpayments'])
  provider: 'sandbox' | 'nowpayments';

  @IsUrl({ require_tld: false, require_protocol: true })
  nowpaymentsApiUrl: string;

  @IsOptional() @IsString()
  nowpaymentsApiKey?: string;

  @IsOptional() @IsString()
  nowpaymentsIpnSecret?: string;

  @ValidateIf((c: PaymentsConfig) => c.provider === 'sandbox')
  @IsString() @MinLength(16, { message: 'must be at least 16 characters when PAYMENTS_PROVIDER=sandbox' })
  sandboxIpnSecret?: string;

  @IsInt() @Min(1)
  reconcileAfterMinutes: number;

  @IsInt() @Min(1)
  reconcileEverySeconds: number;
}

export const paymentsConfig = registerAs('payments', (): PaymentsConfig => {
  const env = process.env;
  const provider = env.PAYMENTS_PROVIDER ?? (isProduction() ? undefined : 'sandbox');
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
      reconcileAfterMinutes: intFromEnv(env.PAYMENTS_RECONCILE_AFTER_MINUTES, 20),
      reconcileEverySeconds: intFromEnv(env.PAYMENTS_RECONCILE_EVERY_SECONDS, 300),
    },
    {
      provider: 'PAYMENTS_PROVIDER',
      nowpaymentsApiUrl: 'NOWPAYMENTS_API_URL',
      sandboxIpnSecret: 'SANDBOX_IPN_SECRET',
      reconcileAfterMinutes: 'PAYMENTS_RECONCILE_AFTER_MINUTES',
      reconcileEverySeconds: 'PAYMENTS_RECONCILE_EVERY_SECONDS',
    },
  );
});

import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import Redis from 'ioredis';
import { appConfig, paymentsConfig } from '../../../config';
import { REDIS } from '../../../redis/redis.module';
import { SettingsService } from '../../settings/settings.service';
import { NowPaymentsProvider } from './nowpayments.provider';
import type { PaymentProvider } from './payment-provider';
import { SandboxProvider } from './sandbox.provider';

/** The provider chosen by PAYMENTS_PROVIDER; NOWPayments keys come from Admin > Settings > Payments, else the environment. */
@Injectable()
export class PaymentProviders {
  readonly active: PaymentProvider;
  readonly sandbox: SandboxProvider | null;

  constructor(
    @Inject(paymentsConfig.KEY) config: ConfigType<typeof paymentsConfig>,
    @Inject(appConfig.KEY) app: ConfigType<typeof appConfig>,
    @Inject(REDIS) redis: Redis,
    settings: SettingsService,
  ) {
    if (config.provider === 'sandbox') {
      this.sandbox = new SandboxProvider(config.sandboxIpnSecret!, app.publicUrl, redis);
      this.active = this.sandbox;
    } else {
      this.sandbox = null;
      this.active = new NowPaymentsProvider(async () => {
        const saved = await settings.get('payments');
        return {
          apiUrl: config.nowpaymentsApiUrl,
          apiKey: saved.cryptoApiKey || config.nowpaymentsApiKey || '',
          ipnSecret: saved.cryptoIpnSecret || config.nowpaymentsIpnSecret || '',
        };
      });
    }
  }

  byName(name: string): PaymentProvider | null {
    return name === this.active.name ? this.active : null;
  }
}

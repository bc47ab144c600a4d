import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { appConfig, paymentsConfig } from '../../config';
import { PaymentProviders, PaymentsModule } from '../payments';
import { SandboxController } from './sandbox.controller';
import { SandboxProvidersController } from './sandbox-providers.controller';
import { SandboxProvider } from './sandbox.provider';
import { SandboxRepository } from './sandbox.repository';
import { SandboxRetrier } from './sandbox-retrier';
import { type SandboxKeys, sandboxKeys } from './sandbox-secrets';
import { SandboxSimulator } from './sandbox-simulator';

const SANDBOX_KEYS = Symbol('SANDBOX_KEYS');

/**
 * The payments sandbox (development, demo and tests): a local stand-in for
 * the crypto processor, and for the card and PayPal APIs the real adapters
 * call, with their hosted pages, signed webhooks and retries. The API and
 * the worker load it only when PAYMENTS_PROVIDER=sandbox (sandboxEnabled),
 * which production refuses; its providers then join the payments module's.
 */
@Module({
  imports: [PaymentsModule],
  controllers: [SandboxController, SandboxProvidersController],
  providers: [
    SandboxRepository,
    {
      provide: SANDBOX_KEYS,
      inject: [paymentsConfig.KEY],
      useFactory: (config: ConfigType<typeof paymentsConfig>): SandboxKeys => sandboxKeys(config.sandboxIpnSecret!),
    },
    {
      provide: SandboxProvider,
      inject: [paymentsConfig.KEY, appConfig.KEY, SandboxRepository, SANDBOX_KEYS],
      useFactory: (config: ConfigType<typeof paymentsConfig>, app: ConfigType<typeof appConfig>, store: SandboxRepository, keys: SandboxKeys) =>
        new SandboxProvider(config.sandboxIpnSecret!, app.publicUrl, store, keys),
    },
    {
      provide: SandboxSimulator,
      inject: [appConfig.KEY, SANDBOX_KEYS, SandboxRepository, SandboxProvider],
      useFactory: (app: ConfigType<typeof appConfig>, keys: SandboxKeys, store: SandboxRepository, sandbox: SandboxProvider) =>
        new SandboxSimulator(app.publicUrl, keys, store, sandbox),
    },
    SandboxRetrier,
  ],
})
export class PaymentsSandboxModule implements OnModuleInit {
  constructor(
    private readonly providers: PaymentProviders,
    private readonly sandbox: SandboxProvider,
    @Inject(SANDBOX_KEYS) private readonly keys: SandboxKeys,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {}

  onModuleInit(): void {
    const simulated = `${this.app.publicUrl}/api/payments/sandbox`;
    this.providers.useSimulated({
      crypto: this.sandbox,
      card: { apiUrl: `${simulated}/stripe`, secretKey: this.keys.cardSecretKey, webhookSecret: this.keys.cardWebhookSecret },
      paypal: {
        apiUrl: `${simulated}/paypal`,
        clientId: this.keys.paypalClientId,
        clientSecret: this.keys.paypalClientSecret,
        webhookId: this.keys.paypalWebhookId,
      },
    });
  }
}

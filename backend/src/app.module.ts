import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { sandboxEnabled } from './config';
import { CoreModule } from './core.module';
import { FEATURE_MODULES } from './feature-modules';
import { PaymentsSandboxModule } from './modules/payments-sandbox';
import { WebModule } from './modules/web';

@Module({
  imports: [CoreModule, WebModule, ...FEATURE_MODULES],
  providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
})
export class AppModule {
  /**
   * The API, with the payments sandbox (its simulated providers and their
   * routes) only where the configuration enables it: never in production.
   * Decided when the application is created, from the environment then.
   */
  static register({ sandbox = sandboxEnabled() }: { sandbox?: boolean } = {}): DynamicModule {
    return { module: AppModule, imports: sandbox ? [PaymentsSandboxModule] : [] };
  }
}

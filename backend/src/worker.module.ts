import { type DynamicModule, Module } from '@nestjs/common';
import { sandboxEnabled } from './config';
import { CoreModule } from './core.module';
import { FEATURE_MODULES } from './feature-modules';
import { PaymentsSandboxModule } from './modules/payments-sandbox';
import { QueueWorkers } from './queue/queue-workers';

@Module({
  imports: [CoreModule, ...FEATURE_MODULES],
  providers: [QueueWorkers],
})
export class WorkerModule {
  /** The worker, with the payments sandbox where the configuration enables it (its providers settle and reconcile sandbox payments). */
  static register({ sandbox = sandboxEnabled() }: { sandbox?: boolean } = {}): DynamicModule {
    return { module: WorkerModule, imports: sandbox ? [PaymentsSandboxModule] : [] };
  }
}

import { Module } from '@nestjs/common';
import { CoreModule } from './core.module';
import { FEATURE_MODULES } from './feature-modules';
import { QueueWorkers } from './queue/queue-workers';

@Module({
  imports: [CoreModule, ...FEATURE_MODULES],
  providers: [QueueWorkers],
})
export class WorkerModule {}

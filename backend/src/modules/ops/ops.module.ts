import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { EventsModule } from '../../events/events.module';
import { AdminBackupsController } from './backups/admin-backups.controller';
import { backupsConfig } from './backups/backups.config';
import { BackupsService } from './backups/backups.service';
import { AdminCacheController } from './cache/admin-cache.controller';
import { ResponseCacheInterceptor } from './cache/response-cache.interceptor';
import { ResponseCache } from './cache/response-cache.service';
import { DebugMode } from './logging/debug-mode.service';
import { OPS_SUBSCRIPTIONS } from './ops.subscriptions';
import { AdminQueuesController } from './queues-admin/admin-queues.controller';
import { QueuesAdminService } from './queues-admin/queues-admin.service';

/** Operations: database backups, the API response cache, the queues console and debug logging. */
@Module({
  imports: [ConfigModule.forFeature(backupsConfig), EventsModule.forFeature(OPS_SUBSCRIPTIONS)],
  controllers: [AdminBackupsController, AdminCacheController, AdminQueuesController],
  providers: [BackupsService, ResponseCache, QueuesAdminService, DebugMode, { provide: APP_INTERCEPTOR, useClass: ResponseCacheInterceptor }],
  exports: [ResponseCache],
})
export class OpsModule {}

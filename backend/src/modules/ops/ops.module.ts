import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { AuditModule } from '../audit';
import { MailModule } from '../mail';
import { SettingsModule } from '../settings';
import { AdminBackupsController } from './backups/admin-backups.controller';
import { backupsConfig } from './backups/backups.config';
import { BackupsRepository } from './backups/backups.repository';
import { BackupsService } from './backups/backups.service';
import { AdminCacheController } from './cache/admin-cache.controller';
import { ResponseCache } from './cache/response-cache.service';
import { DebugMode } from './logging/debug-mode.service';
import { AdminQueuesController } from './queues-admin/admin-queues.controller';
import { QueuesAdminService } from './queues-admin/queues-admin.service';
import { CacheConsumers } from './jobs/cache.consumers';
import { ClusterMetrics } from './metrics/cluster-metrics.service';

/** Operations: database backups, the API response cache, the queues console, debug logging and the metrics' cluster figures. */
@Module({
  imports: [ConfigModule.forFeature(backupsConfig), AuditModule, SettingsModule, MailModule],
  controllers: [AdminBackupsController, AdminCacheController, AdminQueuesController],
  providers: [BackupsService, BackupsRepository, ResponseCache, CacheConsumers, QueuesAdminService, DebugMode, ClusterMetrics],
  exports: [ClusterMetrics, ResponseCache],
})
export class OpsModule {}

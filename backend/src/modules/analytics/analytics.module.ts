import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { MailModule } from '../mail';
import { SettingsModule } from '../settings';
import { UsersModule } from '../users';
import { ActivityService } from './activity.service';
import { AdminAnalyticsController } from './admin-analytics.controller';
import { AnalyticsRepository } from './analytics.repository';
import { AnalyticsService } from './analytics.service';
import { FunnelRepository } from './funnel.repository';
import { FunnelService } from './funnel.service';
import { RollupsRepository } from './rollups.repository';
import { RollupsService } from './rollups.service';
import { RollupConsumers } from './jobs/rollup.consumers';

/**
 * The admin's figures: rollups kept from events (and rebuilt nightly from
 * the event log), the overview, analytics pages and system status (with
 * mail delivery, from the mail module), and the funnel (FunnelService
 * records the public page views affiliates reports). Course facts come
 * through the CATALOGUE_FACTS port (ports.ts).
 */
@Module({
  imports: [AuditModule, SettingsModule, UsersModule, MailModule],
  controllers: [AdminAnalyticsController],
  providers: [AnalyticsService, AnalyticsRepository, ActivityService, RollupsService, RollupsRepository, RollupConsumers, FunnelService, FunnelRepository],
  exports: [FunnelService],
})
export class AnalyticsModule {}

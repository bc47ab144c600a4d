import { Module, OnModuleInit } from '@nestjs/common';
import { EventsModule } from '../../events/events.module';
import { JobHandlers } from '../../queue/job-handlers';
import { CoursesModule } from '../courses/courses.module';
import { UsersModule } from '../users/users.module';
import { ActivityService } from './activity.service';
import { AdminAnalyticsController } from './admin-analytics.controller';
import { ANALYTICS_SUBSCRIPTIONS, ROLLUP_CONSUMER } from './analytics.subscriptions';
import { AnalyticsService } from './analytics.service';
import { RollupsService } from './rollups.service';

/** Nightly, after the day has closed in UTC. */
export const RECOMPUTE_CRON = '30 3 * * *';

@Module({
  imports: [CoursesModule, UsersModule, EventsModule.forFeature(ANALYTICS_SUBSCRIPTIONS)],
  controllers: [AdminAnalyticsController],
  providers: [AnalyticsService, ActivityService, RollupsService],
  exports: [AnalyticsService, RollupsService],
})
export class AnalyticsModule implements OnModuleInit {
  constructor(
    private readonly handlers: JobHandlers,
    private readonly rollups: RollupsService,
  ) {}

  onModuleInit(): void {
    this.handlers.consumer(ROLLUP_CONSUMER, (event) => this.rollups.apply(event));
    this.handlers.command('analytics-recompute', ({ requestedBy }) => this.rollups.recompute(requestedBy ?? 'schedule'));
    this.handlers.schedule('analytics-recompute', { cron: RECOMPUTE_CRON }, {});
  }
}

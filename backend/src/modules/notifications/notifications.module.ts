import { Module, OnModuleInit } from '@nestjs/common';
import { EventsModule } from '../../events/events.module';
import { JobHandlers } from '../../queue/job-handlers';
import { CoursesModule } from '../courses/courses.module';
import { UsersModule } from '../users/users.module';
import { NotificationRecorder } from './notification-recorder.service';
import { NotificationsController } from './notifications.controller';
import { NOTIFICATIONS_CONSUMER, NOTIFICATIONS_SUBSCRIPTIONS } from './notifications.subscriptions';
import { NotificationsService } from './notifications.service';

/** The learner's bell: learns from course events through the outbox, answers per user at read time. */
@Module({
  imports: [CoursesModule, UsersModule, EventsModule.forFeature(NOTIFICATIONS_SUBSCRIPTIONS)],
  controllers: [NotificationsController],
  providers: [NotificationsService, NotificationRecorder],
})
export class NotificationsModule implements OnModuleInit {
  constructor(
    private readonly handlers: JobHandlers,
    private readonly recorder: NotificationRecorder,
  ) {}

  onModuleInit(): void {
    this.handlers.consumer(NOTIFICATIONS_CONSUMER, (event) => this.recorder.record(event));
  }
}

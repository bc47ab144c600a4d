import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses';
import { UsersModule } from '../users';
import { NotificationRecorder } from './notification-recorder.service';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';
import { NotificationConsumers } from './jobs/notification.consumers';

/** The learner's bell: learns from course events through the outbox, answers per user at read time. */
@Module({
  imports: [CoursesModule, UsersModule],
  controllers: [NotificationsController],
  providers: [NotificationsService, NotificationRecorder, NotificationsRepository, NotificationConsumers],
})
export class NotificationsModule {}

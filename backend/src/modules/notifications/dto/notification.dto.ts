import { ApiProperty } from '@nestjs/swagger';
import { SuccessResult } from '../../../common/openapi/api-responses';
import type { NotificationKind } from '../notifications.repository';

const NOTIFICATION_KINDS: readonly NotificationKind[] = ['course.published', 'lessons.added', 'course.updated', 'course.completed', 'question.answered'];

export class AppNotification {
  @ApiProperty()
  id: number;
  @ApiProperty({ enum: NOTIFICATION_KINDS, enumName: 'NotificationKind' })
  kind: NotificationKind;
  @ApiProperty()
  title: string;
  @ApiProperty()
  body: string;
  @ApiProperty({ type: String, nullable: true, description: 'Where the notification leads in the learner app' })
  url: string | null;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
  @ApiProperty()
  read: boolean;
}

export class NotificationList {
  @ApiProperty({ type: [AppNotification], description: 'The newest first' })
  notifications: AppNotification[];
  @ApiProperty()
  unread: number;
}

export class NotificationsRead extends SuccessResult {
  @ApiProperty({ description: 'Unread notifications left (0)' })
  unread: number;
}

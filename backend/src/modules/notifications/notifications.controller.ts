import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequiresAccess } from '../../common/auth/decorators';
import { NotificationsService, type NotificationList } from './notifications.service';

/** The learner dashboard's bell (lifetime access or an admin). */
@ApiTags('notifications')
@ApiBearerAuth()
@RequiresAccess()
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiOperation({ summary: 'Newest notifications (new courses and lessons since joining, own milestones) and the unread count' })
  list(@CurrentUser() user: AuthUser): Promise<NotificationList> {
    return this.notifications.listFor(user);
  }

  @Post('read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark every notification shown so far as read' })
  markRead(@CurrentUser() user: AuthUser): Promise<{ success: true; unread: number }> {
    return this.notifications.markRead(user);
  }
}

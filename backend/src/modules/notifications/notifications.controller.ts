import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequiresAccess } from '../../common/auth/decorators';
import { NotificationList, NotificationsRead } from './dto/notification.dto';
import { NotificationsService } from './notifications.service';

/** The learner dashboard's bell (lifetime access or an admin). */
@ApiTags('notifications')
@RequiresAccess()
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @ApiOperation({ summary: 'Newest notifications (new courses and lessons since joining, own milestones) and the unread count' })
  @ApiOkResponse({ type: NotificationList })
  list(@CurrentUser() user: AuthUser): Promise<NotificationList> {
    return this.notifications.listFor(user);
  }

  @Post('read')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark every notification shown so far as read' })
  @ApiOkResponse({ type: NotificationsRead })
  markRead(@CurrentUser() user: AuthUser): Promise<NotificationsRead> {
    return this.notifications.markRead(user);
  }
}

import { Body, Controller, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MessageResult } from '../../common/openapi/api-responses';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { SupportMessageDto } from './dto/account.dto';
import { SupportService } from './support.service';

@ApiTags('support')
@Controller('support')
export class SupportController {
  constructor(private readonly support: SupportService) {}

  @Post('messages')
  @ApiOperation({ summary: 'A signed-in learner writes to support; the admin gets it by email and in the console' })
  @ApiCreatedResponse({ type: MessageResult })
  send(@Body() body: SupportMessageDto, @CurrentUser() user: AuthUser): Promise<MessageResult> {
    return this.support.send(user, body.subject, body.message);
  }
}

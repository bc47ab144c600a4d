import { Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponse, MessageResult } from '../../common/openapi/api-responses';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../common/auth/decorators';
import { TestEmailService } from './test-email.service';

@ApiTags('admin')
@AdminOnly()
@Controller('admin/settings')
export class AdminMailController {
  constructor(private readonly testEmail: TestEmailService) {}

  @Post('test-email')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Send a test email to the General admin email through the notifications queue; answers the mail server's error when it fails" })
  @ApiOkResponse({ type: MessageResult })
  @ApiErrorResponse(502, 'The mail server refused the test email (its error is in the message)')
  @ApiErrorResponse(504, 'The worker did not send it in time (is a worker running?)')
  sendTestEmail(@CurrentUser() actor: AuthUser): Promise<MessageResult> {
    return this.testEmail.send(actor);
  }
}

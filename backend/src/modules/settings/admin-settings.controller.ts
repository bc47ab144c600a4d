import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { ApiError } from '../../common/errors/api-error';
import { isSection, SECTIONS, type AllSettings } from './settings.schema';
import { SettingsService } from './settings.service';
import { TestEmailService } from './test-email.service';

@ApiTags('admin')
@Controller('admin/settings')
export class AdminSettingsController {
  constructor(
    private readonly settings: SettingsService,
    private readonly testEmail: TestEmailService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'All settings: general, security, notifications, system, payments, email (secrets masked)' })
  all(): Promise<AllSettings> {
    return this.settings.forAdmin();
  }

  @Put(':section')
  @ApiOperation({ summary: "Update one section's fields (partial allowed; a masked secret is left unchanged)" })
  async update(@Param('section') section: string, @Body() body: unknown, @CurrentUser() actor: AuthUser): Promise<unknown> {
    if (!isSection(section)) throw ApiError.notFound(`Unknown settings section "${section}"; sections: ${SECTIONS.join(', ')}`);
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw ApiError.badRequest('The body must be a JSON object of settings');
    return this.settings.update(section, body as Record<string, unknown>, actor);
  }

  @Post('test-email')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Send a test email to the General admin email through the notifications queue; answers the mail server's error when it fails" })
  sendTestEmail(@CurrentUser() actor: AuthUser): Promise<{ success: true; message: string }> {
    return this.testEmail.send(actor);
  }
}

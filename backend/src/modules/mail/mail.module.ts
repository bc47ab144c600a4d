import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { SettingsModule } from '../settings';
import { AdminMailController } from './admin-mail.controller';
import { AdminNotices } from './admin-notices.service';
import { CapturedMailService } from './captured-mail.service';
import { DevMailController } from './dev-mail.controller';
import { MailBrandService } from './mail-brand.service';
import { MailLogRepository } from './mail-log.repository';
import { MailService } from './mail.service';
import { TestEmailService } from './test-email.service';

/** Outgoing email: the send-email worker (once per dedupe key), the admin's notices, the test email and the captured-mail viewer for developers. */
@Module({
  imports: [AuditModule, SettingsModule],
  controllers: [AdminMailController, DevMailController],
  providers: [MailService, TestEmailService, AdminNotices, MailBrandService, MailLogRepository, CapturedMailService],
  exports: [MailService, AdminNotices, MailBrandService, MailLogRepository],
})
export class MailModule {}

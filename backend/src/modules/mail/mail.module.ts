import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { SettingsModule } from '../settings';
import { AdminMailLogController } from './admin-mail-log.controller';
import { AdminMailController } from './admin-mail.controller';
import { AdminNotices } from './admin-notices.service';
import { CapturedMailService } from './captured-mail.service';
import { DevMailController } from './dev-mail.controller';
import { MailBrandService } from './mail-brand.service';
import { MailHealth } from './mail-health.service';
import { MailLogRepository } from './mail-log.repository';
import { MailLogService } from './mail-log.service';
import { MailService } from './mail.service';
import { SystemAlertsRepository } from './system-alerts.repository';
import { TestEmailService } from './test-email.service';
import { AdminNoticeConsumers } from './jobs/admin-notice.consumers';

/**
 * Outgoing email: owed mails and the send-email worker (once per dedupe
 * key), mail delivery health, the mail log, the admin's notices and the
 * console's system alerts, the test email and the captured-mail viewer for developers.
 */
@Module({
  imports: [AuditModule, SettingsModule],
  controllers: [AdminMailController, AdminMailLogController, DevMailController],
  providers: [
    MailService,
    TestEmailService,
    AdminNotices,
    AdminNoticeConsumers,
    MailBrandService,
    MailLogRepository,
    MailLogService,
    MailHealth,
    SystemAlertsRepository,
    CapturedMailService,
  ],
  exports: [MailService, AdminNotices, MailBrandService, MailLogRepository, MailHealth],
})
export class MailModule {}

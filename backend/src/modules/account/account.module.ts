import { Module } from '@nestjs/common';
import { LearningModule } from '../learning';
import { MailModule } from '../mail';
import { PaymentsModule } from '../payments';
import { UsersModule } from '../users';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { AdminSupportController } from './admin-support.controller';
import { EmailChangeLinks } from './email-change-links';
import { AccountMailConsumers } from './jobs/account-mail.consumers';
import { SupportMessagesRepository } from './support-messages.repository';
import { SupportController } from './support.controller';
import { SupportService } from './support.service';

/**
 * The learner's self-service: the account page (profile, email change,
 * purchases with receipts and refund requests, deletion), the contact form
 * with its console list, and the account's mail (welcome, email change, support, answers to questions, the daily digest of newly opened lessons).
 */
@Module({
  imports: [UsersModule, PaymentsModule, LearningModule, MailModule],
  controllers: [AccountController, SupportController, AdminSupportController],
  providers: [AccountService, SupportService, SupportMessagesRepository, EmailChangeLinks, AccountMailConsumers],
})
export class AccountModule {}

import { Module } from '@nestjs/common';
import { REQUEST_LANGUAGE } from '../../common/errors/all-exceptions.filter';
import { AuditModule } from '../audit';
import { MailModule } from '../mail';
import { SettingsModule } from '../settings';
import { AccessService } from './access.service';
import { CustomerLanguage } from './customer-language.service';
import { AdminUsersController } from './admin-users.controller';
import { EntitlementsRepository } from './entitlements.repository';
import { InvitationsConsumer } from './jobs/invitations.consumer';
import { PasswordResetTokensRepository } from './password-reset-tokens.repository';
import { PasswordResetService } from './password-reset.service';
import { UserSelfServiceRepository } from './user-self-service.repository';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** Accounts, who has access (entitlements) and one-time password tokens. */
@Module({
  imports: [AuditModule, SettingsModule, MailModule],
  controllers: [AdminUsersController],
  providers: [
    UsersService,
    UsersRepository,
    UserSelfServiceRepository,
    AccessService,
    CustomerLanguage,
    { provide: REQUEST_LANGUAGE, useExisting: CustomerLanguage },
    EntitlementsRepository,
    PasswordResetService,
    PasswordResetTokensRepository,
    InvitationsConsumer,
  ],
  exports: [UsersService, AccessService, PasswordResetService, CustomerLanguage, REQUEST_LANGUAGE],
})
export class UsersModule {}

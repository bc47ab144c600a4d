import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { SignedLinks } from '../../common/auth/signed-links';
import { AuditModule } from '../audit';
import { MailModule } from '../mail';
import { PaymentsModule } from '../payments';
import { SettingsModule } from '../settings';
import { UsersModule } from '../users';
import { AdminApiKeysController } from './api-keys/admin-api-keys.controller';
import { ApiKeyCatalogue } from './api-keys/api-key-catalogue';
import { ApiKeys } from './api-keys/api-keys.service';
import { ApiKeysRepository } from './api-keys/api-keys.repository';
import { AdminAuthController } from './admin-auth.controller';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AccountCreation } from './account-creation.service';
import { PasswordChange } from './password-change.service';
import { PasswordRecovery } from './password-recovery.service';
import { SessionTokens } from './session-tokens.service';
import { Sessions } from './sessions.service';
import { SignIn } from './sign-in.service';
import { AdminSignIn } from './two-factor/admin-sign-in.service';
import { AdminTwoFactorController } from './two-factor/admin-two-factor.controller';
import { TwoFactorRepository } from './two-factor/two-factor.repository';
import { TwoFactorService } from './two-factor/two-factor.service';

/** Sign-in (learner and admin portals, two-factor), sessions, the admin API's keys, account creation from a payment, and the guard every route passes. */
@Module({
  imports: [JwtModule.register({}), AuditModule, SettingsModule, MailModule, UsersModule, PaymentsModule],
  controllers: [AuthController, AdminAuthController, AdminTwoFactorController, AdminApiKeysController],
  providers: [
    SignIn,
    Sessions,
    PasswordRecovery,
    PasswordChange,
    AccountCreation,
    SessionTokens,
    SignedLinks,
    TwoFactorRepository,
    TwoFactorService,
    AdminSignIn,
    ApiKeysRepository,
    ApiKeyCatalogue,
    ApiKeys,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
})
export class AuthModule {}

import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { SignedLinks } from '../../common/auth/signed-links';
import { AuditModule } from '../audit';
import { MailModule } from '../mail';
import { PaymentsModule } from '../payments';
import { SettingsModule } from '../settings';
import { UsersModule } from '../users';
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

/** Sign-in (learner and admin portals, two-factor), sessions, account creation from a payment, and the guard every route passes. */
@Module({
  imports: [JwtModule.register({}), AuditModule, SettingsModule, MailModule, UsersModule, PaymentsModule],
  controllers: [AuthController, AdminAuthController, AdminTwoFactorController],
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
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
})
export class AuthModule {}

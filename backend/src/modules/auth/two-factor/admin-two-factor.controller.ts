import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../../common/auth/decorators';
import { CommonError } from '../../../common/errors/common.error';
import { UuidPipe } from '../../../common/http/id-params';
import { ApiErrorResponse, SuccessResult } from '../../../common/openapi/api-responses';
import { UsersError, UsersService } from '../../users';
import { AuthError } from '../auth.error';
import { Sessions } from '../sessions.service';
import { SignIn } from '../sign-in.service';
import { PasswordConfirmDto, ReauthenticateDto, TwoFactorConfirmDto } from './dto/two-factor.dto';
import { RecoveryCodes, TwoFactorEnrolment, TwoFactorSession, TwoFactorStatus } from '../dto/session.dto';
import { TwoFactorService } from './two-factor.service';

/** The signed-in administrator's own two-factor sign-in, and another admin's reset of it. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin')
export class AdminTwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly users: UsersService,
    private readonly signIn: SignIn,
    private readonly sessions: Sessions,
  ) {}

  @Get('two-factor')
  @ApiOperation({ summary: "The signed-in admin's two-factor sign-in: set up or not, recovery codes left, required by the Security setting" })
  @ApiOkResponse({ type: TwoFactorStatus })
  status(@CurrentUser() user: AuthUser): Promise<TwoFactorStatus> {
    return this.twoFactor.status(user.id);
  }

  @Post('two-factor/setup')
  @HttpCode(200)
  @ApiOperation({ summary: "Start setting up two-factor sign-in, after the admin's password again: the secret and its QR code (rendered by the server)" })
  @ApiOkResponse({ type: TwoFactorEnrolment })
  @ApiErrorResponse(400, 'The password is not right (it counts as a failed sign-in)')
  @ApiErrorResponse(409, 'Two-factor sign-in is already set up (reset it first)')
  @ApiErrorResponse(429, 'Too many wrong passwords for this account')
  async setup(@Body() body: PasswordConfirmDto, @CurrentUser() user: AuthUser): Promise<TwoFactorEnrolment> {
    await this.signIn.confirmPassword(user, body.password);
    return this.twoFactor.startEnrolment(user);
  }

  @Post('two-factor/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Finish setting up with one code from the app',
    description:
      'Answers the 10 recovery codes, shown this once, with a new session that carries the second factor (the one it replaces ends): requiring two-factor sign-in for every admin then keeps it.',
  })
  @ApiOkResponse({ type: TwoFactorSession })
  @ApiErrorResponse(409, 'No set-up in progress: start again')
  async confirm(@Body() body: TwoFactorConfirmDto, @CurrentUser() user: AuthUser): Promise<TwoFactorSession> {
    const { recoveryCodes } = await this.twoFactor.confirmEnrolment(user, body.code, user);
    return { ...(await this.sessions.upgradeToSecondFactor(user)), recoveryCodes };
  }

  @Post('two-factor/recovery-codes')
  @HttpCode(200)
  @ApiOperation({ summary: 'New recovery codes (the old ones stop working), after a current code from the app' })
  @ApiOkResponse({ type: RecoveryCodes })
  recoveryCodes(@Body() body: TwoFactorConfirmDto, @CurrentUser() user: AuthUser): Promise<RecoveryCodes> {
    return this.twoFactor.regenerateRecoveryCodes(user, body.code);
  }

  @Post('users/:id/two-factor/reset')
  @HttpCode(200)
  @ApiOperation({
    summary: "Reset another administrator's two-factor sign-in (a lost phone)",
    description:
      "Needs the acting admin's password or a current code from their own app. Audited; every session of the target ends, and they set two-factor sign-in up again at their next sign-in.",
  })
  @ApiOkResponse({ type: SuccessResult })
  @ApiErrorResponse(400, 'No password or code, or a wrong one')
  @ApiErrorResponse(429, 'Too many wrong passwords for this account')
  async reset(@Param('id', UuidPipe) id: string, @Body() body: ReauthenticateDto, @CurrentUser() actor: AuthUser): Promise<SuccessResult> {
    if (body.code?.trim()) {
      if (!(await this.twoFactor.verify(actor.id, body.code, { allowRecoveryCode: false }))) throw AuthError.codeNotRight();
    } else if (body.password) {
      await this.signIn.confirmPassword(actor, body.password);
    } else {
      throw CommonError.field('password', 'Enter your password (or a code from your authenticator app) to confirm it is you');
    }
    const target = await this.users.findById(id);
    if (!target) throw UsersError.notFound();
    await this.twoFactor.reset(target, actor);
    return { success: true };
  }
}

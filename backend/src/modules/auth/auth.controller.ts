import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { requestLanguage } from '../../common/i18n';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, OpenDuringMaintenance } from '../../common/auth/decorators';
import { Public } from '../../common/auth/public.decorator';
import { ApiErrorResponse, MessageResult, SuccessResult } from '../../common/openapi/api-responses';
import { Me, PurchaseAddedToAccount, SessionResult } from './dto/session.dto';
import { ChangePasswordDto, CheckResetLinkDto, CreateAccountDto, ForgotPasswordDto, LoginDto, ResetPasswordDto } from './dto/auth.dto';
import { AccountCreation } from './account-creation.service';
import { PasswordChange } from './password-change.service';
import { PasswordRecovery, RESET_REQUESTED } from './password-recovery.service';
import { Sessions } from './sessions.service';
import { SignIn } from './sign-in.service';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly signIn: SignIn,
    private readonly sessions: Sessions,
    private readonly recovery: PasswordRecovery,
    private readonly accounts: AccountCreation,
    private readonly passwords: PasswordChange,
  ) {}

  @Public()
  @OpenDuringMaintenance()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Learner sign-in: a day-long session, 30 days with rememberMe' })
  @ApiOkResponse({ type: SessionResult })
  @ApiErrorResponse(401, 'Wrong email or password (the answer does not say which)')
  @ApiErrorResponse(403, 'The account is suspended or inactive')
  @ApiErrorResponse(429, 'Too many failed sign-ins for this account or address')
  login(@Body() body: LoginDto, @Req() req: FastifyRequest): Promise<SessionResult> {
    return this.signIn.login({ ...body, ip: req.ip }, 'learner');
  }

  @OpenDuringMaintenance()
  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends this session: the token stops working at once' })
  @ApiOkResponse({ type: SuccessResult })
  async logout(@CurrentUser() user: AuthUser): Promise<SuccessResult> {
    await this.sessions.logout(user);
    return { success: true };
  }

  @OpenDuringMaintenance()
  @Post('logout-everywhere')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends every session of the signed-in user on every device' })
  @ApiOkResponse({ type: SuccessResult })
  async logoutEverywhere(@CurrentUser() user: AuthUser): Promise<SuccessResult> {
    await this.sessions.logoutEverywhere(user);
    return { success: true };
  }

  @OpenDuringMaintenance()
  @Get('me')
  @ApiOperation({ summary: 'The signed-in user and the session expiry' })
  @ApiOkResponse({ type: Me })
  me(@CurrentUser() user: AuthUser): Promise<Me> {
    return this.sessions.me(user);
  }

  @Public()
  @OpenDuringMaintenance()
  @Post('forgot-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Emails a one-time reset link when the account exists; always answers the same' })
  @ApiOkResponse({ type: MessageResult })
  @ApiErrorResponse(429, 'Too many reset requests from this address')
  async forgotPassword(@Body() body: ForgotPasswordDto, @Req() req: FastifyRequest): Promise<MessageResult> {
    await this.recovery.forgotPassword(body.email, req.ip);
    return { success: true, message: RESET_REQUESTED };
  }

  @Public()
  @OpenDuringMaintenance()
  @Post('reset-password/check')
  @HttpCode(200)
  @ApiOperation({ summary: 'Whether a reset link still works (unused, unexpired), asked when the link is opened; uses nothing up' })
  @ApiOkResponse({ type: MessageResult })
  async checkResetLink(@Body() body: CheckResetLinkDto): Promise<MessageResult> {
    await this.recovery.checkResetLink(body.token);
    return { success: true, message: 'This reset link works.' };
  }

  @Public()
  @OpenDuringMaintenance()
  @Post('reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sets a new password from a reset link and ends every old session' })
  @ApiOkResponse({ type: MessageResult })
  @ApiErrorResponse(429, 'Too many attempts from this address')
  async resetPassword(@Body() body: ResetPasswordDto, @Req() req: FastifyRequest): Promise<MessageResult> {
    await this.recovery.resetPassword(body.token, body.password, req.ip);
    return { success: true, message: 'Your password has been changed. You can sign in now.' };
  }

  @Public()
  @Post('create-account')
  @HttpCode(200)
  @ApiOperation({ summary: "Creates the buyer's account from a PAID, unclaimed payment with the same email, and signs them in" })
  @ApiExtraModels(SessionResult, PurchaseAddedToAccount)
  @ApiOkResponse({
    description: 'The new session; or, when the email already has an account, the purchase added to it (sign in as usual)',
    schema: { oneOf: [{ $ref: getSchemaPath(SessionResult) }, { $ref: getSchemaPath(PurchaseAddedToAccount) }] },
  })
  @ApiErrorResponse(403, 'No proof of purchase: neither the claim secret nor the emailed claim token matches')
  @ApiErrorResponse(404, 'No such payment for this email')
  @ApiErrorResponse(409, 'The payment is not paid yet, or has already been claimed')
  createAccount(@Body() body: CreateAccountDto, @Req() req: FastifyRequest): Promise<SessionResult | PurchaseAddedToAccount> {
    return this.accounts.createAccount(body, requestLanguage(req.headers));
  }

  @OpenDuringMaintenance()
  @Post('change-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Changes the password; other sessions end and a new token is returned' })
  @ApiOkResponse({ type: SessionResult, description: 'A new session; every other session has ended' })
  @ApiErrorResponse(429, 'Too many wrong current passwords')
  changePassword(@Body() body: ChangePasswordDto, @CurrentUser() user: AuthUser): Promise<SessionResult> {
    return this.passwords.changePassword(user, body.currentPassword, body.newPassword);
  }
}

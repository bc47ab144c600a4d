import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser, OpenDuringMaintenance } from '../../common/auth/decorators';
import { Public } from '../../common/auth/public.decorator';
import { ApiErrorResponse } from '../../common/openapi/api-responses';
import { LoginDto } from './dto/auth.dto';
import { SessionResult, TwoFactorChallenge, TwoFactorEnrolment, TwoFactorSession } from './dto/session.dto';
import { Sessions } from './sessions.service';
import { AdminSignIn } from './two-factor/admin-sign-in.service';
import { TwoFactorChallengeDto, TwoFactorCodeDto } from './two-factor/dto/two-factor.dto';

@ApiTags('admin')
@Controller('admin')
export class AdminAuthController {
  constructor(
    private readonly signIn: AdminSignIn,
    private readonly sessions: Sessions,
  ) {}

  @AdminOnly()
  @OpenDuringMaintenance()
  @Post('session/refresh')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Renews the admin session after activity',
    description:
      'The console calls this while the admin is active: a new token lasting the Security setting sessionTimeout again, never past the absolute maximum (ADMIN_SESSION_MAX_HOURS after sign-in). Answers the session with its timing.',
  })
  @ApiOkResponse({ type: SessionResult })
  refresh(@CurrentUser() user: AuthUser): Promise<SessionResult> {
    return this.sessions.renewAdminSession(user);
  }

  @Public()
  @OpenDuringMaintenance()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Admin sign-in, step 1: email and password',
    description:
      'Answers the session (lasting the Security setting sessionTimeout), or, when two-factor sign-in applies, `{ twoFactorRequired: true, enrolmentRequired, challenge }`: no session until POST /api/admin/login/two-factor.',
  })
  @ApiExtraModels(SessionResult, TwoFactorChallenge)
  @ApiOkResponse({ schema: { oneOf: [{ $ref: getSchemaPath(SessionResult) }, { $ref: getSchemaPath(TwoFactorChallenge) }] } })
  @ApiErrorResponse(401, 'Wrong email or password (the answer does not say which)')
  @ApiErrorResponse(403, 'Not an administrator, or the account is suspended or inactive')
  @ApiErrorResponse(429, 'Too many failed sign-ins for this account or address')
  login(@Body() body: LoginDto, @Req() req: FastifyRequest): Promise<SessionResult | TwoFactorChallenge> {
    return this.signIn.password({ email: body.email, password: body.password, ip: req.ip });
  }

  @Public()
  @OpenDuringMaintenance()
  @Post('login/two-factor/setup')
  @HttpCode(200)
  @ApiOperation({ summary: 'Admin sign-in, enrolment: the secret and QR code of a new authenticator (for an admin who has none yet)' })
  @ApiOkResponse({ type: TwoFactorEnrolment })
  @ApiErrorResponse(401, 'The challenge is unknown or has expired: sign in again')
  @ApiErrorResponse(409, 'Two-factor sign-in is already set up for this account')
  setup(@Body() body: TwoFactorChallengeDto): Promise<TwoFactorEnrolment> {
    return this.signIn.setup(body.challenge);
  }

  @Public()
  @OpenDuringMaintenance()
  @Post('login/two-factor')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Admin sign-in, step 2: a code from the authenticator app or a recovery code',
    description: 'Answers the session. Completing an enrolment, the answer also carries the 10 recovery codes, shown this once.',
  })
  @ApiOkResponse({ type: TwoFactorSession })
  @ApiErrorResponse(401, 'The code is wrong, or the challenge is unknown or has expired')
  @ApiErrorResponse(429, 'Too many wrong codes')
  twoFactor(@Body() body: TwoFactorCodeDto, @Req() req: FastifyRequest): Promise<TwoFactorSession> {
    return this.signIn.code(body.challenge, body.code, req.ip);
  }
}

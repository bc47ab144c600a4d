import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../../common/auth/decorators';
import { ApiError } from '../../../common/errors/api-error';
import { UuidPipe } from '../../../common/http/id-params';
import { ApiErrorResponse, SuccessResult } from '../../../common/openapi/api-responses';
import { UsersService } from '../../users';
import { TwoFactorConfirmDto } from './dto/two-factor.dto';
import { RecoveryCodes, TwoFactorEnrolment, TwoFactorStatus } from '../dto/session.dto';
import { TwoFactorService } from './two-factor.service';

/** The signed-in administrator's own two-factor sign-in, and another admin's reset of it. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin')
export class AdminTwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly users: UsersService,
  ) {}

  @Get('two-factor')
  @ApiOperation({ summary: "The signed-in admin's two-factor sign-in: set up or not, recovery codes left, required by the Security setting" })
  @ApiOkResponse({ type: TwoFactorStatus })
  status(@CurrentUser() user: AuthUser): Promise<TwoFactorStatus> {
    return this.twoFactor.status(user.id);
  }

  @Post('two-factor/setup')
  @HttpCode(200)
  @ApiOperation({ summary: 'Start setting up two-factor sign-in: the secret and its QR code (rendered by the server)' })
  @ApiOkResponse({ type: TwoFactorEnrolment })
  @ApiErrorResponse(409, 'Two-factor sign-in is already set up (reset it first)')
  setup(@CurrentUser() user: AuthUser): Promise<TwoFactorEnrolment> {
    return this.twoFactor.startEnrolment(user);
  }

  @Post('two-factor/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Finish setting up with one code from the app; answers the 10 recovery codes, shown this once' })
  @ApiOkResponse({ type: RecoveryCodes })
  @ApiErrorResponse(409, 'No set-up in progress: start again')
  confirm(@Body() body: TwoFactorConfirmDto, @CurrentUser() user: AuthUser): Promise<RecoveryCodes> {
    return this.twoFactor.confirmEnrolment(user, body.code, user);
  }

  @Post('two-factor/recovery-codes')
  @HttpCode(200)
  @ApiOperation({ summary: 'New recovery codes (the old ones stop working), after a current code from the app' })
  @ApiOkResponse({ type: RecoveryCodes })
  recoveryCodes(@Body() body: TwoFactorConfirmDto, @CurrentUser() user: AuthUser): Promise<RecoveryCodes> {
    return this.twoFactor.regenerateRecoveryCodes(user, body.code);
  }

  @Delete('users/:id/two-factor')
  @ApiOperation({ summary: "Reset another administrator's two-factor sign-in (a lost phone): audited; they set it up again at their next sign-in" })
  @ApiOkResponse({ type: SuccessResult })
  async reset(@Param('id', UuidPipe) id: string, @CurrentUser() actor: AuthUser): Promise<SuccessResult> {
    const target = await this.users.findById(id);
    if (!target) throw ApiError.notFound('User not found');
    await this.twoFactor.reset(target, actor);
    return { success: true };
  }
}

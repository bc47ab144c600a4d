import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, OpenDuringMaintenance } from '../../common/auth/decorators';
import { Public } from '../../common/auth/public.decorator';
import { AuthService, RESET_REQUESTED, type SessionResult } from './auth.service';
import { ChangePasswordDto, CreateAccountDto, ForgotPasswordDto, LoginDto, ResetPasswordDto } from './dto/auth.dto';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @OpenDuringMaintenance()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Learner sign-in: a day-long session, 30 days with rememberMe' })
  login(@Body() body: LoginDto, @Req() req: FastifyRequest): Promise<SessionResult> {
    return this.auth.login({ ...body, ip: req.ip }, 'learner');
  }

  @OpenDuringMaintenance()
  @Post('logout')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Ends this session: the token stops working at once' })
  async logout(@CurrentUser() user: AuthUser): Promise<{ success: true }> {
    await this.auth.logout(user);
    return { success: true };
  }

  @OpenDuringMaintenance()
  @Post('logout-everywhere')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Ends every session of the signed-in user on every device' })
  async logoutEverywhere(@CurrentUser() user: AuthUser): Promise<{ success: true }> {
    await this.auth.logoutEverywhere(user);
    return { success: true };
  }

  @OpenDuringMaintenance()
  @Get('me')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The signed-in user and the session expiry' })
  me(@CurrentUser() user: AuthUser): ReturnType<AuthService['me']> {
    return this.auth.me(user);
  }

  @Public()
  @OpenDuringMaintenance()
  @Post('forgot-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Emails a one-time reset link when the account exists; always answers the same' })
  async forgotPassword(@Body() body: ForgotPasswordDto, @Req() req: FastifyRequest): Promise<{ success: true; message: string }> {
    await this.auth.forgotPassword(body.email, req.ip);
    return { success: true, message: RESET_REQUESTED };
  }

  @Public()
  @OpenDuringMaintenance()
  @Post('reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sets a new password from a reset link and ends every old session' })
  async resetPassword(@Body() body: ResetPasswordDto, @Req() req: FastifyRequest): Promise<{ success: true; message: string }> {
    await this.auth.resetPassword(body.token, body.password, req.ip);
    return { success: true, message: 'Your password has been changed. You can sign in now.' };
  }

  @Public()
  @Post('create-account')
  @HttpCode(200)
  @ApiOperation({ summary: "Creates the buyer's account from a PAID, unclaimed payment with the same email, and signs them in" })
  createAccount(@Body() body: CreateAccountDto): ReturnType<AuthService['createAccount']> {
    return this.auth.createAccount(body);
  }

  @OpenDuringMaintenance()
  @Post('change-password')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Changes the password; other sessions end and a new token is returned' })
  changePassword(@Body() body: ChangePasswordDto, @CurrentUser() user: AuthUser): Promise<SessionResult> {
    return this.auth.changePassword(user, body.currentPassword, body.newPassword);
  }
}

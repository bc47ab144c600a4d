import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { OpenDuringMaintenance } from '../../common/auth/decorators';
import { Public } from '../../common/auth/public.decorator';
import { AuthService, type SessionResult } from './auth.service';
import { LoginDto } from './dto/auth.dto';

@ApiTags('admin')
@Controller('admin')
export class AdminAuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @OpenDuringMaintenance()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Admin sign-in; the session lasts the Security setting sessionTimeout (default 30 min)' })
  login(@Body() body: LoginDto, @Req() req: FastifyRequest): Promise<SessionResult> {
    return this.auth.login({ email: body.email, password: body.password, ip: req.ip }, 'admin');
  }
}

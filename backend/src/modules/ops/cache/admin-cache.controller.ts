import { Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CurrentUser } from '../../../common/auth/decorators';
import { ApiError } from '../../../common/errors/api-error';
import { AuditService } from '../../audit/audit.service';
import { ResponseCache } from './response-cache.service';

@ApiTags('admin')
@Controller('admin/cache')
export class AdminCacheController {
  constructor(
    private readonly cache: ResponseCache,
    private readonly audit: AuditService,
    private readonly dataSource: DataSource,
  ) {}

  @Post('clear')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Clear the API's caches (responses and settings) on every instance" })
  async clear(@CurrentUser() actor: AuthUser): Promise<{ success: true; message: string; cleared: number }> {
    let cleared: number;
    try {
      cleared = await this.cache.clearEverywhere(`admin ${actor.email}`);
    } catch {
      throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, 'Cleared this instance only: Redis is unavailable, so the other API instances were not told. Try again in a moment.');
    }
    await this.audit.record(this.dataSource.manager, { actor, action: 'clear-cache', resource: 'cache', summary: 'Cleared the API caches on every instance' });
    return { success: true, message: 'Cache cleared on every API instance', cleared };
  }
}

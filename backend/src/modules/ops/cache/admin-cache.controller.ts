import { Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../../common/auth/decorators';
import { CacheCleared } from './dto/cache-cleared.dto';
import { ResponseCache } from './response-cache.service';

@ApiTags('admin')
@AdminOnly()
@Controller('admin/cache')
export class AdminCacheController {
  constructor(private readonly cache: ResponseCache) {}

  @Post('clear')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Clear the API's caches (responses and settings) on every instance" })
  @ApiOkResponse({ type: CacheCleared })
  async clear(@CurrentUser() actor: AuthUser): Promise<CacheCleared> {
    const cleared = await this.cache.adminClear(actor);
    return { success: true, message: 'Cache cleared on every API instance', cleared };
  }
}

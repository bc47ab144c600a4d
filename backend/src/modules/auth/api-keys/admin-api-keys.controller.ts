import { Body, Controller, Delete, Get, Param, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../../common/auth/decorators';
import { UuidPipe } from '../../../common/http/id-params';
import { filters, ListQueryDto, parseListQuery, setContentRange, type ListSpec } from '../../../common/http/list-query';
import { ApiErrorResponse, ApiList } from '../../../common/openapi/api-responses';
import { ApiKeyCatalogue } from './api-key-catalogue';
import { API_KEY_SORT_FIELDS, type ApiKeyFilter } from './api-keys.repository';
import { ApiKeys, toApiKeyView } from './api-keys.service';
import { API_KEY_STATUSES, ApiKeyScopeCatalogue, ApiKeyView, CreateApiKeyDto, CreatedApiKey } from './dto/api-key.dto';

const SPEC: ListSpec = {
  resource: 'api-keys',
  sortable: API_KEY_SORT_FIELDS,
  defaultSort: ['createdAt', 'DESC'],
  idKind: 'uuid',
  filters: { q: filters.text(), status: filters.oneOf(API_KEY_STATUSES) },
};

/**
 * The admin API's keys (the console's Integrations page). A console session
 * only: the guard refuses API keys on these routes, so a key cannot mint keys.
 */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/api-keys')
export class AdminApiKeysController {
  constructor(
    private readonly keys: ApiKeys,
    private readonly catalogue: ApiKeyCatalogue,
  ) {}

  @Get()
  @ApiOperation({ summary: 'API keys (simple-rest list: sort createdAt/name, range, filter q/status, getMany by id; Content-Range); never their secrets' })
  @ApiList(ApiKeyView, SPEC)
  async list(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<ApiKeyView[]> {
    const query = parseListQuery(raw, SPEC);
    const { rows, total } = await this.keys.list(query.filter as ApiKeyFilter, query);
    setContentRange(reply, SPEC.resource, query, rows.length, total);
    return rows.map(toApiKeyView);
  }

  @Get('scopes')
  @ApiOperation({ summary: 'The resources a key may be given (read or write), as the admin API routes name them' })
  @ApiOkResponse({ type: ApiKeyScopeCatalogue })
  scopes(): ApiKeyScopeCatalogue {
    return { resources: this.catalogue.withLabels() };
  }

  @Post()
  @ApiOperation({
    summary: 'Creates an API key: the answer carries the whole key (`secret`) this once',
    description:
      'Use it as `Authorization: Bearer cpk_…` on the admin API (the `apiKey` scheme). It acts as the admin who created it, while that account is an active admin. Audited.',
  })
  @ApiCreatedResponse({ type: CreatedApiKey })
  @ApiErrorResponse(400, 'No name, no scope, an unknown resource or access, or an expiry that is not in the future')
  create(@Body() body: CreateApiKeyDto, @CurrentUser() actor: AuthUser): Promise<CreatedApiKey> {
    return this.keys.create(body, actor);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Revokes an API key at once (revoking it again answers it as it is). Audited.' })
  @ApiOkResponse({ type: ApiKeyView })
  @ApiErrorResponse(404, 'No such API key')
  revoke(@Param('id', UuidPipe) id: string, @CurrentUser() actor: AuthUser): Promise<ApiKeyView> {
    return this.keys.revoke(id, actor);
  }
}

import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res, type Type } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../common/auth/decorators';
import { IntIdPipe } from '../../common/http/id-params';
import { ListQueryDto, parseListQuery, setContentRange } from '../../common/http/list-query';
import { ApiList } from '../../common/openapi/api-responses';
import { resourceDtos } from './dto/resource-record.dto';
import { RESOURCE_KINDS, type ResourceKind } from './resource-kinds';
import { resourceListSpec, ResourceStore, type ResourceRecord } from './resource-store.service';

/**
 * The simple-rest controller of one kind of resource at /api/admin/<resource>:
 * list (sort/range/filter, Content-Range, getMany by id), get, create,
 * update (whole or partial record) and delete. Bodies are checked by the
 * kind's field rules (see validateBody), not by a DTO class.
 */
function adminResourceController(kind: ResourceKind): Type<unknown> {
  const spec = resourceListSpec(kind);
  const dto = resourceDtos(kind);
  const noun = kind.noun.toLowerCase();

  @ApiTags('admin')
  @AdminOnly()
  @Controller(`admin/${kind.resource}`)
  class AdminResourceController {
    constructor(readonly store: ResourceStore) {}

    @Get()
    @ApiOperation({ summary: `${kind.noun}s (simple-rest list: sort, range, filter; Content-Range)` })
    @ApiList(dto.record, spec)
    async list(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<ResourceRecord[]> {
      const query = parseListQuery(raw, spec);
      const { rows, total } = await this.store.list(kind, query);
      setContentRange(reply, spec.resource, query, rows.length, total);
      return rows;
    }

    @Get(':id')
    @ApiOperation({ summary: `One ${noun}` })
    @ApiOkResponse({ type: dto.record })
    get(@Param('id', IntIdPipe) id: number): Promise<ResourceRecord> {
      return this.store.get(kind, id);
    }

    @Post()
    @ApiOperation({ summary: `Create a ${noun}` })
    @ApiBody({ type: dto.create })
    @ApiCreatedResponse({ type: dto.record, description: `The ${noun} created, with its id` })
    create(@Body() body: Record<string, unknown>, @CurrentUser() actor: AuthUser): Promise<ResourceRecord> {
      return this.store.create(kind, body, actor);
    }

    @Put(':id')
    @ApiOperation({ summary: `Update a ${noun}: the whole record (read-only fields are ignored) or some fields` })
    @ApiBody({ type: dto.update })
    @ApiOkResponse({ type: dto.record, description: `The ${noun} as saved` })
    update(@Param('id', IntIdPipe) id: number, @Body() body: Record<string, unknown>, @CurrentUser() actor: AuthUser): Promise<ResourceRecord> {
      return this.store.update(kind, id, body, actor);
    }

    @Delete(':id')
    @ApiOperation({ summary: `Delete a ${noun}` })
    @ApiOkResponse({ type: dto.record, description: `The deleted ${noun}` })
    remove(@Param('id', IntIdPipe) id: number, @CurrentUser() actor: AuthUser): Promise<ResourceRecord> {
      return this.store.remove(kind, id, actor);
    }
  }
  const name = kind.resource.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());
  Object.defineProperty(AdminResourceController, 'name', { value: `Admin${name}Controller` });
  return AdminResourceController;
}

export const ADMIN_RESOURCE_CONTROLLERS = RESOURCE_KINDS.map(adminResourceController);

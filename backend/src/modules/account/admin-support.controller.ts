import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiList } from '../../common/openapi/api-responses';
import type { FastifyReply } from 'fastify';
import { AdminOnly } from '../../common/auth/decorators';
import { IntIdPipe } from '../../common/http/id-params';
import { filters, ListQueryDto, parseListQuery, setContentRange, type ListSpec } from '../../common/http/list-query';
import { SupportMessageStatusDto } from './dto/account.dto';
import { SUPPORT_SORT_FIELDS } from './support-messages.repository';
import { SupportMessageView } from './dto/account-views.dto';
import { SupportService } from './support.service';

const SPEC: ListSpec = {
  resource: 'support-messages',
  sortable: SUPPORT_SORT_FIELDS,
  defaultSort: ['createdAt', 'DESC'],
  idKind: 'int',
  filters: { q: filters.text(), status: filters.oneOf(['new', 'read'] as const) },
};

/** The learners' messages in the console. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/support-messages')
export class AdminSupportController {
  constructor(private readonly support: SupportService) {}

  @Get()
  @ApiOperation({ summary: 'Support messages (simple-rest list; filters q, status)' })
  @ApiList(SupportMessageView, SPEC)
  async list(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<SupportMessageView[]> {
    const query = parseListQuery(raw, SPEC);
    const { rows, total } = await this.support.list(query);
    setContentRange(reply, SPEC.resource, query, rows.length, total);
    return rows;
  }

  @Get(':id')
  @ApiOperation({ summary: 'One support message' })
  @ApiOkResponse({ type: SupportMessageView })
  get(@Param('id', IntIdPipe) id: number): Promise<SupportMessageView> {
    return this.support.get(id);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Marks a message read (or new again)' })
  @ApiOkResponse({ type: SupportMessageView, description: 'The message as saved' })
  update(@Param('id', IntIdPipe) id: number, @Body() body: SupportMessageStatusDto): Promise<SupportMessageView> {
    return this.support.setStatus(id, body.status);
  }
}

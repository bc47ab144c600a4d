import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../common/auth/decorators';
import { PagedListQueryDto, parsePagedListQuery, setPageHeaders, type PagedListSpec } from '../../common/http/list-paging';
import { filters } from '../../common/http/list-query';
import { ApiErrorResponse, ApiList } from '../../common/openapi/api-responses';
import { COMMAND_SORT_KEYS } from '../../events/owed-commands.repository';
import { MailLogEntry, MAIL_STATES, MailDeliveryStatus, RetriedMails, RetryMailsDto, SystemAlertList, SystemAlertView } from './dto/mail-log.dto';
import { MailLogService } from './mail-log.service';

const SPEC: PagedListSpec = {
  resource: 'mail-log',
  sortable: Object.keys(COMMAND_SORT_KEYS),
  sortKeys: COMMAND_SORT_KEYS,
  idType: 'uuid',
  defaultSort: ['createdAt', 'DESC'],
  idKind: 'uuid',
  filters: { state: filters.oneOf(MAIL_STATES), to: filters.text(320) },
  maxPageSize: 200,
};

/** Admin > Queues > Mail log: every mail the product owed, where it stands, and the console's system alerts. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin')
export class AdminMailLogController {
  constructor(private readonly mailLog: MailLogService) {}

  @Get('mail-log')
  @ApiOperation({ summary: 'Owed, failed, sent and dead mails with their attempts, newest first (filter state, to; keyset paging with after)' })
  @ApiList(MailLogEntry, SPEC, { filter: { summary: 'Mails that are failing', value: { state: 'failed' } } })
  async list(@Query() raw: PagedListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<MailLogEntry[]> {
    const query = parsePagedListQuery(raw, SPEC);
    const page = await this.mailLog.list(query);
    setPageHeaders(reply, SPEC.resource, query, page);
    return page.rows;
  }

  @Post('mail-log/retry')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Send failed or dead mails again: the given ids, or all of them (each still once: its dedupe key)' })
  @ApiOkResponse({ type: RetriedMails })
  async retry(@Body() body: RetryMailsDto, @CurrentUser() actor: AuthUser): Promise<RetriedMails> {
    return { success: true, retried: await this.mailLog.retry(body.ids, actor) };
  }

  @Get('mail-delivery')
  @ApiOperation({ summary: 'Mail delivery health: recent failures, the oldest unsent mail, the newest error' })
  @ApiOkResponse({ type: MailDeliveryStatus })
  delivery(): Promise<MailDeliveryStatus> {
    return this.mailLog.delivery();
  }

  @Get('alerts')
  @ApiOperation({ summary: 'Open system alerts (a failing mail transport, dead letters, a failed backup), newest first' })
  @ApiOkResponse({ type: SystemAlertList })
  async alerts(): Promise<SystemAlertList> {
    return { alerts: await this.mailLog.alerts() };
  }

  @Post('alerts/:id/dismiss')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Dismiss an open system alert (it opens again if the problem comes back)' })
  @ApiOkResponse({ type: SystemAlertView })
  @ApiErrorResponse(404, 'No open alert with this id')
  dismiss(@Param('id') id: string, @CurrentUser() actor: AuthUser): Promise<SystemAlertView> {
    return this.mailLog.dismiss(id, actor);
  }
}

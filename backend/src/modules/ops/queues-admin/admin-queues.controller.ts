import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../../common/auth/decorators';
import { filters, ListQueryDto, parseListQuery, setContentRange, type ListSpec } from '../../../common/http/list-query';
import { ApiErrorResponse, ApiList, SuccessResult } from '../../../common/openapi/api-responses';
import { ALL_QUEUES } from '../../../queue/queue-names';
import { RetryManyDto } from './dto/retry-jobs.dto';
import { DeadLetterView, FailedJobPage, QueuesOverview, RetriedJobs } from './dto/queue-views.dto';
import { QueuesAdminService } from './queues-admin.service';

const FAILED_SPEC: ListSpec = { resource: 'jobs', sortable: ['failedAt'], defaultSort: ['failedAt', 'DESC'], idKind: 'uuid', filters: {}, maxPageSize: 100 };

const DEAD_LETTER_SPEC: ListSpec = {
  resource: 'dead-letters',
  sortable: ['deadAt'],
  defaultSort: ['deadAt', 'DESC'],
  idKind: 'uuid',
  filters: { consumer: filters.text(64), queue: filters.oneOf(ALL_QUEUES) },
  maxPageSize: 100,
};

const QUEUE_PARAM = { name: 'name', enum: ALL_QUEUES, enumName: 'QueueName', description: 'The queue' };

@ApiTags('admin')
@AdminOnly()
@Controller('admin')
export class AdminQueuesController {
  constructor(private readonly queues: QueuesAdminService) {}

  @Get('queues')
  @ApiOperation({ summary: 'Per queue: waiting, active, delayed, completed and failed counts; the event deliveries and the commands still owed or dead' })
  @ApiOkResponse({ type: QueuesOverview })
  async counts(): Promise<QueuesOverview> {
    const [queues, deliveries, commands] = await Promise.all([this.queues.counts(), this.queues.deliveryCounts(), this.queues.commandCounts()]);
    return { queues, deliveries, commands };
  }

  @Get('queues/:name/failed')
  @ApiOperation({ summary: "A page of a queue's failed jobs with their error, newest first (range=[0,24]; Content-Range; 404 for an unknown queue)" })
  @ApiParam(QUEUE_PARAM)
  @ApiQuery({
    name: 'range',
    required: false,
    description: 'The first and last index of the page (inclusive), as JSON; at most 100 a page',
    content: { 'application/json': { schema: { type: 'array', minItems: 2, maxItems: 2, items: { type: 'integer', minimum: 0 } }, example: [0, 24] } },
  })
  @ApiOkResponse({ type: FailedJobPage, headers: { 'Content-Range': { description: 'jobs <first>-<last>/<total>', schema: { type: 'string' } } } })
  async failed(@Param('name') name: string, @Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<FailedJobPage> {
    const query = parseListQuery({ range: raw.range }, FAILED_SPEC);
    const page = await this.queues.failed(name, query.skip, query.take);
    setContentRange(reply, FAILED_SPEC.resource, query, page.jobs.length, page.total);
    return page;
  }

  @Post('queues/:name/failed/retry')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Retry failed jobs of a queue: the given ids, or all of them' })
  @ApiParam(QUEUE_PARAM)
  @ApiOkResponse({ type: RetriedJobs })
  async retryMany(@Param('name') name: string, @Body() body: RetryManyDto, @CurrentUser() actor: AuthUser): Promise<RetriedJobs> {
    return { success: true, retried: await this.queues.retryMany(name, body.ids, actor) };
  }

  @Post('queues/:name/jobs/:id/retry')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Retry a failed job' })
  @ApiParam(QUEUE_PARAM)
  @ApiOkResponse({ type: SuccessResult })
  @ApiErrorResponse(409, 'The job is not failed (only a failed job can be retried)')
  async retry(@Param('name') name: string, @Param('id') id: string, @CurrentUser() actor: AuthUser): Promise<SuccessResult> {
    await this.queues.retry(name, id, actor);
    return { success: true };
  }

  @Delete('queues/:name/jobs/:id')
  @ApiOperation({ summary: 'Remove a job that is not running' })
  @ApiParam(QUEUE_PARAM)
  @ApiOkResponse({ type: SuccessResult })
  @ApiErrorResponse(409, 'The job is running (remove it once it has finished or failed)')
  async remove(@Param('name') name: string, @Param('id') id: string, @CurrentUser() actor: AuthUser): Promise<SuccessResult> {
    await this.queues.remove(name, id, actor);
    return { success: true };
  }

  @Get('dead-letters')
  @ApiOperation({ summary: 'Event deliveries that stopped retrying (simple-rest list: range, filter consumer/queue; Content-Range)' })
  @ApiList(DeadLetterView, DEAD_LETTER_SPEC)
  async deadLetters(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<DeadLetterView[]> {
    const query = parseListQuery(raw, DEAD_LETTER_SPEC);
    const page = await this.queues.deadLetters(query.filter as { consumer?: string; queue?: string }, query.skip, query.take);
    setContentRange(reply, DEAD_LETTER_SPEC.resource, query, page.rows.length, page.total);
    return page.rows;
  }

  @Post('dead-letters/retry')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Deliver dead letters again: the given ids (consumer/eventId), or all of them (of a consumer or queue)' })
  @ApiOkResponse({ type: RetriedJobs })
  async retryDeadLetters(@Body() body: RetryManyDto, @CurrentUser() actor: AuthUser): Promise<RetriedJobs> {
    return { success: true, retried: await this.queues.retryDeadLetters(body.ids, { consumer: body.consumer, queue: body.queue }, actor) };
  }
}

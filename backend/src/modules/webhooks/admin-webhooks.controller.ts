import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../common/auth/decorators';
import { UuidPipe } from '../../common/http/id-params';
import { filters, ListQueryDto, parseListQuery, setContentRange, type ListSpec } from '../../common/http/list-query';
import { ApiErrorResponse, ApiList } from '../../common/openapi/api-responses';
import {
  CreateWebhookEndpointDto,
  ENDPOINT_STATUSES,
  UpdateWebhookEndpointDto,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhookEventTypeCatalogue,
  WebhookSecretView,
} from './dto/webhook.dto';
import { ENDPOINT_SORT_FIELDS, type EndpointFilter } from './webhooks.repository';
import { toEndpointView, Webhooks } from './webhooks.service';

const SPEC: ListSpec = {
  resource: 'webhooks',
  sortable: ENDPOINT_SORT_FIELDS,
  defaultSort: ['createdAt', 'DESC'],
  idKind: 'uuid',
  filters: { q: filters.text(), status: filters.oneOf(ENDPOINT_STATUSES) },
};

const DELIVERIES: ListSpec = {
  resource: 'webhook-deliveries',
  sortable: ['createdAt'],
  defaultSort: ['createdAt', 'DESC'],
  idKind: 'uuid',
  filters: {},
  estimatedTotal: true,
};

/** Outbound webhooks (the console's Integrations page): endpoints, their secrets, their delivery log. Every change is audited. */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/webhooks')
export class AdminWebhooksController {
  constructor(private readonly webhooks: Webhooks) {}

  @Get()
  @ApiOperation({
    summary: 'Webhook endpoints (simple-rest list: sort createdAt/url, range, filter q/status, getMany by id; Content-Range); never their secrets',
  })
  @ApiList(WebhookEndpointView, SPEC)
  async list(@Query() raw: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<WebhookEndpointView[]> {
    const query = parseListQuery(raw, SPEC);
    const { rows, total } = await this.webhooks.list(query.filter as EndpointFilter, query);
    setContentRange(reply, SPEC.resource, query, rows.length, total);
    return rows.map(toEndpointView);
  }

  @Get('event-types')
  @ApiOperation({ summary: 'The event types an endpoint may subscribe to, with what each means; each delivery is `{ type, timestamp, data }`' })
  @ApiOkResponse({ type: WebhookEventTypeCatalogue })
  eventTypes(): WebhookEventTypeCatalogue {
    return this.webhooks.catalogue();
  }

  @Get(':id')
  @ApiOperation({ summary: 'One webhook endpoint (never its secret)' })
  @ApiOkResponse({ type: WebhookEndpointView })
  @ApiErrorResponse(404, 'No such webhook endpoint')
  get(@Param('id', UuidPipe) id: string): Promise<WebhookEndpointView> {
    return this.webhooks.get(id);
  }

  @Post()
  @ApiOperation({
    summary: 'Adds a webhook endpoint (enabled, with a new signing secret: GET …/secret). Audited.',
    description:
      'In production the URL must be https and must not resolve to a private, loopback, link-local or metadata address (unless the server allows it).',
  })
  @ApiCreatedResponse({ type: WebhookEndpointView })
  @ApiErrorResponse(400, 'A bad URL (or one refused in production), no event type or an unknown one')
  create(@Body() body: CreateWebhookEndpointDto, @CurrentUser() actor: AuthUser): Promise<WebhookEndpointView> {
    return this.webhooks.create(body, actor);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Changes an endpoint (URL, description, event types; `enabled` enables or disables it). Audited.' })
  @ApiOkResponse({ type: WebhookEndpointView })
  @ApiErrorResponse(400, 'A bad URL (or one refused in production), no event type or an unknown one')
  @ApiErrorResponse(404, 'No such webhook endpoint')
  update(@Param('id', UuidPipe) id: string, @Body() body: UpdateWebhookEndpointDto, @CurrentUser() actor: AuthUser): Promise<WebhookEndpointView> {
    return this.webhooks.update(id, body, actor);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deletes an endpoint and its delivery log. Audited.' })
  @ApiOkResponse({ type: WebhookEndpointView })
  @ApiErrorResponse(404, 'No such webhook endpoint')
  remove(@Param('id', UuidPipe) id: string, @CurrentUser() actor: AuthUser): Promise<WebhookEndpointView> {
    return this.webhooks.remove(id, actor);
  }

  @Post(':id/enable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Enables an endpoint (its failure count starts again; due deliveries are sent). Audited.' })
  @ApiOkResponse({ type: WebhookEndpointView })
  @ApiErrorResponse(404, 'No such webhook endpoint')
  enable(@Param('id', UuidPipe) id: string, @CurrentUser() actor: AuthUser): Promise<WebhookEndpointView> {
    return this.webhooks.setEnabled(id, true, actor);
  }

  @Post(':id/disable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Disables an endpoint: nothing is sent to it, and events meanwhile are not queued for it. Audited.' })
  @ApiOkResponse({ type: WebhookEndpointView })
  @ApiErrorResponse(404, 'No such webhook endpoint')
  disable(@Param('id', UuidPipe) id: string, @CurrentUser() actor: AuthUser): Promise<WebhookEndpointView> {
    return this.webhooks.setEnabled(id, false, actor);
  }

  @Get(':id/secret')
  @ApiOperation({ summary: 'The endpoint’s signing secret (and the previous one during a rotation). Audited.' })
  @ApiOkResponse({ type: WebhookSecretView })
  @ApiErrorResponse(404, 'No such webhook endpoint')
  secret(@Param('id', UuidPipe) id: string, @CurrentUser() actor: AuthUser): Promise<WebhookSecretView> {
    return this.webhooks.secret(id, actor);
  }

  @Post(':id/rotate-secret')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new signing secret; deliveries carry signatures with both the new and the previous one for 24 hours. Audited.' })
  @ApiOkResponse({ type: WebhookSecretView })
  @ApiErrorResponse(404, 'No such webhook endpoint')
  rotate(@Param('id', UuidPipe) id: string, @CurrentUser() actor: AuthUser): Promise<WebhookSecretView> {
    return this.webhooks.rotate(id, actor);
  }

  @Post(':id/test')
  @ApiOperation({ summary: 'Sends a `webhook.test` event to the endpoint (it appears in its delivery log). Audited.' })
  @ApiCreatedResponse({ type: WebhookDeliveryView })
  @ApiErrorResponse(404, 'No such webhook endpoint')
  @ApiErrorResponse(409, 'The endpoint is disabled')
  test(@Param('id', UuidPipe) id: string, @CurrentUser() actor: AuthUser): Promise<WebhookDeliveryView> {
    return this.webhooks.sendTest(id, actor);
  }

  @Get(':id/deliveries')
  @ApiOperation({
    summary:
      'The endpoint’s deliveries, newest first, each with its attempts (range; Content-Range webhook-deliveries, its total estimated beyond 10,000: X-Total-Estimated)',
  })
  @ApiList(WebhookDeliveryView, DELIVERIES)
  @ApiErrorResponse(404, 'No such webhook endpoint')
  async deliveries(
    @Param('id', UuidPipe) id: string,
    @Query() raw: ListQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WebhookDeliveryView[]> {
    const query = parseListQuery(raw, DELIVERIES);
    const { rows, total, estimated } = await this.webhooks.deliveries(id, query);
    setContentRange(reply, DELIVERIES.resource, query, rows.length, total, estimated);
    return rows;
  }

  @Post(':id/deliveries/:deliveryId/resend')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sends a delivery again with the same webhook-id (whatever its state). Audited.' })
  @ApiOkResponse({ type: WebhookDeliveryView })
  @ApiErrorResponse(404, 'No such webhook endpoint or delivery')
  resend(@Param('id', UuidPipe) id: string, @Param('deliveryId', UuidPipe) deliveryId: string, @CurrentUser() actor: AuthUser): Promise<WebhookDeliveryView> {
    return this.webhooks.resend(id, deliveryId, actor);
  }
}

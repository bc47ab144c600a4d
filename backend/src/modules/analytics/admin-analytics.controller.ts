import { Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../common/auth/decorators';
import { CommonError } from '../../common/errors/common.error';
import { toCsv } from '../../common/http/csv';
import { ApiErrorResponse, MessageResult } from '../../common/openapi/api-responses';
import { ActivityService } from './activity.service';
import { AnalyticsService, parseRange } from './analytics.service';
import {
  ActivityList,
  AdminStats,
  Analytics,
  ANALYTICS_RANGES,
  Funnel,
  FUNNEL_DIMENSION_VALUES,
  type FunnelRow,
  RecomputeRuns,
  SystemStatus,
} from './dto/analytics.dto';
import { FunnelService, parseDimension } from './funnel.service';
import { RollupsService } from './rollups.service';

const MAX_ACTIVITY = 50;

/** A rate as the CSV shows it: a percentage with one decimal, empty without one. */
const percent = (fraction: number | null) => (fraction === null ? null : (fraction * 100).toFixed(1));

const FUNNEL_CSV: Array<[string, (r: FunnelRow) => unknown]> = [
  ['Source', (r) => r.label],
  ['Visits', (r) => r.visits],
  ['Checkouts', (r) => r.checkouts],
  ['Paid', (r) => r.paid],
  ['Refunded', (r) => r.refunded],
  ['Checkout rate', (r) => percent(r.checkoutRate)],
  ['Paid rate', (r) => percent(r.paidRate)],
  ['Conversion rate', (r) => percent(r.conversionRate)],
  ['Refund rate', (r) => percent(r.refundRate)],
];

const RANGE_QUERY = { name: 'range', enum: Object.keys(ANALYTICS_RANGES), enumName: 'AnalyticsRange', required: false, description: 'Default 30d' } as const;
const DIMENSION_QUERY = {
  name: 'dimension',
  enum: FUNNEL_DIMENSION_VALUES,
  enumName: 'FunnelDimension',
  required: false,
  description: 'The source to break the funnel down by; default affiliate',
} as const;

@ApiTags('admin')
@AdminOnly()
@Controller('admin')
export class AdminAnalyticsController {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly activity: ActivityService,
    private readonly rollups: RollupsService,
    private readonly funnel: FunnelService,
  ) {}

  @Get('stats')
  @ApiOperation({ summary: "The overview's six figures, each with its change versus the previous period" })
  @ApiOkResponse({ type: AdminStats })
  stats(): Promise<AdminStats> {
    return this.analytics.stats();
  }

  @Get('analytics')
  @ApiQuery(RANGE_QUERY)
  @ApiOperation({ summary: 'Analytics for a range, from the rollups' })
  @ApiOkResponse({ type: Analytics })
  get(@Query('range') range?: string): Promise<Analytics> {
    return this.analytics.analytics(parseRange(range));
  }

  @Get('analytics/funnel')
  @ApiQuery(RANGE_QUERY)
  @ApiQuery(DIMENSION_QUERY)
  @ApiOperation({ summary: 'Visits, checkouts, paid and refunded by source (affiliate, UTM, referrer, coupon), with conversion rates, from the rollups' })
  @ApiOkResponse({ type: Funnel })
  @ApiErrorResponse(400, 'An unknown range or dimension')
  getFunnel(@Query('range') range?: string, @Query('dimension') dimension?: string): Promise<Funnel> {
    return this.funnel.funnelFor(parseRange(range), parseDimension(dimension));
  }

  @Get('analytics/funnel.csv')
  @ApiQuery(RANGE_QUERY)
  @ApiQuery(DIMENSION_QUERY)
  @ApiOperation({ summary: 'The funnel by source as CSV (rates as percentages with one decimal; the totals on the last line)' })
  @ApiOkResponse({ description: 'funnel.csv, as an attachment', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiErrorResponse(400, 'An unknown range or dimension')
  async funnelCsv(@Res({ passthrough: true }) reply: FastifyReply, @Query('range') range?: string, @Query('dimension') dimension?: string): Promise<string> {
    const funnel = await this.funnel.funnelFor(parseRange(range), parseDimension(dimension));
    reply.header('Content-Type', 'text/csv; charset=utf-8');
    reply.header('Content-Disposition', 'attachment; filename="funnel.csv"');
    return toCsv(
      FUNNEL_CSV.map(([name]) => name),
      [...funnel.rows, funnel.totals].map((r) => FUNNEL_CSV.map(([, value]) => value(r))),
    );
  }

  @Get('activity')
  @ApiQuery({ name: 'limit', required: false, type: 'integer', minimum: 1, maximum: MAX_ACTIVITY, description: `How many, default 10` })
  @ApiOperation({ summary: 'The most recent domain events as human-readable items' })
  @ApiOkResponse({ type: ActivityList })
  async recent(@Query('limit') limit?: string): Promise<ActivityList> {
    const n = limit === undefined ? 10 : Number(limit);
    if (!/^\d{1,3}$/.test(limit ?? '10') || n < 1 || n > MAX_ACTIVITY)
      throw CommonError.field('limit', `limit must be a whole number from 1 to ${MAX_ACTIVITY}`);
    return { items: await this.activity.recent(n) };
  }

  @Get('system-status')
  @ApiOperation({ summary: 'Server, database, Redis and per-queue job counts' })
  @ApiOkResponse({ type: SystemStatus })
  systemStatus(): Promise<SystemStatus> {
    return this.analytics.systemStatus();
  }

  @Post('analytics/recompute')
  @HttpCode(202)
  @ApiOperation({ summary: 'Rebuild the analytics rollups from the event log now (the nightly job, on demand); the report lands in recompute-runs' })
  @ApiAcceptedResponse({ type: MessageResult })
  async recompute(@CurrentUser() actor: AuthUser): Promise<MessageResult> {
    await this.rollups.requestRecompute(actor);
    return { success: true, message: 'Analytics recompute started' };
  }

  @Get('analytics/recompute-runs')
  @ApiOperation({ summary: 'The latest recompute runs and the differences each found' })
  @ApiOkResponse({ type: RecomputeRuns })
  async runs(): Promise<RecomputeRuns> {
    return { runs: await this.rollups.recentRuns() };
  }
}

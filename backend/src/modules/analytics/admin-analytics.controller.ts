import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiAcceptedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { AdminOnly, CurrentUser } from '../../common/auth/decorators';
import { CommonError } from '../../common/errors/common.error';
import { MessageResult } from '../../common/openapi/api-responses';
import { ActivityService } from './activity.service';
import { AnalyticsService, parseRange } from './analytics.service';
import { ActivityList, AdminStats, Analytics, ANALYTICS_RANGES, RecomputeRuns, SystemStatus } from './dto/analytics.dto';
import { RollupsService } from './rollups.service';

const MAX_ACTIVITY = 50;

@ApiTags('admin')
@AdminOnly()
@Controller('admin')
export class AdminAnalyticsController {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly activity: ActivityService,
    private readonly rollups: RollupsService,
  ) {}

  @Get('stats')
  @ApiOperation({ summary: "The overview's six figures, each with its change versus the previous period" })
  @ApiOkResponse({ type: AdminStats })
  stats(): Promise<AdminStats> {
    return this.analytics.stats();
  }

  @Get('analytics')
  @ApiQuery({ name: 'range', enum: Object.keys(ANALYTICS_RANGES), enumName: 'AnalyticsRange', required: false, description: 'Default 30d' })
  @ApiOperation({ summary: 'Analytics for a range, from the rollups' })
  @ApiOkResponse({ type: Analytics })
  get(@Query('range') range?: string): Promise<Analytics> {
    return this.analytics.analytics(parseRange(range));
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

import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser } from '../../common/auth/decorators';
import { ApiError } from '../../common/errors/api-error';
import { QueueService } from '../../queue/queue.service';
import { AuditService } from '../audit/audit.service';
import { ActivityService, type ActivityItem } from './activity.service';
import { AnalyticsService, parseRange, type AdminStats, type Analytics, type SystemStatus } from './analytics.service';
import { RollupsService } from './rollups.service';

const MAX_ACTIVITY = 50;

@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin')
export class AdminAnalyticsController {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly activity: ActivityService,
    private readonly rollups: RollupsService,
    private readonly queues: QueueService,
    private readonly audit: AuditService,
    private readonly dataSource: DataSource,
  ) {}

  @Get('stats')
  @ApiOperation({ summary: "The overview's six figures, each with its change versus the previous period" })
  stats(): Promise<AdminStats> {
    return this.analytics.stats();
  }

  @Get('analytics')
  @ApiQuery({ name: 'range', enum: ['7d', '30d', '90d', '1y'], required: false })
  @ApiOperation({ summary: 'Analytics for a range, from the rollups' })
  get(@Query('range') range?: string): Promise<Analytics> {
    return this.analytics.analytics(parseRange(range));
  }

  @Get('activity')
  @ApiQuery({ name: 'limit', required: false, description: `1-${MAX_ACTIVITY}, default 10` })
  @ApiOperation({ summary: 'The most recent domain events as human-readable items' })
  async recent(@Query('limit') limit?: string): Promise<{ items: ActivityItem[] }> {
    const n = limit === undefined ? 10 : Number(limit);
    if (!/^\d{1,3}$/.test(limit ?? '10') || n < 1 || n > MAX_ACTIVITY) throw ApiError.field('limit', `limit must be a whole number from 1 to ${MAX_ACTIVITY}`);
    return { items: await this.activity.recent(n) };
  }

  @Get('system-status')
  @ApiOperation({ summary: 'Server, database, Redis and per-queue job counts' })
  systemStatus(): Promise<SystemStatus> {
    return this.analytics.systemStatus();
  }

  @Post('analytics/recompute')
  @HttpCode(202)
  @ApiOperation({ summary: 'Rebuild the analytics rollups from the event log now (the nightly job, on demand); the report lands in recompute-runs' })
  async recompute(@CurrentUser() actor: AuthUser): Promise<{ success: true; message: string }> {
    await this.queues.enqueue('analytics-recompute', { requestedBy: actor.email });
    await this.audit.record(this.dataSource.manager, { actor, action: 'recompute', resource: 'analytics', summary: 'Requested an analytics recompute' });
    return { success: true, message: 'Analytics recompute started' };
  }

  @Get('analytics/recompute-runs')
  @ApiOperation({ summary: 'The latest recompute runs and the differences each found' })
  async runs(): Promise<{ runs: Array<Record<string, unknown>> }> {
    return { runs: await this.rollups.recentRuns() };
  }
}

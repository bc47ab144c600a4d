import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { QueueService, type QueueCounts } from '../../queue/queue.service';
import { REDIS } from '../../redis/redis.module';
import { CoursesService } from '../courses/courses.service';
import { UsersService } from '../users/users.service';

export const ANALYTICS_RANGES = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 } as const;
export type AnalyticsRange = keyof typeof ANALYTICS_RANGES;

export interface Change {
  label: string;
  direction: 'up' | 'down' | 'flat';
}

export interface AdminStats {
  totalUsers: number;
  totalCourses: number;
  activeCourses: number;
  activeUsers: number;
  revenue: string;
  completionRate: string;
  systemHealth: string;
  changes: Record<'totalUsers' | 'activeCourses' | 'activeUsers' | 'revenue' | 'completionRate' | 'systemHealth', Change>;
}

export interface Analytics {
  range: AnalyticsRange;
  stats: { newUsers: number; activeUsers: number; revenue: string; completions: number };
  userGrowth: Array<{ month: string; users: number }>;
  revenueData: Array<{ month: string; revenue: number }>;
  coursePerformance: Array<{ courseId: number; course: string; completions: number; rating: number; revenue: number }>;
  userActivity: Array<{ date: string; activeUsers: number; newSignups: number }>;
}

export interface SystemStatus {
  status: 'online' | 'degraded';
  server: { status: 'online'; uptimeSeconds: number };
  database: { status: 'connected' | 'down'; latencyMs: number | null };
  redis: { status: 'connected' | 'down'; latencyMs: number | null };
  api: { status: 'operational' };
  queues: QueueCounts[];
}

const CHECK_TIMEOUT_MS = 1500;
const COURSE_PERFORMANCE_LIMIT = 50;
const TODAY = `(now() AT TIME ZONE 'UTC')::date`;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

export function formatUsd(amount: number | string): string {
  return usd.format(Number(amount));
}

/** Relative change of a count or amount, as the overview's badges show it ("+12%"). */
export function percentChange(current: number, previous: number): Change {
  if (previous === 0) return current > 0 ? { label: 'new', direction: 'up' } : { label: '0%', direction: 'flat' };
  const pct = Math.round(((current - previous) / previous) * 100);
  return { label: `${pct > 0 ? '+' : ''}${pct}%`, direction: pct > 0 ? 'up' : pct < 0 ? 'down' : 'flat' };
}

/** A difference in units ("+2") or percentage points ("+3.0 pts"). */
export function absoluteChange(delta: number, unit: '' | ' pts' = '', digits = 0): Change {
  const rounded = Number(delta.toFixed(digits));
  return { label: `${rounded > 0 ? '+' : ''}${rounded.toFixed(digits)}${unit}`, direction: rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat' };
}

export function parseRange(raw: unknown): AnalyticsRange {
  if (raw === undefined || raw === '') return '30d';
  if (typeof raw !== 'string' || !Object.hasOwn(ANALYTICS_RANGES, raw)) {
    throw ApiError.field('range', `range must be one of ${Object.keys(ANALYTICS_RANGES).join(', ')}`);
  }
  return raw as AnalyticsRange;
}

async function timed<T>(work: Promise<T>): Promise<number | null> {
  const started = process.hrtime.bigint();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([work, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS)))]);
    return Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The admin's figures. Everything activity-based comes from the rollups the
 * analytics consumer keeps (daily_metrics, user_daily_activity,
 * user_last_activity, course_daily_metrics); catalogue and user totals come
 * from their modules' services. No request scans the raw event tables.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly courses: CoursesService,
    private readonly users: UsersService,
    private readonly queues: QueueService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async stats(): Promise<AdminStats> {
    const [users, courses, status, [rollup]] = await Promise.all([
      this.users.summary(),
      this.courses.counts(30),
      this.systemStatus(),
      this.dataSource.query(
        `SELECT
           (SELECT coalesce(sum(new_signups), 0)::int FROM daily_metrics WHERE day > ${TODAY} - 30) AS signups30,
           (SELECT count(DISTINCT user_id)::int FROM user_daily_activity WHERE day >= ${TODAY} - 1 AND last_at >= now() - interval '24 hours') AS active24,
           (SELECT count(DISTINCT user_id)::int FROM user_daily_activity
             WHERE day >= ${TODAY} - 2 AND last_at >= now() - interval '48 hours' AND first_at < now() - interval '24 hours') AS active_prev24,
           (SELECT coalesce(sum(revenue), 0)::text FROM daily_metrics WHERE day >= date_trunc('month', ${TODAY})::date) AS revenue_mtd,
           (SELECT coalesce(sum(revenue), 0)::text FROM daily_metrics
             WHERE day >= (date_trunc('month', ${TODAY}) - interval '1 month')::date AND day <= (${TODAY} - interval '1 month')::date) AS revenue_prev,
           (SELECT coalesce(sum(completions), 0)::int FROM course_daily_metrics) AS completions,
           (SELECT coalesce(sum(enrollments), 0)::int FROM course_daily_metrics) AS enrollments,
           (SELECT coalesce(sum(completions), 0)::int FROM course_daily_metrics WHERE day <= ${TODAY} - 30) AS completions_before,
           (SELECT coalesce(sum(enrollments), 0)::int FROM course_daily_metrics WHERE day <= ${TODAY} - 30) AS enrollments_before`,
      ),
    ]);
    const rate = (done: number, started: number) => (started === 0 ? 0 : (done / started) * 100);
    const completionRate = rate(rollup.completions, rollup.enrollments);
    const down = [status.database.status === 'down' && 'database', status.redis.status === 'down' && 'Redis'].filter(Boolean);
    const failedJobs = status.queues.reduce((n, q) => n + q.failed, 0);
    return {
      totalUsers: users.total,
      totalCourses: courses.total,
      activeCourses: courses.published,
      activeUsers: rollup.active24,
      revenue: formatUsd(rollup.revenue_mtd),
      completionRate: `${completionRate.toFixed(1)}%`,
      systemHealth: down.length === 0 ? 'Healthy' : `Degraded: ${down.join(' and ')} down`,
      changes: {
        totalUsers: percentChange(users.total, users.total - rollup.signups30),
        activeCourses: absoluteChange(courses.publishedRecently),
        activeUsers: percentChange(rollup.active24, rollup.active_prev24),
        revenue: percentChange(Number(rollup.revenue_mtd), Number(rollup.revenue_prev)),
        completionRate: absoluteChange(completionRate - rate(rollup.completions_before, rollup.enrollments_before), ' pts', 1),
        systemHealth: { label: `${failedJobs} failed job${failedJobs === 1 ? '' : 's'}`, direction: failedJobs === 0 && down.length === 0 ? 'flat' : 'down' },
      },
    };
  }

  async analytics(range: AnalyticsRange): Promise<Analytics> {
    const days = ANALYTICS_RANGES[range];
    const start = `(${TODAY} - ${days - 1})`;
    const [[totals], months, daily, perCourse, info] = await Promise.all([
      this.dataSource.query(
        `SELECT coalesce(sum(new_signups), 0)::int AS "newUsers", coalesce(sum(revenue), 0)::text AS revenue, coalesce(sum(course_completions), 0)::int AS completions,
                (SELECT coalesce(sum(users), 0)::int FROM last_activity_days WHERE day >= ${start}) AS "activeUsers"
           FROM daily_metrics WHERE day >= ${start}`,
      ),
      this.dataSource.query(
        `SELECT to_char(m, 'Mon YYYY') AS month, coalesce(sum(d.new_signups), 0)::int AS users, coalesce(sum(d.revenue), 0)::float8 AS revenue
           FROM generate_series(date_trunc('month', ${start}), date_trunc('month', ${TODAY}), interval '1 month') m
           LEFT JOIN daily_metrics d ON d.day >= ${start} AND date_trunc('month', d.day) = m
          GROUP BY m ORDER BY m`,
      ),
      this.dataSource.query(
        `SELECT to_char(g, 'YYYY-MM-DD') AS date, coalesce(d.active_users, 0) AS "activeUsers", coalesce(d.new_signups, 0) AS "newSignups"
           FROM generate_series(${start}, ${TODAY}, interval '1 day') g LEFT JOIN daily_metrics d ON d.day = g::date
          ORDER BY g`,
      ),
      this.dataSource.query(
        `SELECT course_id, sum(completions)::int AS completions, sum(revenue)::float8 AS revenue
           FROM course_daily_metrics WHERE day >= ${start} GROUP BY course_id`,
      ) as Promise<Array<{ course_id: number; completions: number; revenue: number }>>,
      this.courses.titlesAndRatings(),
    ]);
    const coursePerformance = perCourse
      .filter((c) => info.has(c.course_id))
      .map((c) => ({ courseId: c.course_id, course: info.get(c.course_id)!.title, completions: c.completions, rating: info.get(c.course_id)!.rating, revenue: c.revenue }))
      .sort((a, b) => b.completions - a.completions || b.revenue - a.revenue || a.courseId - b.courseId)
      .slice(0, COURSE_PERFORMANCE_LIMIT);
    return {
      range,
      stats: { newUsers: totals.newUsers, activeUsers: totals.activeUsers, revenue: formatUsd(totals.revenue), completions: totals.completions },
      userGrowth: months.map((m: { month: string; users: number }) => ({ month: m.month, users: m.users })),
      revenueData: months.map((m: { month: string; revenue: number }) => ({ month: m.month, revenue: m.revenue })),
      coursePerformance,
      userActivity: daily,
    };
  }

  async systemStatus(): Promise<SystemStatus> {
    const [dbMs, redisMs, queues] = await Promise.all([
      timed(this.dataSource.query('SELECT 1')),
      timed(this.redis.ping()),
      Promise.race([
        this.queues.counts(),
        new Promise<QueueCounts[]>((resolve) => setTimeout(() => resolve([]), CHECK_TIMEOUT_MS)),
      ]).catch(() => [] as QueueCounts[]),
    ]);
    return {
      status: dbMs !== null && redisMs !== null ? 'online' : 'degraded',
      server: { status: 'online', uptimeSeconds: Math.round(process.uptime()) },
      database: { status: dbMs !== null ? 'connected' : 'down', latencyMs: dbMs },
      redis: { status: redisMs !== null ? 'connected' : 'down', latencyMs: redisMs },
      api: { status: 'operational' },
      queues,
    };
  }
}

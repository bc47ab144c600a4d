import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import Redis from 'ioredis';
import { queueConfig } from '../../config';
import { DeliveryFigures, type DeliveryFiguresReading } from '../../events/delivery-figures.service';
import { CommonError } from '../../common/errors/common.error';
import { QueueService, type QueueCounts } from '../../queue/queue.service';
import { REDIS } from '../../redis/redis.module';
import { MailHealth, type MailDelivery } from '../mail';
import { UsersService } from '../users';
import { SettingsService } from '../settings';
import { AnalyticsRepository } from './analytics.repository';
import {
  ANALYTICS_RANGES,
  type AdminStats,
  type Analytics,
  type AnalyticsRange,
  type Change,
  type CurrencyRevenue,
  type DeliveryStatus,
  type SystemStatus,
} from './dto/analytics.dto';
import { CATALOGUE_FACTS, type CatalogueFacts } from './ports';

const CHECK_TIMEOUT_MS = 1500;
const COURSE_PERFORMANCE_LIMIT = 50;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

export function formatUsd(amount: number | string): string {
  return usd.format(Number(amount));
}

/** An amount in its own currency ("$497.00", "€120.00"). */
export function formatMoney(amount: number | string, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 }).format(Number(amount));
}

/** Revenue per currency, never summed across currencies; USD 0.00 when there is none. */
function perCurrency(rows: Array<{ currency: string; amount: string; change?: Change }>): CurrencyRevenue[] {
  const list = rows.length > 0 ? rows : [{ currency: 'USD', amount: '0.00' }];
  return list.map((r) => ({ ...r, formatted: formatMoney(r.amount, r.currency) }));
}

const joinFigures = (list: CurrencyRevenue[]) => list.map((r) => r.formatted).join(' · ');

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

/** Passed attempts in percent of all attempts, one decimal; null when there was no attempt (no rate rather than 0%). */
export function passRate(passes: number, attempts: number): number | null {
  return attempts === 0 ? null : Math.round((passes / attempts) * 1000) / 10;
}

export function parseRange(raw: unknown): AnalyticsRange {
  if (raw === undefined || raw === '') return '30d';
  if (typeof raw !== 'string' || !Object.hasOwn(ANALYTICS_RANGES, raw)) {
    throw CommonError.field('range', `range must be one of ${Object.keys(ANALYTICS_RANGES).join(', ')}`);
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
    private readonly figures: AnalyticsRepository,
    @Inject(CATALOGUE_FACTS) private readonly courses: CatalogueFacts,
    private readonly users: UsersService,
    private readonly queues: QueueService,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly settings: SettingsService,
    private readonly mail: MailHealth,
    private readonly deliveryFigures: DeliveryFigures,
    @Inject(queueConfig.KEY) private readonly queueSettings: ConfigType<typeof queueConfig>,
  ) {}

  async stats(): Promise<AdminStats> {
    const zone = await this.settings.timeZone();
    const [users, courses, status, rollup, revenueRows] = await Promise.all([
      this.users.summary(),
      this.courses.counts(30),
      this.systemStatus(),
      this.figures.overview(zone),
      this.figures.revenueMonthToDate(zone),
    ]);
    const revenue = perCurrency(revenueRows.map((r) => ({ currency: r.currency, amount: r.mtd, change: percentChange(Number(r.mtd), Number(r.prev)) })));
    const rate = (done: number, started: number) => (started === 0 ? 0 : (done / started) * 100);
    const completionRate = rate(rollup.completions, rollup.enrollments);
    const down = [status.database.status === 'down' && 'database', status.redis.status === 'down' && 'Redis'].filter(Boolean);
    // Mail that keeps failing (a bad SMTP server) or waits too long is a degraded system, not a healthy one.
    const problems = [
      down.length > 0 && `${down.join(' and ')} down`,
      status.mail && status.mail.status !== 'ok' && `mail ${status.mail.status}`,
      status.delivery?.status === 'dead letters' && `${status.delivery.deadLetters} dead letter${status.delivery.deadLetters === 1 ? '' : 's'}`,
      status.delivery?.status === 'behind' && `deliveries behind`,
    ].filter(Boolean);
    const failedJobs = status.queues.reduce((n, q) => n + q.failed, 0);
    return {
      totalUsers: users.total,
      totalCourses: courses.total,
      activeCourses: courses.published,
      activeUsers: rollup.active24,
      revenue: joinFigures(revenue),
      revenueByCurrency: revenue,
      completionRate: `${completionRate.toFixed(1)}%`,
      systemHealth: problems.length === 0 ? 'Healthy' : `Degraded: ${problems.join('; ')}`,
      changes: {
        totalUsers: percentChange(users.total, users.total - rollup.signups30),
        activeCourses: absoluteChange(courses.publishedRecently),
        activeUsers: percentChange(rollup.active24, rollup.active_prev24),
        // One currency: its change; several: each currency's own change is in revenueByCurrency.
        revenue: revenue.length === 1 ? (revenue[0].change ?? percentChange(0, 0)) : { label: `${revenue.length} currencies`, direction: 'flat' },
        completionRate: absoluteChange(completionRate - rate(rollup.completions_before, rollup.enrollments_before), ' pts', 1),
        systemHealth: {
          label: `${failedJobs} failed job${failedJobs === 1 ? '' : 's'}`,
          direction: failedJobs === 0 && problems.length === 0 ? 'flat' : 'down',
        },
      },
    };
  }

  async analytics(range: AnalyticsRange): Promise<Analytics> {
    const days = ANALYTICS_RANGES[range];
    const zone = await this.settings.timeZone();
    const [revenueRows, totals, months, monthlyRevenue, daily, perCourse, info, recoveryRows] = await Promise.all([
      this.figures.revenueTotals(days, zone),
      this.figures.totals(days, zone),
      this.figures.months(days, zone),
      this.figures.monthlyRevenue(days, zone),
      this.figures.daily(days, zone),
      this.figures.perCourse(days, zone),
      this.courses.titlesAndRatings(),
      this.figures.recoveryTotals(days, zone),
    ]);
    const recovered = perCurrency(recoveryRows.filter((r) => r.sales > 0).map((r) => ({ currency: r.currency, amount: r.amount })));
    // One series per currency sold in within the range, never summed across currencies.
    const currencies = revenueRows.length > 0 ? revenueRows.map((r) => r.currency) : ['USD'];
    const revenueData = months.map((m) => ({
      month: m.month,
      revenue: Object.fromEntries(currencies.map((c) => [c, monthlyRevenue.find((r) => r.month === m.month && r.currency === c)?.revenue ?? 0])) as Record<
        string,
        number
      >,
    }));
    const coursePerformance = perCourse
      .filter((c) => info.has(c.course_id))
      .map((c) => ({
        courseId: c.course_id,
        course: info.get(c.course_id)!.title,
        completions: c.completions,
        rating: info.get(c.course_id)!.rating,
        enrollments: c.enrollments,
        quizAttempts: c.quiz_attempts,
        quizPassRate: passRate(c.quiz_passes, c.quiz_attempts),
        certificatesIssued: c.certificates_issued,
      }))
      .sort((a, b) => b.completions - a.completions || b.enrollments - a.enrollments || a.courseId - b.courseId)
      .slice(0, COURSE_PERFORMANCE_LIMIT);
    return {
      range,
      stats: {
        newUsers: totals.newUsers,
        activeUsers: totals.activeUsers,
        revenue: joinFigures(perCurrency(revenueRows)),
        revenueByCurrency: perCurrency(revenueRows),
        completions: totals.completions,
        quizAttempts: totals.quizAttempts,
        quizPasses: totals.quizPasses,
        quizPassRate: passRate(totals.quizPasses, totals.quizAttempts),
        certificatesIssued: totals.certificatesIssued,
      },
      userGrowth: months.map((m) => ({ month: m.month, users: m.users })),
      revenueCurrencies: currencies,
      revenueData,
      coursePerformance,
      userActivity: daily,
      recovery: {
        remindersSent: recoveryRows.reduce((n, r) => n + r.reminders, 0),
        recoveredSales: recoveryRows.reduce((n, r) => n + r.sales, 0),
        revenue: joinFigures(recovered),
        revenueByCurrency: recovered,
      },
    };
  }

  async systemStatus(): Promise<SystemStatus> {
    const [dbMs, redisMs, queues, mail, delivery] = await Promise.all([
      timed(this.figures.ping()),
      timed(this.redis.ping()),
      Promise.race([this.queues.counts(), new Promise<QueueCounts[]>((resolve) => setTimeout(() => resolve([]), CHECK_TIMEOUT_MS))]).catch(
        () => [] as QueueCounts[],
      ),
      Promise.race([this.mail.delivery(), new Promise<null>((resolve) => setTimeout(() => resolve(null), CHECK_TIMEOUT_MS))]).catch(
        () => null as MailDelivery | null,
      ),
      Promise.race([this.deliveryFigures.current(), new Promise<null>((resolve) => setTimeout(() => resolve(null), CHECK_TIMEOUT_MS))]).catch(
        () => null as DeliveryFiguresReading | null,
      ),
    ]);
    return {
      status:
        dbMs !== null &&
        redisMs !== null &&
        (mail === null || mail.status === 'ok') &&
        (delivery === null || deliveryOk(delivery, this.queueSettings.redriveGraceSeconds))
          ? 'online'
          : 'degraded',
      server: { status: 'online', uptimeSeconds: Math.round(process.uptime()) },
      database: { status: dbMs !== null ? 'connected' : 'down', latencyMs: dbMs },
      redis: { status: redisMs !== null ? 'connected' : 'down', latencyMs: redisMs },
      api: { status: 'operational' },
      queues,
      mail,
      delivery: delivery ? deliveryStatus(delivery, this.queueSettings.redriveGraceSeconds) : null,
    };
  }
}

const deliveryOk = (reading: DeliveryFiguresReading, graceSeconds: number) => deliveryStatus(reading, graceSeconds).status === 'ok';

/**
 * Deliveries in a word, by the rules of the DeadLetters and OwedWorkOld alerts (ops/prometheus/alerts.yml): any dead letter,
 * or owed work older than twice the re-drive grace (the re-drive should have enqueued it again by then).
 */
export function deliveryStatus(reading: DeliveryFiguresReading, graceSeconds: number): DeliveryStatus {
  // Mail is left to its own row (MailHealth), so one failing mail server is not reported twice.
  const { deliveries, otherCommands: commands, outbox } = reading;
  const deadLetters = deliveries.dead + commands.dead;
  const ages = [deliveries.oldestOwedSeconds, commands.oldestOwedSeconds].filter((a): a is number => a !== null);
  const oldest = ages.length > 0 ? Math.round(Math.max(...ages)) : null;
  return {
    status: deadLetters > 0 ? 'dead letters' : oldest !== null && oldest > 2 * graceSeconds ? 'behind' : 'ok',
    deadLetters,
    owed: deliveries.owed + commands.owed,
    oldestOwedSeconds: oldest,
    outboxBacklog: outbox.count,
  };
}

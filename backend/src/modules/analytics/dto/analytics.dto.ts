import { ApiProperty } from '@nestjs/swagger';
import type { EventType } from '../../../events/event-catalogue';
import { QueueCounts } from '../../../queue/queue.service';
import { MailDeliveryStatus } from '../../mail';

export const ANALYTICS_RANGES = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 } as const;
export type AnalyticsRange = keyof typeof ANALYTICS_RANGES;

/** A figure's change versus the previous period, as the overview's badge shows it. */
export class Change {
  @ApiProperty({ example: '+12%' })
  label: string;

  @ApiProperty({ enum: ['up', 'down', 'flat'] })
  direction: 'up' | 'down' | 'flat';
}

export class StatChanges {
  @ApiProperty()
  totalUsers: Change;
  @ApiProperty()
  activeCourses: Change;
  @ApiProperty()
  activeUsers: Change;
  @ApiProperty()
  revenue: Change;
  @ApiProperty()
  completionRate: Change;
  @ApiProperty()
  systemHealth: Change;
}

/** One currency's revenue (revenue is never summed across currencies). */
export class CurrencyRevenue {
  @ApiProperty({ example: 'USD', description: 'ISO 4217 code' })
  currency: string;
  @ApiProperty({ example: '1491.00', description: 'Paid minus refunded, by payment date' })
  amount: string;
  @ApiProperty({ example: '$1,491.00' })
  formatted: string;
  @ApiProperty({ required: false, description: 'Against the same stretch of last month (Overview only)' })
  change?: Change;
}

export class AdminStats {
  @ApiProperty()
  totalUsers: number;
  @ApiProperty()
  totalCourses: number;
  @ApiProperty({ description: 'Published courses' })
  activeCourses: number;
  @ApiProperty({ description: 'Users active in the last 24 hours' })
  activeUsers: number;
  @ApiProperty({ description: 'Revenue this month, formatted, one figure per currency (joined with " · " when there are several)', example: '$1,491.00' })
  revenue: string;
  @ApiProperty({ type: [CurrencyRevenue], description: 'Revenue this month per currency (USD with 0.00 when there is none)' })
  revenueByCurrency: CurrencyRevenue[];
  @ApiProperty({ example: '42.5%' })
  completionRate: string;
  @ApiProperty({ example: 'Healthy', description: 'Healthy, or "Degraded: " and what is wrong (database or Redis down, mail failing or delayed)' })
  systemHealth: string;
  @ApiProperty()
  changes: StatChanges;
}

export class AnalyticsTotals {
  @ApiProperty()
  newUsers: number;
  @ApiProperty()
  activeUsers: number;
  @ApiProperty({ example: '$9,940.00', description: 'One figure per currency (joined with " · " when there are several)' })
  revenue: string;
  @ApiProperty({ type: [CurrencyRevenue] })
  revenueByCurrency: CurrencyRevenue[];
  @ApiProperty()
  completions: number;
  @ApiProperty({ description: 'Quiz submissions in the range (every attempt, passed or not)' })
  quizAttempts: number;
  @ApiProperty({ description: 'Quiz submissions in the range that reached the pass mark' })
  quizPasses: number;
  @ApiProperty({ type: Number, nullable: true, example: 72.5, description: 'quizPasses in percent of quizAttempts, one decimal; null without attempts' })
  quizPassRate: number | null;
  @ApiProperty({ description: 'Certificates of completion issued in the range (re-issues not counted)' })
  certificatesIssued: number;
}

export class UserGrowthPoint {
  @ApiProperty({ example: 'Jan 2026' })
  month: string;
  @ApiProperty()
  users: number;
}

export class RevenuePoint {
  @ApiProperty({ example: 'Jan 2026' })
  month: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'number' },
    example: { EUR: 120, USD: 994 },
    description: "The month's revenue in each currency of revenueCurrencies (paid minus refunded; currencies are never summed)",
  })
  revenue: Record<string, number>;
}

export class CoursePerformance {
  @ApiProperty()
  courseId: number;
  @ApiProperty({ description: "The course's title" })
  course: string;
  @ApiProperty()
  completions: number;
  @ApiProperty()
  rating: number;
  @ApiProperty({ description: 'Learners who started the course in the range' })
  enrollments: number;
  @ApiProperty({ description: "Attempts at the course's quizzes in the range" })
  quizAttempts: number;
  @ApiProperty({ type: Number, nullable: true, example: 72.5, description: 'Passed attempts in percent, one decimal; null without attempts' })
  quizPassRate: number | null;
  @ApiProperty({ description: 'Certificates issued for the course in the range' })
  certificatesIssued: number;
}

export class UserActivityPoint {
  @ApiProperty({ example: '2026-01-31' })
  date: string;
  @ApiProperty()
  activeUsers: number;
  @ApiProperty()
  newSignups: number;
}

/** Abandoned-checkout recovery in the range: reminders sent, and the sales whose checkout received one. */
export class RecoveryFigures {
  @ApiProperty({ description: 'Abandoned-checkout reminders sent in the range (first and second)' })
  remindersSent: number;
  @ApiProperty({ description: 'Sales in the range whose checkout received a reminder (or was resumed from one)' })
  recoveredSales: number;
  @ApiProperty({ example: '$497.00', description: 'Recovered revenue, one figure per currency (joined with " · " when there are several)' })
  revenue: string;
  @ApiProperty({ type: [CurrencyRevenue] })
  revenueByCurrency: CurrencyRevenue[];
}

export class Analytics {
  @ApiProperty({ enum: Object.keys(ANALYTICS_RANGES), enumName: 'AnalyticsRange' })
  range: AnalyticsRange;
  @ApiProperty()
  stats: AnalyticsTotals;
  @ApiProperty({ type: [UserGrowthPoint] })
  userGrowth: UserGrowthPoint[];
  @ApiProperty({ type: [RevenuePoint] })
  revenueData: RevenuePoint[];
  @ApiProperty({
    type: [String],
    example: ['EUR', 'USD'],
    description: 'The currencies of revenueData: each one sold in within the range (USD when there was no sale), one chart series each',
  })
  revenueCurrencies: string[];
  @ApiProperty({ type: [CoursePerformance], description: 'The courses with the most completions in the range (at most 50)' })
  coursePerformance: CoursePerformance[];
  @ApiProperty({ type: [UserActivityPoint] })
  userActivity: UserActivityPoint[];
  @ApiProperty({ description: 'Abandoned-checkout recovery (Settings > Recovery)' })
  recovery: RecoveryFigures;
}

export class ServerStatus {
  @ApiProperty({ enum: ['online'] })
  status: 'online';
  @ApiProperty()
  uptimeSeconds: number;
}

export class DependencyStatus {
  @ApiProperty({ enum: ['connected', 'down'] })
  status: 'connected' | 'down';
  @ApiProperty({ type: Number, nullable: true, description: 'Round trip of a ping; null when it did not answer in time' })
  latencyMs: number | null;
}

export class ApiStatus {
  @ApiProperty({ enum: ['operational'] })
  status: 'operational';
}

/** Event deliveries and owed commands other than mail (which has its own row): the same figures /metrics exports and the alerts watch. */
export class DeliveryStatus {
  @ApiProperty({
    enum: ['ok', 'behind', 'dead letters'],
    description: 'dead letters: something stopped retrying (Admin > Queues > Dead letters); behind: the oldest owed is older than twice the re-drive grace',
  })
  status: 'ok' | 'behind' | 'dead letters';
  @ApiProperty({ description: 'Event deliveries and owed commands that stopped retrying' })
  deadLetters: number;
  @ApiProperty({ description: 'Event deliveries and owed commands not done yet' })
  owed: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Age of the oldest of them, in seconds' })
  oldestOwedSeconds: number | null;
  @ApiProperty({ description: 'Events committed but not yet handed to the queues' })
  outboxBacklog: number;
}

export class SystemStatus {
  @ApiProperty({ enum: ['online', 'degraded'] })
  status: 'online' | 'degraded';
  @ApiProperty()
  server: ServerStatus;
  @ApiProperty()
  database: DependencyStatus;
  @ApiProperty()
  redis: DependencyStatus;
  @ApiProperty()
  api: ApiStatus;
  @ApiProperty({ type: [QueueCounts] })
  queues: QueueCounts[];
  @ApiProperty({ type: MailDeliveryStatus, nullable: true, description: 'Mail delivery (null when it could not be read, e.g. the database is down)' })
  mail: MailDeliveryStatus | null;
  @ApiProperty({ type: DeliveryStatus, nullable: true, description: 'Event and command delivery (null when it could not be read)' })
  delivery: DeliveryStatus | null;
}

/** A recent domain event, in words. */
export class ActivityItem {
  @ApiProperty({ description: 'The event id' })
  id: string;
  @ApiProperty({ type: String, description: 'The event type, e.g. payment.confirmed, lesson.completed', example: 'payment.confirmed' })
  type: EventType;
  @ApiProperty({ example: 'New payment of $497.00 from ana@example.com' })
  message: string;
  @ApiProperty({ type: String, nullable: true, description: 'Who did it, when known' })
  actor: string | null;
  @ApiProperty({ format: 'date-time' })
  at: string;
}

export class ActivityList {
  @ApiProperty({ type: [ActivityItem] })
  items: ActivityItem[];
}

/** One run of the analytics recompute, and the differences it found. */
export class RecomputeRun {
  @ApiProperty()
  id: number;
  @ApiProperty({ type: String, nullable: true, description: 'The admin who asked for it; null for the nightly run' })
  requestedBy: string | null;
  @ApiProperty()
  startedAt: Date;
  @ApiProperty({ type: Date, nullable: true })
  finishedAt: Date | null;
  @ApiProperty({ type: Number, nullable: true })
  eventsReplayed: number | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    nullable: true,
    description: 'Rows that differed between the rollups and the replay, per table (0 everywhere: they agreed)',
  })
  differences: Record<string, number> | null;
  @ApiProperty({ description: 'Events in the log the rollup consumer had never recorded' })
  unconsumedEvents: number;
  @ApiProperty({ type: String, nullable: true })
  error: string | null;
}

export class RecomputeRuns {
  @ApiProperty({ type: [RecomputeRun] })
  runs: RecomputeRun[];
}

export const FUNNEL_DIMENSION_VALUES = ['affiliate', 'utm_source', 'utm_medium', 'utm_campaign', 'referrer', 'coupon'] as const;

const RATE = { type: Number, nullable: true, minimum: 0, example: 0.0312 } as const;

/** One source's funnel over the range (or the totals), with its conversion rates as fractions. */
export class FunnelRow {
  @ApiProperty({ example: 'K7QM2XPA', description: "The dimension's value ('(none)': visits and checkouts without one; '' for the totals)" })
  value: string;
  @ApiProperty({ example: 'K7QM2XPA', description: 'The value as shown ("No affiliate" for (none), "Total" for the totals)' })
  label: string;
  @ApiProperty({ description: 'Public page views (bots not counted)' })
  visits: number;
  @ApiProperty({ description: 'Checkouts started' })
  checkouts: number;
  @ApiProperty({ description: 'Payments confirmed' })
  paid: number;
  @ApiProperty({ description: 'Payments refunded' })
  refunded: number;
  @ApiProperty({ ...RATE, description: 'checkouts / visits, 4 places; null without visits' })
  checkoutRate: number | null;
  @ApiProperty({ ...RATE, description: 'paid / checkouts, 4 places; null without checkouts' })
  paidRate: number | null;
  @ApiProperty({ ...RATE, description: 'paid / visits, 4 places; null without visits' })
  conversionRate: number | null;
  @ApiProperty({ ...RATE, description: 'refunded / paid, 4 places; null without payments' })
  refundRate: number | null;
}

export class FunnelDay {
  @ApiProperty({ example: '2026-01-31', description: 'A day in the site time zone' })
  day: string;
  @ApiProperty()
  visits: number;
  @ApiProperty()
  checkouts: number;
  @ApiProperty()
  paid: number;
  @ApiProperty()
  refunded: number;
}

/** Visits → checkouts → paid → refunded by source, from the funnel rollups. */
export class Funnel {
  @ApiProperty({ enum: Object.keys(ANALYTICS_RANGES), enumName: 'AnalyticsRange' })
  range: AnalyticsRange;
  @ApiProperty({ enum: FUNNEL_DIMENSION_VALUES, enumName: 'FunnelDimension' })
  dimension: (typeof FUNNEL_DIMENSION_VALUES)[number];
  @ApiProperty({ description: 'Every source together' })
  totals: FunnelRow;
  @ApiProperty({ type: [FunnelRow], description: "The dimension's values, most paid first, then most visits (at most 100)" })
  rows: FunnelRow[];
  @ApiProperty({ type: [FunnelDay], description: 'Each day of the range, every source together' })
  days: FunnelDay[];
}

import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { execute, queryOne, queryRows, typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type { RecomputeRun } from './dto/analytics.dto';
import type {
  IBeginRebuildLockQuery,
  IBumpCourseQuery,
  IBumpRecoveryQuery,
  IBumpRevenueQuery,
  IDayOfQuery,
  IDecrementLastActivityDayQuery,
  IDeleteLastActivityDayQuery,
  IEventTimeQuery,
  IFailRunQuery,
  IFinishRunQuery,
  IIncrementLastActivityDayQuery,
  IInsertLastActivityQuery,
  IIsRecoveryQuery,
  ILockForEventQuery,
  ILockLastActivityQuery,
  INoLockTimeoutBeyondQuery,
  INoStatementTimeoutQuery,
  IRecentRunsQuery,
  IRecordDailyActivityQuery,
  IRememberRecoveryQuery,
  ISetLastActivityQuery,
  IStageReplayQuery,
  IStartRunQuery,
} from './rollups.repository.types';

export type DailyColumn =
  | 'active_users'
  | 'new_signups'
  | 'payments_confirmed'
  | 'payments_refunded'
  | 'lesson_completions'
  | 'course_completions'
  | 'enrollments'
  | 'quiz_attempts'
  | 'quiz_passes'
  | 'certificates_issued';

/** Every rollup table, in the one order both writers lock them (no deadlock between a consumer and the recompute): lockForEvent and beginRebuildLock below name them in this order. */
export const ROLLUP_TABLES = [
  'daily_metrics',
  'user_daily_activity',
  'user_last_activity',
  'last_activity_days',
  'course_daily_metrics',
  'revenue_daily',
  'funnel_payment_sources',
  'funnel_daily',
  'recovery_reminded_payments',
  'recovery_daily',
] as const;
/** The events that write a row of daily_metrics when applied (RollupsService.applyEffect), besides the activity events. */
const DAILY_METRIC_EVENTS = [
  'account.created',
  'user.created',
  'payment.confirmed',
  'payment.refunded',
  'lesson.completed',
  'course.completed',
  'course.started',
  'quiz.attempted',
  'certificate.issued',
] as const;

export type RollupTable = (typeof ROLLUP_TABLES)[number];

const KEYS: Record<RollupTable, string[]> = {
  daily_metrics: ['day'],
  user_daily_activity: ['user_id', 'day'],
  user_last_activity: ['user_id'],
  last_activity_days: ['day'],
  course_daily_metrics: ['course_id', 'day'],
  revenue_daily: ['day', 'currency'],
  funnel_payment_sources: ['payment_id'],
  funnel_daily: ['dimension', 'day', 'value'],
  recovery_reminded_payments: ['payment_id'],
  recovery_daily: ['day', 'currency'],
};

/*
 * The statements below are typed against the schema by pgtyped (npm run db:types writes rollups.repository.types.ts).
 * Both LOCK TABLE statements name ROLLUP_TABLES in its order (no deadlock between a consumer and the recompute).
 * Hand-typed by design: bump (its column is chosen at run time), reconcileTable and vacuum (table names at run time),
 * and every statement on the recompute's temporary tables (replay_events, expected_*), which exist only in its
 * transaction, never in the schema pgtyped reads.
 */
const lockForEvent = sql<ILockForEventQuery>`
  LOCK TABLE daily_metrics, user_daily_activity, user_last_activity, last_activity_days, course_daily_metrics, revenue_daily, funnel_payment_sources,
    funnel_daily, recovery_reminded_payments, recovery_daily IN ROW EXCLUSIVE MODE`;
const eventTime = sql<IEventTimeQuery>`
  SELECT at::text AS "at!", (at AT TIME ZONE $zone!)::date::text AS "day!"
    FROM (SELECT coalesce((SELECT occurred_at FROM outbox_events WHERE id = $eventId!), $fallback!::timestamptz) AS at) x`;
const dayOf = sql<IDayOfQuery>`SELECT ($at!::timestamptz AT TIME ZONE $zone!)::date::text AS "day!"`;
const bumpCourse = sql<IBumpCourseQuery>`
  INSERT INTO course_daily_metrics (course_id, day, completions, enrollments, revenue, quiz_attempts, quiz_passes, certificates_issued)
  VALUES ($courseId!, $day!, $completions!, $enrollments!, $revenue!, $quizAttempts!, $quizPasses!, $certificatesIssued!)
  ON CONFLICT (course_id, day) DO UPDATE SET completions = course_daily_metrics.completions + EXCLUDED.completions,
    enrollments = course_daily_metrics.enrollments + EXCLUDED.enrollments, revenue = course_daily_metrics.revenue + EXCLUDED.revenue,
    quiz_attempts = course_daily_metrics.quiz_attempts + EXCLUDED.quiz_attempts, quiz_passes = course_daily_metrics.quiz_passes + EXCLUDED.quiz_passes,
    certificates_issued = course_daily_metrics.certificates_issued + EXCLUDED.certificates_issued`;
const bumpRevenue = sql<IBumpRevenueQuery>`
  INSERT INTO revenue_daily (day, currency, revenue, payments, refunds) VALUES ($day!, upper($currency!), $revenue!, $payments!, $refunds!)
  ON CONFLICT (day, currency) DO UPDATE SET revenue = revenue_daily.revenue + EXCLUDED.revenue,
    payments = revenue_daily.payments + EXCLUDED.payments, refunds = revenue_daily.refunds + EXCLUDED.refunds`;
const recordDailyActivity = sql<IRecordDailyActivityQuery>`
  INSERT INTO user_daily_activity (user_id, day, first_at, last_at) VALUES ($userId!, $day!, $at!, $at!)
  ON CONFLICT (user_id, day) DO UPDATE SET first_at = least(user_daily_activity.first_at, EXCLUDED.first_at), last_at = greatest(user_daily_activity.last_at, EXCLUDED.last_at)
  RETURNING (xmax = 0) AS "inserted!"`;
const insertLastActivity = sql<IInsertLastActivityQuery>`
  INSERT INTO user_last_activity (user_id, last_day) VALUES ($userId!, $day!) ON CONFLICT (user_id) DO NOTHING RETURNING user_id`;
const lockLastActivity = sql<ILockLastActivityQuery>`SELECT last_day::text AS "last_day!" FROM user_last_activity WHERE user_id = $userId! FOR UPDATE`;
const setLastActivity = sql<ISetLastActivityQuery>`UPDATE user_last_activity SET last_day = $day! WHERE user_id = $userId!`;
const incrementLastActivityDay = sql<IIncrementLastActivityDayQuery>`
  INSERT INTO last_activity_days (day, users) VALUES ($day!, 1) ON CONFLICT (day) DO UPDATE SET users = last_activity_days.users + 1`;
const deleteLastActivityDay = sql<IDeleteLastActivityDayQuery>`DELETE FROM last_activity_days WHERE day = $day! AND users = 1`;
const decrementLastActivityDay = sql<IDecrementLastActivityDayQuery>`UPDATE last_activity_days SET users = users - 1 WHERE day = $day!`;
const rememberRecovery = sql<IRememberRecoveryQuery>`INSERT INTO recovery_reminded_payments (payment_id) VALUES ($paymentId!) ON CONFLICT DO NOTHING`;
const isRecovery = sql<IIsRecoveryQuery>`
  SELECT (EXISTS (SELECT 1 FROM recovery_reminded_payments WHERE payment_id = $paymentId!)
       OR EXISTS (SELECT 1 FROM outbox_events WHERE aggregate_type = 'payment' AND aggregate_id = $paymentId!::text
                   AND type IN ('checkout.recovery_reminder_due', 'checkout.resumed'))) AS "found!"`;
const bumpRecovery = sql<IBumpRecoveryQuery>`
  INSERT INTO recovery_daily (day, currency, reminders, recovered_sales, recovered_revenue) VALUES ($day!, upper($currency!), $reminders!, $sales!, $revenue!)
  ON CONFLICT (day, currency) DO UPDATE SET reminders = recovery_daily.reminders + EXCLUDED.reminders,
    recovered_sales = recovery_daily.recovered_sales + EXCLUDED.recovered_sales, recovered_revenue = recovery_daily.recovered_revenue + EXCLUDED.recovered_revenue`;
const noStatementTimeout = sql<INoStatementTimeoutQuery>`SET LOCAL statement_timeout = 0`;
const noLockTimeoutBeyond = sql<INoLockTimeoutBeyondQuery>`SET LOCAL lock_timeout = '120s'`;
const beginRebuildLock = sql<IBeginRebuildLockQuery>`
  LOCK TABLE daily_metrics, user_daily_activity, user_last_activity, last_activity_days, course_daily_metrics, revenue_daily, funnel_payment_sources,
    funnel_daily, recovery_reminded_payments, recovery_daily IN EXCLUSIVE MODE`;
const stageReplay = sql<IStageReplayQuery>`
  CREATE TEMP TABLE replay_events ON COMMIT DROP AS
    SELECT o.id, o.type, o.occurred_at AS at, (o.occurred_at AT TIME ZONE $zone!::text)::date AS day, o.payload, (p.event_id IS NOT NULL) AS consumed
      FROM outbox_events o LEFT JOIN processed_events p ON p.event_id = o.id AND p.consumer = $consumer!
     WHERE o.type = ANY($types!::text[])`;
const startRun = sql<IStartRunQuery>`INSERT INTO analytics_recompute_runs (requested_by) VALUES ($requestedBy) RETURNING id`;
const finishRun = sql<IFinishRunQuery>`
  UPDATE analytics_recompute_runs SET finished_at = clock_timestamp(), events_replayed = $eventsReplayed!, differences = $differences! WHERE id = $id!`;
const failRun = sql<IFailRunQuery>`UPDATE analytics_recompute_runs SET finished_at = clock_timestamp(), error = $error! WHERE id = $id!`;
const recentRuns = sql<IRecentRunsQuery>`
  SELECT id::int AS "id!", requested_by AS "requestedBy", started_at AS "startedAt", finished_at AS "finishedAt", events_replayed AS "eventsReplayed",
         differences->'counts' AS differences, coalesce((differences->>'unconsumedEvents')::int, 0) AS "unconsumedEvents!", error
    FROM analytics_recompute_runs ORDER BY id DESC LIMIT $limit!`;

/**
 * The analytics rollups (daily_metrics, user_daily_activity,
 * user_last_activity, last_activity_days, course_daily_metrics,
 * revenue_daily, and the funnel's funnel_payment_sources and funnel_daily)
 * and the recompute runs. The replay reads the event log (outbox_events) and this
 * consumer's records (processed_events, event_deliveries): the log is the
 * source the rollups are rebuilt from.
 */
@Injectable()
export class RollupsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Taken before the consumed-marker, so a consumer waits for a running recompute without holding a marker it needs. */
  async lockForEvent(manager: EntityManager): Promise<void> {
    await typedExecute(manager, lockForEvent, undefined);
  }

  /**
   * The log's own timestamp (as text: microseconds intact) and its day in `zone` (Settings > General > Timezone),
   * so replaying the log gives exactly the same rows.
   */
  async eventTime(manager: EntityManager, eventId: string, fallback: string, zone: string): Promise<{ at: string; day: string }> {
    const row = await typedOne(manager, eventTime, { eventId, fallback, zone });
    return row!;
  }

  /** The day of an instant in `zone`. */
  async dayOf(manager: EntityManager, at: string, zone: string): Promise<string> {
    const row = await typedOne(manager, dayOf, { at, zone });
    return row!.day;
  }

  async bump(manager: EntityManager, day: string, column: DailyColumn, amount: number | string): Promise<void> {
    await execute(
      manager,
      `INSERT INTO daily_metrics (day, ${column}) VALUES ($1, $2) ON CONFLICT (day) DO UPDATE SET ${column} = daily_metrics.${column} + EXCLUDED.${column}`,
      [day, amount],
    );
  }

  async bumpCourse(
    manager: EntityManager,
    courseId: number,
    day: string,
    by: { completions?: number; enrollments?: number; revenue?: string; quizAttempts?: number; quizPasses?: number; certificatesIssued?: number },
  ): Promise<void> {
    await typedExecute(manager, bumpCourse, {
      courseId,
      day,
      completions: by.completions ?? 0,
      enrollments: by.enrollments ?? 0,
      revenue: by.revenue ?? '0',
      quizAttempts: by.quizAttempts ?? 0,
      quizPasses: by.quizPasses ?? 0,
      certificatesIssued: by.certificatesIssued ?? 0,
    });
  }

  /** Revenue per currency (never summed across currencies): `revenue` added to `day`'s row for `currency`, and the payment/refund counts. */
  async bumpRevenue(manager: EntityManager, day: string, currency: string, by: { revenue?: string; payments?: number; refunds?: number }): Promise<void> {
    await typedExecute(manager, bumpRevenue, { day, currency, revenue: by.revenue ?? '0', payments: by.payments ?? 0, refunds: by.refunds ?? 0 });
  }

  /** A checkout that got a reminder (or was re-made from one): its sale is a recovered one. */
  async rememberRecovery(manager: EntityManager, paymentId: string): Promise<void> {
    await typedExecute(manager, rememberRecovery, { paymentId });
  }

  /**
   * Whether the payment's checkout got a reminder (or was re-made from one): remembered when that event was applied,
   * else (deliveries are not ordered) found in the log, as the recompute finds it.
   */
  async isRecovery(manager: EntityManager, paymentId: string): Promise<boolean> {
    return (await typedOne(manager, isRecovery, { paymentId }))!.found;
  }

  /** Recovery per day and sale currency: reminders sent, recovered sales and their revenue. */
  async bumpRecovery(manager: EntityManager, day: string, currency: string, by: { reminders?: number; sales?: number; revenue?: string }): Promise<void> {
    await typedExecute(manager, bumpRecovery, { day, currency, reminders: by.reminders ?? 0, sales: by.sales ?? 0, revenue: by.revenue ?? '0' });
  }

  /** True when this is the user's first event of that day. */
  async recordDailyActivity(manager: EntityManager, userId: string, day: string, at: string): Promise<boolean> {
    const row = await typedOne(manager, recordDailyActivity, { userId, day, at });
    return row!.inserted;
  }

  /** True when the user had no last-activity day yet. */
  async insertLastActivity(manager: EntityManager, userId: string, day: string): Promise<boolean> {
    return (await typedRows(manager, insertLastActivity, { userId, day })).length > 0;
  }

  async lockLastActivity(manager: EntityManager, userId: string): Promise<string> {
    const row = await typedOne(manager, lockLastActivity, { userId });
    return row!.last_day;
  }

  async setLastActivity(manager: EntityManager, userId: string, day: string): Promise<void> {
    await typedExecute(manager, setLastActivity, { userId, day });
  }

  async bumpLastActivityDay(manager: EntityManager, day: string, by: 1 | -1): Promise<void> {
    if (by > 0) {
      await typedExecute(manager, incrementLastActivityDay, { day });
    } else {
      await typedExecute(manager, deleteLastActivityDay, { day });
      await typedExecute(manager, decrementLastActivityDay, { day });
    }
  }

  // The recompute: a transaction that rebuilds every rollup from the log.

  /** A whole-log rebuild may take minutes at scale: no per-statement limit for this transaction, and it holds the tables. */
  async beginRebuild(manager: EntityManager): Promise<void> {
    await typedExecute(manager, noStatementTimeout, undefined);
    await typedExecute(manager, noLockTimeoutBeyond, undefined);
    await typedExecute(manager, beginRebuildLock, undefined);
  }

  /**
   * The events of the rollup types (consumed by `consumer` or not) into a temporary table, each with its day in `zone`;
   * answers how many, and how many were never consumed.
   */
  async stageReplay(manager: EntityManager, consumer: string, types: readonly string[], zone: string): Promise<{ n: number; unconsumed: number }> {
    await typedExecute(manager, stageReplay, { consumer, types: [...types], zone });
    const row = await queryOne<{ n: number; unconsumed: number }>(
      manager,
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT consumed)::int AS unconsumed FROM replay_events`,
    );
    return row!;
  }

  unconsumedSamples(manager: EntityManager, limit: number): Promise<Array<{ id: string; type: string; at: Date }>> {
    return queryRows(manager, `SELECT id, type, at FROM replay_events WHERE NOT consumed ORDER BY at LIMIT $1`, [limit]);
  }

  /** What every rollup table should hold, computed from the staged events into expected_<table>. */
  async computeExpected(manager: EntityManager, activityEvents: readonly string[], zone: string): Promise<void> {
    await execute(
      manager,
      `CREATE TEMP TABLE expected_user_daily_activity ON COMMIT DROP AS
         SELECT (payload->>'userId')::uuid AS user_id, day, min(at) AS first_at, max(at) AS last_at
           FROM replay_events WHERE type = ANY($1::text[]) AND payload->>'userId' IS NOT NULL GROUP BY 1, 2`,
      [activityEvents],
    );
    await execute(
      manager,
      `CREATE TEMP TABLE expected_user_last_activity ON COMMIT DROP AS SELECT user_id, max(day) AS last_day FROM expected_user_daily_activity GROUP BY user_id`,
    );
    await execute(
      manager,
      `CREATE TEMP TABLE expected_last_activity_days ON COMMIT DROP AS SELECT last_day AS day, count(*)::int AS users FROM expected_user_last_activity GROUP BY last_day`,
    );
    await execute(
      manager,
      `CREATE TEMP TABLE expected_daily_metrics ON COMMIT DROP AS
         SELECT e.day, e.new_signups, coalesce(a.active_users, 0) AS active_users, e.payments_confirmed, e.payments_refunded,
                e.lesson_completions, e.course_completions, e.enrollments, e.quiz_attempts, e.quiz_passes, e.certificates_issued
           FROM (SELECT day,
                        count(*) FILTER (WHERE type IN ('account.created', 'user.created'))::int AS new_signups,
                        count(*) FILTER (WHERE type = 'payment.confirmed')::int AS payments_confirmed,
                        count(*) FILTER (WHERE type = 'payment.refunded')::int AS payments_refunded,
                        count(*) FILTER (WHERE type = 'lesson.completed')::int AS lesson_completions,
                        count(*) FILTER (WHERE type = 'course.completed')::int AS course_completions,
                        count(*) FILTER (WHERE type = 'course.started')::int AS enrollments,
                        count(*) FILTER (WHERE type = 'quiz.attempted')::int AS quiz_attempts,
                        count(*) FILTER (WHERE type = 'quiz.attempted' AND (payload->>'passed')::boolean)::int AS quiz_passes,
                        count(*) FILTER (WHERE type = 'certificate.issued')::int AS certificates_issued
                   FROM replay_events WHERE type = ANY($1::text[]) GROUP BY day) e
           LEFT JOIN (SELECT day, count(*)::int AS active_users FROM expected_user_daily_activity GROUP BY day) a ON a.day = e.day`,
      // Only the days the incremental path writes a row for: an event of another rollup alone (a checkout reminder) makes none.
      [[...DAILY_METRIC_EVENTS, ...activityEvents]],
    );
    await execute(
      manager,
      `CREATE TEMP TABLE expected_course_daily_metrics ON COMMIT DROP AS
         SELECT (payload->>'courseId')::int AS course_id, day,
                count(*) FILTER (WHERE type = 'course.completed')::int AS completions,
                count(*) FILTER (WHERE type = 'course.started')::int AS enrollments,
                coalesce(sum((payload->>'price')::numeric) FILTER (WHERE type = 'course.started'), 0)::numeric(14, 2) AS revenue,
                count(*) FILTER (WHERE type = 'quiz.attempted')::int AS quiz_attempts,
                count(*) FILTER (WHERE type = 'quiz.attempted' AND (payload->>'passed')::boolean)::int AS quiz_passes,
                count(*) FILTER (WHERE type = 'certificate.issued')::int AS certificates_issued
           FROM replay_events WHERE type IN ('course.completed', 'course.started', 'quiz.attempted', 'certificate.issued') GROUP BY 1, 2`,
    );
    // Revenue per currency, paid minus refunded by payment date (the refund counted on its own day).
    await execute(
      manager,
      `CREATE TEMP TABLE expected_revenue_daily ON COMMIT DROP AS
         SELECT day, currency, sum(revenue)::numeric(14, 2) AS revenue, sum(payments)::int AS payments, sum(refunds)::int AS refunds
           FROM (SELECT day, upper(payload->>'currency')::char(3) AS currency, (payload->>'amount')::numeric AS revenue, 1 AS payments, 0 AS refunds
                   FROM replay_events WHERE type = 'payment.confirmed'
                 UNION ALL
                 SELECT coalesce(((payload->>'paidAt')::timestamptz AT TIME ZONE $1::text)::date, day), upper(payload->>'currency')::char(3),
                        -(payload->>'amount')::numeric, 0, 0
                   FROM replay_events WHERE type = 'payment.refunded'
                 UNION ALL
                 SELECT day, upper(payload->>'currency')::char(3), 0, 0, 1 FROM replay_events WHERE type = 'payment.refunded') r
          GROUP BY day, currency`,
      [zone],
    );
    await this.computeExpectedFunnel(manager, zone);
    await this.computeExpectedRecovery(manager);
  }

  /**
   * Recovery: the checkouts that got a reminder or were re-made from one, reminders by their day and currency, and the
   * payment.confirmed of those checkouts as recovered sales (whatever the order the events were delivered in).
   */
  private async computeExpectedRecovery(manager: EntityManager): Promise<void> {
    await execute(
      manager,
      `CREATE TEMP TABLE expected_recovery_reminded_payments ON COMMIT DROP AS
         SELECT DISTINCT (payload->>'paymentId')::uuid AS payment_id FROM replay_events WHERE type IN ('checkout.recovery_reminder_due', 'checkout.resumed')`,
    );
    await execute(
      manager,
      `CREATE TEMP TABLE expected_recovery_daily ON COMMIT DROP AS
         SELECT day, currency, sum(reminders)::int AS reminders, sum(sales)::int AS recovered_sales, sum(revenue)::numeric(14, 2) AS recovered_revenue
           FROM (SELECT day, upper(payload->>'currency')::char(3) AS currency, 1 AS reminders, 0 AS sales, 0::numeric AS revenue
                   FROM replay_events WHERE type = 'checkout.recovery_reminder_due'
                 UNION ALL
                 SELECT r.day, upper(r.payload->>'currency')::char(3), 0, 1, (r.payload->>'amount')::numeric
                   FROM replay_events r JOIN expected_recovery_reminded_payments e ON e.payment_id = (r.payload->>'paymentId')::uuid
                  WHERE r.type = 'payment.confirmed') x
          GROUP BY day, currency`,
    );
  }

  /**
   * The funnel: each checkout's source from its payment.created (the first, should there be two), and funnel_daily
   * from site_visits (each view on the day of its `at` in `zone`) and the replayed payment events, every fact spread
   * over every dimension as FunnelRepository's recordVisit and bumpFunnel do (a payment counted under its checkout's
   * source, none without one). Visits are grouped before they are spread: millions of rows shrink to a few per day.
   */
  private async computeExpectedFunnel(manager: EntityManager, zone: string): Promise<void> {
    await execute(
      manager,
      `CREATE TEMP TABLE expected_funnel_payment_sources ON COMMIT DROP AS
         SELECT DISTINCT ON (payment_id) payment_id, affiliate_code, utm_source, utm_medium, utm_campaign, referrer_domain, coupon_code
           FROM (SELECT (payload->>'paymentId')::uuid AS payment_id, payload->'source'->>'affiliateCode' AS affiliate_code,
                        payload->'source'->>'utmSource' AS utm_source, payload->'source'->>'utmMedium' AS utm_medium,
                        payload->'source'->>'utmCampaign' AS utm_campaign, payload->'source'->>'referrerDomain' AS referrer_domain,
                        payload->'source'->>'couponCode' AS coupon_code, at, id
                   FROM replay_events WHERE type = 'payment.created') c
          ORDER BY payment_id, at, id`,
    );
    await execute(
      manager,
      `CREATE TEMP TABLE expected_funnel_daily ON COMMIT DROP AS
         WITH facts AS (
           SELECT (at AT TIME ZONE $1::text)::date AS day, affiliate_code, utm_source, utm_medium, utm_campaign, referrer_domain, NULL::text AS coupon_code,
                  count(*)::int AS visits, 0 AS checkouts, 0 AS paid, 0 AS refunded
             FROM site_visits GROUP BY 1, 2, 3, 4, 5, 6
           UNION ALL
           SELECT day, payload->'source'->>'affiliateCode', payload->'source'->>'utmSource', payload->'source'->>'utmMedium',
                  payload->'source'->>'utmCampaign', payload->'source'->>'referrerDomain', payload->'source'->>'couponCode', 0, 1, 0, 0
             FROM replay_events WHERE type = 'payment.created'
           UNION ALL
           SELECT r.day, s.affiliate_code, s.utm_source, s.utm_medium, s.utm_campaign, s.referrer_domain, s.coupon_code,
                  0, 0, (r.type = 'payment.confirmed')::int, (r.type = 'payment.refunded')::int
             FROM replay_events r LEFT JOIN expected_funnel_payment_sources s ON s.payment_id = (r.payload->>'paymentId')::uuid
            WHERE r.type IN ('payment.confirmed', 'payment.refunded')
         )
         SELECT f.day, d.dimension, d.value, sum(f.visits)::int AS visits, sum(f.checkouts)::int AS checkouts, sum(f.paid)::int AS paid,
                sum(f.refunded)::int AS refunded
           FROM facts f
          CROSS JOIN LATERAL (VALUES ('all', ''), ('affiliate', coalesce(f.affiliate_code, '(none)')), ('utm_source', coalesce(f.utm_source, '(none)')),
                                     ('utm_medium', coalesce(f.utm_medium, '(none)')), ('utm_campaign', coalesce(f.utm_campaign, '(none)')),
                                     ('referrer', coalesce(f.referrer_domain, '(none)')), ('coupon', coalesce(f.coupon_code, '(none)'))) d(dimension, value)
          GROUP BY f.day, d.dimension, d.value`,
      [zone],
    );
  }

  /** Rows that differ between a rollup and its expected contents (with up to `sampleSize` of them); a differing table is replaced. */
  async reconcileTable(manager: EntityManager, table: RollupTable, sampleSize: number): Promise<{ n: number; samples: unknown[] }> {
    const on = KEYS[table].map((k) => `a.${k} = e.${k}`).join(' AND ');
    const differing = `FROM ${table} a FULL OUTER JOIN expected_${table} e ON ${on} WHERE a IS DISTINCT FROM e`;
    const { n } = (await queryOne<{ n: number }>(manager, `SELECT count(*)::int AS n ${differing}`))!;
    if (n === 0) return { n, samples: [] };
    const samples = await queryRows(manager, `SELECT to_jsonb(a) AS actual, to_jsonb(e) AS expected ${differing} LIMIT ${sampleSize}`);
    await execute(manager, `DELETE FROM ${table}`);
    await execute(manager, `INSERT INTO ${table} SELECT * FROM expected_${table}`);
    return { n, samples };
  }

  /** The staged events `consumer` never recorded are now counted: recorded as consumed, the deliveries still owed settled. */
  async settleUnconsumed(manager: EntityManager, consumer: string): Promise<void> {
    await execute(
      manager,
      `WITH recorded AS (
         INSERT INTO processed_events (consumer, event_id) SELECT $1, id FROM replay_events WHERE NOT consumed ON CONFLICT DO NOTHING RETURNING event_id
       )
       DELETE FROM event_deliveries d USING recorded WHERE d.consumer = $1 AND d.event_id = recorded.event_id`,
      [consumer],
    );
  }

  /** Fresh statistics and visibility map after a bulk replace, so reads stay index-only. */
  async vacuum(tables: readonly RollupTable[]): Promise<void> {
    if (tables.length > 0) await execute(this.dataSource.manager, `VACUUM (ANALYZE) ${tables.join(', ')}`);
  }

  /** The run's id (bigint, which the driver reads as text: runs stay far below 2^53). */
  async startRun(requestedBy: string | null): Promise<number> {
    const row = await typedOne(this.dataSource.manager, startRun, { requestedBy });
    return Number(row!.id);
  }

  async finishRun(id: number, eventsReplayed: number, details: unknown): Promise<void> {
    await typedExecute(this.dataSource.manager, finishRun, { id, eventsReplayed, differences: JSON.stringify(details) });
  }

  async failRun(id: number, error: string): Promise<void> {
    await typedExecute(this.dataSource.manager, failRun, { id, error });
  }

  async recentRuns(limit: number): Promise<RecomputeRun[]> {
    // differences is the per-table counts object finishRun wrote (json as generated).
    return (await typedRows(this.dataSource.manager, recentRuns, { limit })) as RecomputeRun[];
  }
}

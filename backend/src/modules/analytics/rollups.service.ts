import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EventEnvelope, EventPayloads } from '../../events/event-catalogue';
import { ProcessedEvents } from '../../events/processed-events.service';
import { queryRows } from '../../database/query-rows';
import { ROLLUP_CONSUMER, ROLLUP_EVENTS } from './analytics.subscriptions';

type DailyColumn = 'active_users' | 'new_signups' | 'revenue' | 'payments_confirmed' | 'payments_refunded' | 'lesson_completions' | 'course_completions' | 'enrollments';

export interface RecomputeReport {
  runId: number;
  eventsReplayed: number;
  /** Rows that differed between the incremental rollups and the replay, per table (0 everywhere means they agreed). */
  differences: Record<(typeof ROLLUP_TABLES)[number], number>;
  samples: Record<string, unknown[]>;
  durationMs: number;
}

/** Every rollup table, in the one order both writers lock them (no deadlock between a consumer and the recompute). */
const ROLLUP_TABLES = ['daily_metrics', 'user_daily_activity', 'user_last_activity', 'last_activity_days', 'course_daily_metrics'] as const;

/** Events that show a user was active that day. */
const ACTIVITY_EVENTS = ['account.created', 'user.logged_in', 'lesson.completed', 'course.completed', 'course.started'];

/**
 * The analytics rollups, kept two ways that must agree: incrementally, one
 * event at a time (idempotent through processed_events), and by replaying
 * the event log (the outbox rows this consumer has processed), which the
 * nightly job does to rebuild them and report any drift.
 */
@Injectable()
export class RollupsService {
  private readonly logger = new Logger(RollupsService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly processed: ProcessedEvents,
  ) {}

  /** Applies one event; a redelivered event changes nothing. Returns whether it was applied. */
  async apply(event: EventEnvelope): Promise<boolean> {
    if (!(ROLLUP_EVENTS as readonly string[]).includes(event.type)) return false;
    const result = await this.processed.once(ROLLUP_CONSUMER, event, async ({ manager }) => {
      await manager.query(`LOCK TABLE ${ROLLUP_TABLES.join(', ')} IN ROW EXCLUSIVE MODE`);
      // The log's own timestamp (as text: microseconds intact), so replaying the log gives exactly the same rows.
      const [row] = await queryRows<{ at: string; day: string }>(
        manager,
        `SELECT at::text AS at, (at AT TIME ZONE 'UTC')::date::text AS day FROM (SELECT coalesce((SELECT occurred_at FROM outbox_events WHERE id = $1), $2::timestamptz) AS at) x`,
        [event.id, event.occurredAt],
      );
      await this.applyEffect(manager, event, row.day, row.at);
    });
    return result.applied;
  }

  private async applyEffect(manager: EntityManager, event: EventEnvelope, day: string, at: string): Promise<void> {
    const p = event.payload as EventPayloads[keyof EventPayloads] & Record<string, unknown>;
    switch (event.type) {
      case 'account.created':
        await this.bump(manager, day, 'new_signups', 1);
        break;
      case 'user.created':
        await this.bump(manager, day, 'new_signups', 1);
        return;
      case 'user.logged_in':
        break;
      case 'payment.confirmed':
        await this.bump(manager, day, 'revenue', String(p.amount));
        await this.bump(manager, day, 'payments_confirmed', 1);
        return;
      case 'payment.refunded':
        await this.bump(manager, day, 'revenue', `-${String(p.amount)}`);
        await this.bump(manager, day, 'payments_refunded', 1);
        return;
      case 'lesson.completed':
        await this.bump(manager, day, 'lesson_completions', 1);
        break;
      case 'course.completed':
        await this.bump(manager, day, 'course_completions', 1);
        await this.bumpCourse(manager, Number(p.courseId), day, { completions: 1 });
        break;
      case 'course.started':
        await this.bump(manager, day, 'enrollments', 1);
        await this.bumpCourse(manager, Number(p.courseId), day, { enrollments: 1, revenue: String(p.price ?? '0') });
        break;
      default:
        return;
    }
    if (ACTIVITY_EVENTS.includes(event.type) && typeof p.userId === 'string') await this.recordActivity(manager, p.userId, day, at);
  }

  private async bump(manager: EntityManager, day: string, column: DailyColumn, amount: number | string): Promise<void> {
    await manager.query(
      `INSERT INTO daily_metrics (day, ${column}) VALUES ($1, $2) ON CONFLICT (day) DO UPDATE SET ${column} = daily_metrics.${column} + EXCLUDED.${column}`,
      [day, amount],
    );
  }

  private async bumpCourse(manager: EntityManager, courseId: number, day: string, by: { completions?: number; enrollments?: number; revenue?: string }): Promise<void> {
    await manager.query(
      `INSERT INTO course_daily_metrics (course_id, day, completions, enrollments, revenue) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (course_id, day) DO UPDATE SET completions = course_daily_metrics.completions + EXCLUDED.completions,
         enrollments = course_daily_metrics.enrollments + EXCLUDED.enrollments, revenue = course_daily_metrics.revenue + EXCLUDED.revenue`,
      [courseId, day, by.completions ?? 0, by.enrollments ?? 0, by.revenue ?? '0'],
    );
  }

  /** A user's first event of a day makes them one of that day's active users. */
  private async recordActivity(manager: EntityManager, userId: string, day: string, at: string): Promise<void> {
    const [row] = await queryRows<{ inserted: boolean }>(
      manager,
      `INSERT INTO user_daily_activity (user_id, day, first_at, last_at) VALUES ($1, $2, $3, $3)
       ON CONFLICT (user_id, day) DO UPDATE SET first_at = least(user_daily_activity.first_at, EXCLUDED.first_at), last_at = greatest(user_daily_activity.last_at, EXCLUDED.last_at)
       RETURNING (xmax = 0) AS inserted`,
      [userId, day, at],
    );
    if (row.inserted) await this.bump(manager, day, 'active_users', 1);
    await this.moveLastActivity(manager, userId, day);
  }

  /** Keeps user_last_activity and its per-day histogram (last_activity_days) in step. */
  private async moveLastActivity(manager: EntityManager, userId: string, day: string): Promise<void> {
    const inserted = await queryRows(manager, `INSERT INTO user_last_activity (user_id, last_day) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING RETURNING user_id`, [userId, day]);
    if (inserted.length > 0) {
      await this.bumpLastActivityDay(manager, day, 1);
      return;
    }
    const [current] = await queryRows<{ last_day: string }>(manager, `SELECT last_day::text AS last_day FROM user_last_activity WHERE user_id = $1 FOR UPDATE`, [userId]);
    if (current.last_day >= day) return;
    await manager.query(`UPDATE user_last_activity SET last_day = $2 WHERE user_id = $1`, [userId, day]);
    await this.bumpLastActivityDay(manager, current.last_day, -1);
    await this.bumpLastActivityDay(manager, day, 1);
  }

  private async bumpLastActivityDay(manager: EntityManager, day: string, by: 1 | -1): Promise<void> {
    if (by > 0) {
      await manager.query(`INSERT INTO last_activity_days (day, users) VALUES ($1, 1) ON CONFLICT (day) DO UPDATE SET users = last_activity_days.users + 1`, [day]);
    } else {
      await manager.query(`DELETE FROM last_activity_days WHERE day = $1 AND users = 1`, [day]);
      await manager.query(`UPDATE last_activity_days SET users = users - 1 WHERE day = $1`, [day]);
    }
  }

  /**
   * Rebuilds every rollup from the event log (the events this consumer has
   * processed), reports how many rows differed from the incremental
   * rollups, and replaces them. Consumers wait while it runs; events they
   * process afterwards add on top, so nothing is counted twice.
   */
  async recompute(requestedBy: string | null): Promise<RecomputeReport> {
    const started = Date.now();
    const [{ id: runId }] = await this.dataSource.query(`INSERT INTO analytics_recompute_runs (requested_by) VALUES ($1) RETURNING id`, [requestedBy]);
    try {
      const report = await this.dataSource.transaction(async (manager) => {
        await manager.query(`LOCK TABLE ${ROLLUP_TABLES.join(', ')} IN EXCLUSIVE MODE`);
        await manager.query(
          `CREATE TEMP TABLE replay_events ON COMMIT DROP AS
             SELECT o.type, o.occurred_at AS at, (o.occurred_at AT TIME ZONE 'UTC')::date AS day, o.payload
               FROM outbox_events o JOIN processed_events p ON p.event_id = o.id AND p.consumer = $1
              WHERE o.type = ANY($2::text[])`,
          [ROLLUP_CONSUMER, ROLLUP_EVENTS],
        );
        const [{ n: eventsReplayed }] = await manager.query(`SELECT count(*)::int AS n FROM replay_events`);
        await manager.query(
          `CREATE TEMP TABLE expected_user_daily_activity ON COMMIT DROP AS
             SELECT (payload->>'userId')::uuid AS user_id, day, min(at) AS first_at, max(at) AS last_at
               FROM replay_events WHERE type = ANY($1::text[]) AND payload->>'userId' IS NOT NULL GROUP BY 1, 2`,
          [ACTIVITY_EVENTS],
        );
        await manager.query(
          `CREATE TEMP TABLE expected_user_last_activity ON COMMIT DROP AS
             SELECT user_id, max(day) AS last_day FROM expected_user_daily_activity GROUP BY user_id`,
        );
        await manager.query(
          `CREATE TEMP TABLE expected_last_activity_days ON COMMIT DROP AS
             SELECT last_day AS day, count(*)::int AS users FROM expected_user_last_activity GROUP BY last_day`,
        );
        await manager.query(
          `CREATE TEMP TABLE expected_daily_metrics ON COMMIT DROP AS
             SELECT e.day, e.new_signups, coalesce(a.active_users, 0) AS active_users, e.revenue, e.payments_confirmed, e.payments_refunded,
                    e.lesson_completions, e.course_completions, e.enrollments
               FROM (SELECT day,
                            count(*) FILTER (WHERE type IN ('account.created', 'user.created'))::int AS new_signups,
                            (coalesce(sum((payload->>'amount')::numeric) FILTER (WHERE type = 'payment.confirmed'), 0)
                              - coalesce(sum((payload->>'amount')::numeric) FILTER (WHERE type = 'payment.refunded'), 0))::numeric(14, 2) AS revenue,
                            count(*) FILTER (WHERE type = 'payment.confirmed')::int AS payments_confirmed,
                            count(*) FILTER (WHERE type = 'payment.refunded')::int AS payments_refunded,
                            count(*) FILTER (WHERE type = 'lesson.completed')::int AS lesson_completions,
                            count(*) FILTER (WHERE type = 'course.completed')::int AS course_completions,
                            count(*) FILTER (WHERE type = 'course.started')::int AS enrollments
                       FROM replay_events GROUP BY day) e
               LEFT JOIN (SELECT day, count(*)::int AS active_users FROM expected_user_daily_activity GROUP BY day) a ON a.day = e.day`,
        );
        await manager.query(
          `CREATE TEMP TABLE expected_course_daily_metrics ON COMMIT DROP AS
             SELECT (payload->>'courseId')::int AS course_id, day,
                    count(*) FILTER (WHERE type = 'course.completed')::int AS completions,
                    count(*) FILTER (WHERE type = 'course.started')::int AS enrollments,
                    coalesce(sum((payload->>'price')::numeric) FILTER (WHERE type = 'course.started'), 0)::numeric(14, 2) AS revenue
               FROM replay_events WHERE type IN ('course.completed', 'course.started') GROUP BY 1, 2`,
        );

        const differences = {} as RecomputeReport['differences'];
        const samples: Record<string, unknown[]> = {};
        const keys: Record<(typeof ROLLUP_TABLES)[number], string[]> = {
          daily_metrics: ['day'],
          user_daily_activity: ['user_id', 'day'],
          user_last_activity: ['user_id'],
          last_activity_days: ['day'],
          course_daily_metrics: ['course_id', 'day'],
        };
        for (const table of ROLLUP_TABLES) {
          const on = keys[table].map((k) => `a.${k} = e.${k}`).join(' AND ');
          const differing = `FROM ${table} a FULL OUTER JOIN expected_${table} e ON ${on} WHERE a IS DISTINCT FROM e`;
          const [{ n }] = await manager.query(`SELECT count(*)::int AS n ${differing}`);
          differences[table] = n;
          samples[table] = n > 0 ? await manager.query(`SELECT to_jsonb(a) AS actual, to_jsonb(e) AS expected ${differing} LIMIT 5`) : [];
          if (n > 0) {
            await manager.query(`DELETE FROM ${table}`);
            await manager.query(`INSERT INTO ${table} SELECT * FROM expected_${table}`);
          }
        }
        return { eventsReplayed, differences, samples };
      });
      const replaced = ROLLUP_TABLES.filter((t) => report.differences[t] > 0);
      // Fresh statistics and visibility map after a bulk replace, so reads stay index-only.
      if (replaced.length > 0) await this.dataSource.query(`VACUUM (ANALYZE) ${replaced.join(', ')}`);
      const full: RecomputeReport = { runId, ...report, durationMs: Date.now() - started };
      await this.dataSource.query(`UPDATE analytics_recompute_runs SET finished_at = clock_timestamp(), events_replayed = $2, differences = $3 WHERE id = $1`, [
        runId,
        full.eventsReplayed,
        JSON.stringify({ counts: full.differences, samples: full.samples }),
      ]);
      const drift = Object.values(full.differences).reduce((a, b) => a + b, 0);
      if (drift > 0) this.logger.warn({ runId, differences: full.differences, samples: full.samples }, 'Analytics recompute found drift in the rollups and replaced them');
      else this.logger.log({ runId, eventsReplayed: full.eventsReplayed, ms: full.durationMs }, 'Analytics recompute: rollups agree with the event log');
      return full;
    } catch (err) {
      await this.dataSource.query(`UPDATE analytics_recompute_runs SET finished_at = clock_timestamp(), error = $2 WHERE id = $1`, [runId, (err as Error).message]);
      throw err;
    }
  }

  async recentRuns(limit = 10): Promise<Array<Record<string, unknown>>> {
    return this.dataSource.query(
      `SELECT id, requested_by AS "requestedBy", started_at AS "startedAt", finished_at AS "finishedAt", events_replayed AS "eventsReplayed",
              differences->'counts' AS differences, error
         FROM analytics_recompute_runs ORDER BY id DESC LIMIT $1`,
      [limit],
    );
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { queryOne, queryRows, typedExecute } from '../../database/sql.repository';
import type { IPingQuery } from './analytics.repository.types';

/**
 * Today's date where the day boundaries are (Settings > General > Timezone).
 * The zone is one of the settings' fixed IANA names, checked again here
 * because it is written into the statement.
 */
function today(zone: string): string {
  if (!/^[A-Za-z_]+(\/[A-Za-z_]+)*$/.test(zone)) throw new Error(`Not a time zone name: ${zone}`);
  return `(now() AT TIME ZONE '${zone}')::date`;
}

export interface OverviewRollup {
  signups30: number;
  active24: number;
  active_prev24: number;
  completions: number;
  enrollments: number;
  completions_before: number;
  enrollments_before: number;
}

export interface RangeTotals {
  newUsers: number;
  completions: number;
  activeUsers: number;
  quizAttempts: number;
  quizPasses: number;
  certificatesIssued: number;
}

export interface CourseRangeFigures {
  course_id: number;
  completions: number;
  enrollments: number;
  quiz_attempts: number;
  quiz_passes: number;
  certificates_issued: number;
}

/*
 * ping is typed against the schema by pgtyped (npm run db:types writes analytics.repository.types.ts). The figures'
 * statements write the day boundary (today()) and the range's start into their text at run time and stay hand-typed.
 */
const ping = sql<IPingQuery>`SELECT 1 AS alive`;

/** The admin's figures, read from the rollups only (never the raw event tables). */
@Injectable()
export class AnalyticsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async overview(zone: string): Promise<OverviewRollup> {
    const TODAY = today(zone);
    const row = await queryOne<OverviewRollup>(
      this.dataSource.manager,
      `SELECT
         (SELECT coalesce(sum(new_signups), 0)::int FROM daily_metrics WHERE day > ${TODAY} - 30) AS signups30,
         (SELECT count(DISTINCT user_id)::int FROM user_daily_activity WHERE day >= ${TODAY} - 1 AND last_at >= now() - interval '24 hours') AS active24,
         (SELECT count(DISTINCT user_id)::int FROM user_daily_activity
           WHERE day >= ${TODAY} - 2 AND last_at >= now() - interval '48 hours' AND first_at < now() - interval '24 hours') AS active_prev24,
         (SELECT coalesce(sum(completions), 0)::int FROM course_daily_metrics) AS completions,
         (SELECT coalesce(sum(enrollments), 0)::int FROM course_daily_metrics) AS enrollments,
         (SELECT coalesce(sum(completions), 0)::int FROM course_daily_metrics WHERE day <= ${TODAY} - 30) AS completions_before,
         (SELECT coalesce(sum(enrollments), 0)::int FROM course_daily_metrics WHERE day <= ${TODAY} - 30) AS enrollments_before`,
    );
    return row!;
  }

  /** Totals of the last `days` days (today included). */
  async totals(days: number, zone: string): Promise<RangeTotals> {
    const TODAY = today(zone);
    const start = `(${TODAY} - ${days - 1})`;
    const row = await queryOne<RangeTotals>(
      this.dataSource.manager,
      `SELECT coalesce(sum(new_signups), 0)::int AS "newUsers", coalesce(sum(course_completions), 0)::int AS completions,
              coalesce(sum(quiz_attempts), 0)::int AS "quizAttempts", coalesce(sum(quiz_passes), 0)::int AS "quizPasses",
              coalesce(sum(certificates_issued), 0)::int AS "certificatesIssued",
              (SELECT coalesce(sum(users), 0)::int FROM last_activity_days WHERE day >= ${start}) AS "activeUsers"
         FROM daily_metrics WHERE day >= ${start}`,
    );
    return row!;
  }

  /** Sign-ups per calendar month over the last `days` days. */
  months(days: number, zone: string): Promise<Array<{ month: string; users: number }>> {
    const TODAY = today(zone);
    const start = `(${TODAY} - ${days - 1})`;
    return queryRows(
      this.dataSource.manager,
      `SELECT to_char(m, 'Mon YYYY') AS month,
              (SELECT coalesce(sum(d.new_signups), 0)::int FROM daily_metrics d WHERE d.day >= ${start} AND date_trunc('month', d.day) = m) AS users
         FROM generate_series(date_trunc('month', ${start}), date_trunc('month', ${TODAY}), interval '1 month') m
        ORDER BY m`,
    );
  }

  /** Revenue per calendar month and currency over the last `days` days (months or currencies without a row are 0). */
  monthlyRevenue(days: number, zone: string): Promise<Array<{ month: string; currency: string; revenue: number }>> {
    const TODAY = today(zone);
    const start = `(${TODAY} - ${days - 1})`;
    return queryRows(
      this.dataSource.manager,
      `SELECT to_char(date_trunc('month', day), 'Mon YYYY') AS month, currency::text AS currency, sum(revenue)::float8 AS revenue
         FROM revenue_daily WHERE day >= ${start}
        GROUP BY date_trunc('month', day), currency ORDER BY date_trunc('month', day), currency`,
    );
  }

  /** Revenue this month so far and in the same stretch of last month, per currency (never summed across currencies). */
  revenueMonthToDate(zone: string): Promise<Array<{ currency: string; mtd: string; prev: string }>> {
    const TODAY = today(zone);
    return queryRows(
      this.dataSource.manager,
      `SELECT currency::text AS currency,
              coalesce(sum(revenue) FILTER (WHERE day >= date_trunc('month', ${TODAY})::date), 0)::numeric(14, 2)::text AS mtd,
              coalesce(sum(revenue) FILTER (WHERE day >= (date_trunc('month', ${TODAY}) - interval '1 month')::date
                                              AND day <= (${TODAY} - interval '1 month')::date), 0)::numeric(14, 2)::text AS prev
         FROM revenue_daily WHERE day >= (date_trunc('month', ${TODAY}) - interval '1 month')::date
        GROUP BY currency ORDER BY currency`,
    );
  }

  /** Revenue of the last `days` days (today included), per currency. */
  revenueTotals(days: number, zone: string): Promise<Array<{ currency: string; amount: string }>> {
    const TODAY = today(zone);
    const start = `(${TODAY} - ${days - 1})`;
    return queryRows(
      this.dataSource.manager,
      `SELECT currency::text AS currency, sum(revenue)::numeric(14, 2)::text AS amount FROM revenue_daily WHERE day >= ${start} GROUP BY currency ORDER BY currency`,
    );
  }

  /** Abandoned-checkout recovery in the last `days` days, per sale currency: reminders sent, recovered sales and their revenue. */
  recoveryTotals(days: number, zone: string): Promise<Array<{ currency: string; reminders: number; sales: number; amount: string }>> {
    const TODAY = today(zone);
    const start = `(${TODAY} - ${days - 1})`;
    return queryRows(
      this.dataSource.manager,
      `SELECT currency::text AS currency, sum(reminders)::int AS reminders, sum(recovered_sales)::int AS sales, sum(recovered_revenue)::numeric(14, 2)::text AS amount
         FROM recovery_daily WHERE day >= ${start} GROUP BY currency ORDER BY currency`,
    );
  }

  /** Active users and sign-ups for each of the last `days` days. */
  daily(days: number, zone: string): Promise<Array<{ date: string; activeUsers: number; newSignups: number }>> {
    const TODAY = today(zone);
    const start = `(${TODAY} - ${days - 1})`;
    return queryRows(
      this.dataSource.manager,
      `SELECT to_char(g, 'YYYY-MM-DD') AS date, coalesce(d.active_users, 0) AS "activeUsers", coalesce(d.new_signups, 0) AS "newSignups"
         FROM generate_series(${start}, ${TODAY}, interval '1 day') g LEFT JOIN daily_metrics d ON d.day = g::date
        ORDER BY g`,
    );
  }

  perCourse(days: number, zone: string): Promise<CourseRangeFigures[]> {
    const TODAY = today(zone);
    const start = `(${TODAY} - ${days - 1})`;
    return queryRows(
      this.dataSource.manager,
      `SELECT course_id, sum(completions)::int AS completions, sum(enrollments)::int AS enrollments, sum(quiz_attempts)::int AS quiz_attempts,
              sum(quiz_passes)::int AS quiz_passes, sum(certificates_issued)::int AS certificates_issued
         FROM course_daily_metrics WHERE day >= ${start} GROUP BY course_id`,
    );
  }

  /** A round trip to PostgreSQL (the system status). */
  async ping(): Promise<void> {
    await typedExecute(this.dataSource.manager, ping, undefined);
  }
}

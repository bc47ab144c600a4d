import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import type { CheckoutSource } from '../../events/event-catalogue';
import { FUNNEL_DIMENSION_VALUES } from './dto/analytics.dto';
import { typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type {
  IBumpFunnelQuery,
  IFunnelDaysQuery,
  IFunnelRangeQuery,
  IFunnelRowsQuery,
  IFunnelTotalsQuery,
  ILockFunnelForVisitQuery,
  IOutboxCheckoutSourceQuery,
  IPaymentSourceQuery,
  IRecordVisitQuery,
  IStorePaymentSourceQuery,
} from './funnel.repository.types';

/** The dimensions of funnel_daily besides `all` (whose value is ''). */
export const FUNNEL_DIMENSIONS = FUNNEL_DIMENSION_VALUES;
export type FunnelDimension = (typeof FUNNEL_DIMENSIONS)[number];

/** The value a visit or checkout counts under in a dimension it has nothing for: each dimension's rows then add up to `all`. */
export const NO_VALUE = '(none)';

/** A public page view: its path and its source (no IP address, user agent or user id). */
export interface PageView {
  path: string;
  affiliateCode: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrerDomain: string | null;
}

export interface FunnelCounts {
  visits: number;
  checkouts: number;
  paid: number;
  refunded: number;
}

/*
 * The statements below are typed against the schema by pgtyped (npm run db:types writes funnel.repository.types.ts).
 * recordVisit and bumpFunnel spread one fact over every dimension's row, in key order (dimension, day, value): two
 * writers bumping the same rows lock them in the same order and cannot deadlock. The recompute's expected_funnel_*
 * tables (rollups.repository.ts) spread facts the same way.
 */
const lockFunnelForVisit = sql<ILockFunnelForVisitQuery>`LOCK TABLE funnel_daily IN ROW EXCLUSIVE MODE`;
const recordVisit = sql<IRecordVisitQuery>`
  WITH v AS (
    INSERT INTO site_visits (path, affiliate_code, utm_source, utm_medium, utm_campaign, referrer_domain)
    VALUES ($path!, $affiliateCode, $utmSource, $utmMedium, $utmCampaign, $referrerDomain)
    RETURNING (at AT TIME ZONE $zone!::text)::date AS day, affiliate_code, utm_source, utm_medium, utm_campaign, referrer_domain
  )
  INSERT INTO funnel_daily (dimension, day, value, visits)
  SELECT d.dimension, v.day, d.value, 1
    FROM v CROSS JOIN LATERAL (VALUES ('all', ''), ('affiliate', coalesce(v.affiliate_code, '(none)')), ('utm_source', coalesce(v.utm_source, '(none)')),
                                      ('utm_medium', coalesce(v.utm_medium, '(none)')), ('utm_campaign', coalesce(v.utm_campaign, '(none)')),
                                      ('referrer', coalesce(v.referrer_domain, '(none)')), ('coupon', '(none)')) d(dimension, value)
   ORDER BY 1, 2, 3
  ON CONFLICT (dimension, day, value) DO UPDATE SET visits = funnel_daily.visits + 1`;
const bumpFunnel = sql<IBumpFunnelQuery>`
  INSERT INTO funnel_daily (dimension, day, value, checkouts, paid, refunded)
  SELECT d.dimension, $day!::date, d.value, $checkouts!::int, $paid!::int, $refunded!::int
    FROM (VALUES ('all', ''), ('affiliate', coalesce($affiliateCode::text, '(none)')), ('utm_source', coalesce($utmSource::text, '(none)')),
                 ('utm_medium', coalesce($utmMedium::text, '(none)')), ('utm_campaign', coalesce($utmCampaign::text, '(none)')),
                 ('referrer', coalesce($referrerDomain::text, '(none)')), ('coupon', coalesce($couponCode::text, '(none)'))) d(dimension, value)
   ORDER BY 1, 2, 3
  ON CONFLICT (dimension, day, value) DO UPDATE SET checkouts = funnel_daily.checkouts + EXCLUDED.checkouts,
    paid = funnel_daily.paid + EXCLUDED.paid, refunded = funnel_daily.refunded + EXCLUDED.refunded`;
const storePaymentSource = sql<IStorePaymentSourceQuery>`
  INSERT INTO funnel_payment_sources (payment_id, affiliate_code, utm_source, utm_medium, utm_campaign, referrer_domain, coupon_code)
  VALUES ($paymentId!, $affiliateCode, $utmSource, $utmMedium, $utmCampaign, $referrerDomain, $couponCode)
  ON CONFLICT (payment_id) DO NOTHING`;
const paymentSource = sql<IPaymentSourceQuery>`
  SELECT affiliate_code AS "affiliateCode", utm_source AS "utmSource", utm_medium AS "utmMedium", utm_campaign AS "utmCampaign",
         referrer_domain AS "referrerDomain", coupon_code AS "couponCode"
    FROM funnel_payment_sources WHERE payment_id = $paymentId!`;
const outboxCheckoutSource = sql<IOutboxCheckoutSourceQuery>`
  SELECT payload->'source' AS source FROM outbox_events
   WHERE aggregate_type = 'payment' AND aggregate_id = $paymentId! AND type = 'payment.created'
   ORDER BY occurred_at LIMIT 1`;
const funnelTotals = sql<IFunnelTotalsQuery>`
  SELECT coalesce(sum(visits), 0)::int AS "visits!", coalesce(sum(checkouts), 0)::int AS "checkouts!",
         coalesce(sum(paid), 0)::int AS "paid!", coalesce(sum(refunded), 0)::int AS "refunded!"
    FROM funnel_daily WHERE dimension = 'all' AND day >= $start!::date`;
const funnelRows = sql<IFunnelRowsQuery>`
  SELECT value AS "value!", sum(visits)::int AS "visits!", sum(checkouts)::int AS "checkouts!", sum(paid)::int AS "paid!", sum(refunded)::int AS "refunded!"
    FROM funnel_daily WHERE dimension = $dimension! AND day >= $start!::date
   GROUP BY value
  HAVING sum(visits) + sum(checkouts) + sum(paid) + sum(refunded) > 0
   ORDER BY 4 DESC, 2 DESC, 1
   LIMIT $limit!`;
const funnelDays = sql<IFunnelDaysQuery>`
  SELECT to_char(g, 'YYYY-MM-DD') AS "day!", coalesce(f.visits, 0)::int AS "visits!", coalesce(f.checkouts, 0)::int AS "checkouts!",
         coalesce(f.paid, 0)::int AS "paid!", coalesce(f.refunded, 0)::int AS "refunded!"
    FROM generate_series($start!::date, $end!::date, interval '1 day') g
    LEFT JOIN funnel_daily f ON f.dimension = 'all' AND f.day = g::date AND f.value = ''
   ORDER BY g`;
const funnelRange = sql<IFunnelRangeQuery>`
  SELECT ((now() AT TIME ZONE $zone!::text)::date - ($days!::int - 1))::text AS "start!", (now() AT TIME ZONE $zone!::text)::date::text AS "end!"`;

/**
 * The funnel's tables (analytics-owned): site_visits (raw page views),
 * funnel_payment_sources (each checkout's source) and the funnel_daily
 * rollup the console reads. The only other table read is the event log
 * (outbox_events), for a checkout's source when its payment.created has
 * not been counted yet.
 */
@Injectable()
export class FunnelRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A visit's transaction takes funnel_daily first, as a rollup writer does (the recompute holds it while it rebuilds). */
  async lockForVisit(manager: EntityManager): Promise<void> {
    await typedExecute(manager, lockFunnelForVisit, undefined);
  }

  /** Inserts the page view and counts it in funnel_daily under its day in `zone` (the day of its own `at`, as the recompute computes it). */
  async recordVisit(manager: EntityManager, view: PageView, zone: string): Promise<void> {
    await typedExecute(manager, recordVisit, { ...view, zone });
  }

  async bump(manager: EntityManager, day: string, source: CheckoutSource, by: Partial<Omit<FunnelCounts, 'visits'>>): Promise<void> {
    await typedExecute(manager, bumpFunnel, { ...source, day, checkouts: by.checkouts ?? 0, paid: by.paid ?? 0, refunded: by.refunded ?? 0 });
  }

  async storePaymentSource(manager: EntityManager, paymentId: string, source: CheckoutSource): Promise<void> {
    await typedExecute(manager, storePaymentSource, { paymentId, ...source });
  }

  async paymentSource(manager: EntityManager, paymentId: string): Promise<CheckoutSource | undefined> {
    return typedOne(manager, paymentSource, { paymentId });
  }

  /** The source in the payment's payment.created event (undefined: no such event; null: it had none). */
  async checkoutSourceInLog(manager: EntityManager, paymentId: string): Promise<Partial<CheckoutSource> | null | undefined> {
    const row = await typedOne(manager, outboxCheckoutSource, { paymentId });
    return row ? ((row.source as Partial<CheckoutSource> | null) ?? null) : undefined;
  }

  async totals(start: string): Promise<FunnelCounts> {
    return (await typedOne(this.dataSource.manager, funnelTotals, { start }))!;
  }

  /** One dimension's values over the range, most paid first (then most visits). */
  rows(dimension: FunnelDimension, start: string, limit: number): Promise<Array<FunnelCounts & { value: string }>> {
    return typedRows(this.dataSource.manager, funnelRows, { dimension, start, limit });
  }

  days(start: string, end: string): Promise<Array<FunnelCounts & { day: string }>> {
    return typedRows(this.dataSource.manager, funnelDays, { start, end });
  }

  /** The first day of the last `days` days (today included) in `zone`, and today. */
  async range(days: number, zone: string): Promise<{ start: string; end: string }> {
    return (await typedOne(this.dataSource.manager, funnelRange, { days, zone }))!;
  }
}

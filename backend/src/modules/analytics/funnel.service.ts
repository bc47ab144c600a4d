import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CommonError } from '../../common/errors/common.error';
import { SettingsService } from '../settings';
import { ANALYTICS_RANGES, type AnalyticsRange, type Funnel, type FunnelRow } from './dto/analytics.dto';
import { FUNNEL_DIMENSIONS, FunnelRepository, NO_VALUE, type FunnelCounts, type FunnelDimension, type PageView } from './funnel.repository';

/** The most source rows one answer (and one CSV) holds. */
export const FUNNEL_ROW_LIMIT = 100;

/** PostgreSQL's lock_not_available: the lock_timeout passed while a recompute held funnel_daily. */
const LOCK_NOT_AVAILABLE = '55P03';

const NONE_LABELS: Record<FunnelDimension, string> = {
  affiliate: 'No affiliate',
  utm_source: 'No UTM source',
  utm_medium: 'No UTM medium',
  utm_campaign: 'No UTM campaign',
  referrer: 'No referrer (direct)',
  coupon: 'No coupon',
};

export function parseDimension(raw: unknown): FunnelDimension {
  if (raw === undefined || raw === '') return 'affiliate';
  if (typeof raw !== 'string' || !(FUNNEL_DIMENSIONS as readonly string[]).includes(raw)) {
    throw CommonError.field('dimension', `dimension must be one of ${FUNNEL_DIMENSIONS.join(', ')}`);
  }
  return raw as FunnelDimension;
}

/** numerator / denominator as a fraction rounded to 4 places; null when the denominator is 0 (no rate rather than 0). */
export function rate(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : Math.round((numerator / denominator) * 10_000) / 10_000;
}

function funnelRow(value: string, label: string, c: FunnelCounts): FunnelRow {
  return {
    value,
    label,
    visits: c.visits,
    checkouts: c.checkouts,
    paid: c.paid,
    refunded: c.refunded,
    checkoutRate: rate(c.checkouts, c.visits),
    paidRate: rate(c.paid, c.checkouts),
    conversionRate: rate(c.paid, c.visits),
    refundRate: rate(c.refunded, c.paid),
  };
}

/**
 * Funnel analytics: visits (server-side counts of public page views),
 * checkouts, paid and refunded by source. Visits are recorded here (the
 * learner app reports each page view through the referral endpoint);
 * checkouts, payments and refunds come from events (RollupsService).
 */
@Injectable()
export class FunnelService {
  private readonly logger = new Logger(FunnelService.name);

  constructor(
    private readonly funnel: FunnelRepository,
    private readonly dataSource: DataSource,
    private readonly settings: SettingsService,
  ) {}

  /**
   * Records a page view and counts it in funnel_daily, in one transaction.
   * It waits (up to the connection's lock_timeout) while a recompute holds
   * the rollups; past that the view is not counted (a warning says so)
   * rather than failing the visitor's request. Returns whether it was.
   */
  async recordVisit(view: PageView): Promise<boolean> {
    const zone = await this.settings.timeZone();
    try {
      await this.dataSource.transaction(async (manager) => {
        await this.funnel.lockForVisit(manager);
        await this.funnel.recordVisit(manager, view, zone);
      });
      return true;
    } catch (err) {
      if ((err as { code?: string }).code !== LOCK_NOT_AVAILABLE) throw err;
      this.logger.warn({ path: view.path }, 'Page view not counted: the analytics recompute held the funnel rollup past the lock timeout');
      return false;
    }
  }

  async funnelFor(range: AnalyticsRange, dimension: FunnelDimension): Promise<Funnel> {
    const zone = await this.settings.timeZone();
    const { start, end } = await this.funnel.range(ANALYTICS_RANGES[range], zone);
    const [totals, rows, days] = await Promise.all([
      this.funnel.totals(start),
      this.funnel.rows(dimension, start, FUNNEL_ROW_LIMIT),
      this.funnel.days(start, end),
    ]);
    return {
      range,
      dimension,
      totals: funnelRow('', 'Total', totals),
      rows: rows.map((r) => funnelRow(r.value, r.value === NO_VALUE ? NONE_LABELS[dimension] : r.value, r)),
      days,
    };
  }
}

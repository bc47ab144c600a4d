import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { likePattern, type ListQuery } from '../../common/http/list-query';
import { WhereBuilder } from '../../common/http/where-builder';
import { queryOne, queryRows, typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type {
  IAffiliateByCouponQuery,
  IAffiliateByIdQuery,
  IAffiliateByIdResult,
  IAffiliateByUserQuery,
  IApprovedAffiliateByCodeQuery,
  IApprovedAffiliateByIdQuery,
  IApprovedCodeByIdQuery,
  IAttributionOfQuery,
  ICouponHolderQuery,
  ICommissionTotalsQuery,
  IDashboardDaysQuery,
  IInsertAffiliateQuery,
  IInsertAttributionQuery,
  IInsertClickQuery,
  IInsertCommissionQuery,
  IInsertPayoutQuery,
  ILockAffiliateQuery,
  ILockCommissionQuery,
  ILockPayableQuery,
  IMarkPaidQuery,
  IOwedQuery,
  IPayoutByIdQuery,
  IPayoutLinesQuery,
  IPayoutsPageQuery,
  IPayoutsTotalQuery,
  IRecentCommissionsQuery,
  IReverseCommissionQuery,
  IUpdateAffiliateDecisionQuery,
  IUpdatePayoutDetailsQuery,
} from './affiliates.repository.types';

export type AffiliateStatus = 'pending' | 'approved' | 'rejected' | 'suspended';
export type CommissionType = 'percent' | 'fixed';
export type PayoutMethod = 'paypal' | 'bank' | 'crypto';
export type AttributionSource = 'referral_link' | 'coupon' | 'utm' | 'referrer';
export type CommissionState = 'pending' | 'approved' | 'paid' | 'reversed' | 'refused';

/** An affiliate as generated from the schema (affiliates.repository.types.ts, `npm run db:types`), with the values its checks allow. */
export type AffiliateRow = Omit<IAffiliateByIdResult, 'status' | 'commission_type' | 'payout_method'> & {
  status: AffiliateStatus;
  commission_type: CommissionType | null;
  payout_method: PayoutMethod;
};

/** An affiliate in the console's grid: the row and its figures (clicks, sales, and the commission totals in the site currency). */
export interface AffiliateGridRow extends AffiliateRow {
  clicks: number;
  sales: number;
  pending_total: string;
  payable_total: string;
  paid_total: string;
}

export interface AffiliateFilter {
  q?: string;
  status?: AffiliateStatus;
}

const SORT: Record<string, string> = {
  name: 'lower(a.name)',
  email: 'lower(a.email)',
  code: 'a.code',
  status: 'a.status',
  appliedAt: 'a.applied_at',
  decidedAt: 'a.decided_at',
};
export const AFFILIATE_SORT_FIELDS = Object.keys(SORT);

/*
 * The statements below are typed against the schema by pgtyped (npm run db:types writes affiliates.repository.types.ts).
 * The admin grid is built at run time (filters, sort, page) and stays hand-typed.
 */
const insertAffiliate = sql<IInsertAffiliateQuery>`
  INSERT INTO affiliates (user_id, name, email, code, website, promotion_plan, payout_method, payout_details)
  VALUES ($userId!, $name!, $email!, $code!, $website, $promotionPlan!, $payoutMethod!, $payoutDetails!)
  ON CONFLICT DO NOTHING RETURNING *`;
const affiliateById = sql<IAffiliateByIdQuery>`SELECT * FROM affiliates WHERE id = $id!`;
const affiliateByUser = sql<IAffiliateByUserQuery>`SELECT * FROM affiliates WHERE user_id = $userId!`;
const lockAffiliate = sql<ILockAffiliateQuery>`SELECT * FROM affiliates WHERE id = $id! FOR UPDATE`;
const approvedAffiliateByCode = sql<IApprovedAffiliateByCodeQuery>`SELECT id FROM affiliates WHERE code = $code! AND status = 'approved'`;
const approvedAffiliateById = sql<IApprovedAffiliateByIdQuery>`SELECT id FROM affiliates WHERE id = $id! AND status = 'approved'`;
const approvedCodeById = sql<IApprovedCodeByIdQuery>`SELECT code FROM affiliates WHERE id = $id! AND status = 'approved'`;
const affiliateByCoupon = sql<IAffiliateByCouponQuery>`SELECT id FROM affiliates WHERE coupon_code = $couponCode! AND status = 'approved'`;
const couponHolder = sql<ICouponHolderQuery>`SELECT id FROM affiliates WHERE coupon_code = $couponCode!`;
const updatePayoutDetails = sql<IUpdatePayoutDetailsQuery>`
  UPDATE affiliates SET payout_method = $payoutMethod!, payout_details = $payoutDetails!, updated_at = now() WHERE user_id = $userId! RETURNING *`;
const updateAffiliateDecision = sql<IUpdateAffiliateDecisionQuery>`
  UPDATE affiliates SET status = $status!, decided_at = $decidedAt, commission_type = $commissionType, commission_value = $commissionValue,
         coupon_code = $couponCode, updated_at = now()
   WHERE id = $id! RETURNING *`;
const insertClick = sql<IInsertClickQuery>`
  INSERT INTO referral_clicks (affiliate_id, day, utm_source, utm_medium, utm_campaign, referrer_domain, path)
  VALUES ($affiliateId, (now() AT TIME ZONE $timeZone!)::date, $utmSource, $utmMedium, $utmCampaign, $referrerDomain, $path!)`;
const insertAttribution = sql<IInsertAttributionQuery>`
  INSERT INTO payment_attributions (payment_id, affiliate_id, source, utm_source, utm_medium, utm_campaign, referrer_domain, coupon_code, clicked_at, buyer_user_id)
  VALUES ($paymentId!, $affiliateId, $source!, $utmSource, $utmMedium, $utmCampaign, $referrerDomain, $couponCode, $clickedAt, $buyerUserId)
  ON CONFLICT (payment_id) DO NOTHING`;
const attributionOf = sql<IAttributionOfQuery>`
  SELECT pa.payment_id, pa.affiliate_id AS "affiliate_id!", pa.source, pa.buyer_user_id, f.status, f.email AS affiliate_email, f.user_id AS affiliate_user_id,
         f.payout_method, f.payout_details,
         f.commission_type, f.commission_value::text AS commission_value
    FROM payment_attributions pa JOIN affiliates f ON f.id = pa.affiliate_id
   WHERE pa.payment_id = $paymentId!`;
const insertCommission = sql<IInsertCommissionQuery>`
  INSERT INTO affiliate_commissions (affiliate_id, payment_id, kind, amount, currency, state, payable_at, reason)
  VALUES ($affiliateId!, $paymentId!, $kind!, $amount!::numeric, $currency!, $state!, $payableAt!, $reason)
  ON CONFLICT (payment_id, kind) DO NOTHING
  RETURNING id, affiliate_id, payment_id, amount::text AS "amount!", currency, state, payable_at`;
const lockCommission = sql<ILockCommissionQuery>`
  SELECT id, affiliate_id, payment_id, amount::text AS "amount!", currency, state, payable_at, payout_id
    FROM affiliate_commissions WHERE payment_id = $paymentId! AND kind = $kind! FOR UPDATE`;
const reverseCommission = sql<IReverseCommissionQuery>`
  UPDATE affiliate_commissions SET state = 'reversed', reversed_at = now(), reason = $reason! WHERE id = $id! AND payout_id IS NULL AND state = 'pending'`;
const dashboardDays = sql<IDashboardDaysQuery>`
  WITH bounds AS (SELECT (now() AT TIME ZONE $timeZone!)::date AS today),
  days AS (
    SELECT generate_series(b.today - ($days!::int - 1), b.today, interval '1 day')::date AS day FROM bounds b
  ),
  clicks AS (
    SELECT c.day, count(*)::int AS n FROM referral_clicks c, bounds b
     WHERE c.affiliate_id = $affiliateId! AND c.day > b.today - $days!::int GROUP BY c.day
  ),
  checkouts AS (
    SELECT (pa.created_at AT TIME ZONE $timeZone!)::date AS day, count(*)::int AS n FROM payment_attributions pa, bounds b
     WHERE pa.affiliate_id = $affiliateId! AND pa.created_at >= (b.today - $days!::int)::timestamp AT TIME ZONE $timeZone! GROUP BY 1
  ),
  sales AS (
    SELECT (ac.created_at AT TIME ZONE $timeZone!)::date AS day, count(*)::int AS n FROM affiliate_commissions ac, bounds b
     WHERE ac.affiliate_id = $affiliateId! AND ac.kind = 'commission' AND ac.state <> 'refused'
       AND ac.created_at >= (b.today - $days!::int)::timestamp AT TIME ZONE $timeZone! GROUP BY 1
  )
  SELECT to_char(d.day, 'YYYY-MM-DD') AS "day!", coalesce(cl.n, 0)::int AS "clicks!", coalesce(co.n, 0)::int AS "checkouts!", coalesce(s.n, 0)::int AS "sales!"
    FROM days d LEFT JOIN clicks cl ON cl.day = d.day LEFT JOIN checkouts co ON co.day = d.day LEFT JOIN sales s ON s.day = d.day
   ORDER BY d.day`;
const commissionTotals = sql<ICommissionTotalsQuery>`
  SELECT currency,
         coalesce(sum(amount) FILTER (WHERE state = 'pending' AND payable_at > now()), 0)::numeric(12,2)::text AS "pending!",
         coalesce(sum(amount) FILTER (WHERE payout_id IS NULL AND ((state = 'pending' AND payable_at <= now()) OR state = 'approved')), 0)::numeric(12,2)::text AS "approved!",
         coalesce(sum(amount) FILTER (WHERE state = 'paid'), 0)::numeric(12,2)::text AS "paid!",
         coalesce(sum(amount) FILTER (WHERE state = 'reversed'), 0)::numeric(12,2)::text AS "reversed!"
    FROM affiliate_commissions WHERE affiliate_id = $affiliateId! AND state <> 'refused'
   GROUP BY currency ORDER BY currency`;
const recentCommissions = sql<IRecentCommissionsQuery>`
  SELECT id, created_at, amount::text AS "amount!", currency,
         CASE WHEN state = 'pending' AND payable_at <= now() THEN 'approved' ELSE state END AS "state!", payable_at
    FROM affiliate_commissions WHERE affiliate_id = $affiliateId! AND state <> 'refused'
   ORDER BY created_at DESC, id DESC LIMIT 50`;
/** What is payable now: commissions past their hold and clawbacks, not yet in a payout, of affiliates not rejected or suspended. */
const owed = sql<IOwedQuery>`
  SELECT f.id AS affiliate_id, f.name, f.email, f.payout_method, f.payout_details, ac.currency,
         sum(ac.amount)::numeric(12,2)::text AS "amount!", count(*)::int AS "lines!"
    FROM affiliate_commissions ac JOIN affiliates f ON f.id = ac.affiliate_id
   WHERE ac.payout_id IS NULL AND f.status IN ('approved', 'pending')
     AND ((ac.kind = 'commission' AND ac.state = 'pending' AND ac.payable_at <= now()) OR (ac.kind = 'clawback' AND ac.state = 'approved'))
   GROUP BY f.id, ac.currency HAVING sum(ac.amount) > 0
   ORDER BY ac.currency, lower(f.name), f.id`;
const lockPayable = sql<ILockPayableQuery>`
  SELECT ac.id, ac.affiliate_id, ac.amount::text AS "amount!"
    FROM affiliate_commissions ac JOIN affiliates f ON f.id = ac.affiliate_id
   WHERE ac.payout_id IS NULL AND ac.currency = $currency! AND f.status IN ('approved', 'pending')
     AND ($allAffiliates! OR ac.affiliate_id = ANY($affiliateIds!::uuid[]))
     AND ((ac.kind = 'commission' AND ac.state = 'pending' AND ac.payable_at <= now()) OR (ac.kind = 'clawback' AND ac.state = 'approved'))
   ORDER BY ac.id FOR UPDATE OF ac`;
const insertPayout = sql<IInsertPayoutQuery>`
  INSERT INTO affiliate_payouts (currency, total, count, reference, created_by) VALUES ($currency!, $total!::numeric, $count!, $reference!, $createdBy)
  RETURNING id, currency, total::text AS "total!", count, reference, paid_at`;
const markPaid = sql<IMarkPaidQuery>`
  UPDATE affiliate_commissions SET state = 'paid', payout_id = $payoutId!, paid_at = now() WHERE id = ANY($ids!::uuid[])`;
const payoutById = sql<IPayoutByIdQuery>`SELECT id, currency, total::text AS "total!", count, reference, paid_at FROM affiliate_payouts WHERE id = $id!`;
const payoutsPage = sql<IPayoutsPageQuery>`
  SELECT id, currency, total::text AS "total!", count, reference, paid_at FROM affiliate_payouts ORDER BY paid_at DESC, id DESC OFFSET $skip! LIMIT $take!`;
const payoutsTotal = sql<IPayoutsTotalQuery>`SELECT count(*)::int AS "total!" FROM affiliate_payouts`;
const payoutLines = sql<IPayoutLinesQuery>`
  SELECT f.id AS affiliate_id, f.name, f.email, f.payout_method, f.payout_details, ac.currency, sum(ac.amount)::numeric(12,2)::text AS "amount!"
    FROM affiliate_commissions ac JOIN affiliates f ON f.id = ac.affiliate_id
   WHERE ac.payout_id = $payoutId!
   GROUP BY f.id, ac.currency ORDER BY lower(f.name), f.id`;

export type AffiliateOf<T extends { status: string; commission_type: string | null; payout_method: string }> = Omit<
  T,
  'status' | 'commission_type' | 'payout_method'
> &
  Pick<AffiliateRow, 'status' | 'commission_type' | 'payout_method'>;
const asAffiliate = <T extends { status: string; commission_type: string | null; payout_method: string }>(row: T | undefined) =>
  row as AffiliateOf<T> | undefined;

/** The affiliate programme's tables: affiliates, referral clicks, payment attributions, commissions and payouts. */
@Injectable()
export class AffiliatesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Answers undefined when the user has applied already or the code is taken (the caller tells them apart). */
  async insert(
    manager: EntityManager,
    a: {
      userId: string;
      name: string;
      email: string;
      code: string;
      website: string | null;
      promotionPlan: string;
      payoutMethod: PayoutMethod;
      payoutDetails: string;
    },
  ): Promise<AffiliateRow | undefined> {
    return asAffiliate(await typedOne(manager, insertAffiliate, a));
  }

  async find(id: string, manager = this.dataSource.manager): Promise<AffiliateRow | undefined> {
    return asAffiliate(await typedOne(manager, affiliateById, { id }));
  }

  async findByUser(userId: string, manager = this.dataSource.manager): Promise<AffiliateRow | undefined> {
    return asAffiliate(await typedOne(manager, affiliateByUser, { userId }));
  }

  async lock(manager: EntityManager, id: string): Promise<AffiliateRow | undefined> {
    return asAffiliate(await typedOne(manager, lockAffiliate, { id }));
  }

  async approvedIdByCode(code: string): Promise<string | undefined> {
    return (await typedOne(this.dataSource.manager, approvedAffiliateByCode, { code }))?.id;
  }

  async isApproved(manager: EntityManager, id: string): Promise<boolean> {
    return Boolean(await typedOne(manager, approvedAffiliateById, { id }));
  }

  /** The code of an approved affiliate (the funnel's affiliate value); undefined for any other. */
  async approvedCodeById(id: string, manager = this.dataSource.manager): Promise<string | undefined> {
    return (await typedOne(manager, approvedCodeById, { id }))?.code;
  }

  async approvedIdByCoupon(manager: EntityManager, couponCode: string): Promise<string | undefined> {
    return (await typedOne(manager, affiliateByCoupon, { couponCode }))?.id;
  }

  async couponHolder(manager: EntityManager, couponCode: string): Promise<string | undefined> {
    return (await typedOne(manager, couponHolder, { couponCode }))?.id;
  }

  async updatePayoutDetails(userId: string, payoutMethod: PayoutMethod, payoutDetails: string): Promise<AffiliateRow | undefined> {
    return asAffiliate(await typedOne(this.dataSource.manager, updatePayoutDetails, { userId, payoutMethod, payoutDetails }));
  }

  async updateDecision(
    manager: EntityManager,
    id: string,
    d: { status: AffiliateStatus; decidedAt: Date | null; commissionType: CommissionType | null; commissionValue: string | null; couponCode: string | null },
  ): Promise<AffiliateRow> {
    return asAffiliate(await typedOne(manager, updateAffiliateDecision, { id, ...d }))!;
  }

  async insertClick(c: {
    affiliateId: string | null;
    timeZone: string;
    utmSource: string | null;
    utmMedium: string | null;
    utmCampaign: string | null;
    referrerDomain: string | null;
    path: string;
  }): Promise<void> {
    await typedExecute(this.dataSource.manager, insertClick, c);
  }

  async insertAttribution(
    manager: EntityManager,
    a: {
      paymentId: string;
      affiliateId: string | null;
      source: AttributionSource;
      utmSource: string | null;
      utmMedium: string | null;
      utmCampaign: string | null;
      referrerDomain: string | null;
      couponCode: string | null;
      clickedAt: Date | null;
      buyerUserId: string | null;
    },
  ): Promise<void> {
    await typedExecute(manager, insertAttribution, a);
  }

  /** The payment's attribution to an affiliate, with what the commission needs to know about that affiliate; undefined when none. */
  async attributionOf(manager: EntityManager, paymentId: string) {
    return typedOne(manager, attributionOf, { paymentId });
  }

  /** Answers the line, or undefined when the payment has one of this kind already. */
  async insertCommission(
    manager: EntityManager,
    c: {
      affiliateId: string;
      paymentId: string;
      kind: 'commission' | 'clawback';
      amount: string;
      currency: string;
      state: CommissionState;
      payableAt: Date;
      reason: string | null;
    },
  ) {
    return typedOne(manager, insertCommission, c);
  }

  async lockCommission(manager: EntityManager, paymentId: string, kind: 'commission' | 'clawback') {
    return typedOne(manager, lockCommission, { paymentId, kind });
  }

  async reverse(manager: EntityManager, id: string, reason: string): Promise<boolean> {
    return (await typedExecute(manager, reverseCommission, { id, reason })) > 0;
  }

  dashboardDays(affiliateId: string, days: number, timeZone: string) {
    return typedRows(this.dataSource.manager, dashboardDays, { affiliateId, days, timeZone });
  }

  commissionTotals(affiliateId: string) {
    return typedRows(this.dataSource.manager, commissionTotals, { affiliateId });
  }

  recentCommissions(affiliateId: string) {
    return typedRows(this.dataSource.manager, recentCommissions, { affiliateId });
  }

  owed() {
    return typedRows(this.dataSource.manager, owed, undefined);
  }

  lockPayable(manager: EntityManager, currency: string, affiliateIds: string[] | null) {
    return typedRows(manager, lockPayable, { currency, allAffiliates: affiliateIds === null, affiliateIds: affiliateIds ?? [] });
  }

  insertPayout(manager: EntityManager, p: { currency: string; total: string; count: number; reference: string; createdBy: string | null }) {
    return typedOne(manager, insertPayout, p).then((row) => row!);
  }

  async markPaid(manager: EntityManager, payoutId: string, ids: string[]): Promise<number> {
    return typedExecute(manager, markPaid, { payoutId, ids });
  }

  payout(id: string) {
    return typedOne(this.dataSource.manager, payoutById, { id });
  }

  async payouts(skip: number, take: number) {
    const rows = await typedRows(this.dataSource.manager, payoutsPage, { skip, take });
    const total = (await typedOne(this.dataSource.manager, payoutsTotal, undefined))?.total ?? 0;
    return { rows, total };
  }

  payoutLines(payoutId: string) {
    return typedRows(this.dataSource.manager, payoutLines, { payoutId });
  }

  /** The console's grid: a page of affiliates (filtered, sorted) with their figures, the totals in `currency`. */
  async list(
    filter: AffiliateFilter,
    page: Pick<ListQuery, 'sort' | 'skip' | 'take' | 'ids'>,
    currency: string,
  ): Promise<{ rows: AffiliateGridRow[]; total: number }> {
    const q = filter.q ? likePattern(filter.q) : undefined;
    const where = new WhereBuilder()
      .when(filter.status, 'a.status = ?', filter.status)
      .when(q, '(a.name ILIKE ? OR a.email ILIKE ? OR a.code ILIKE ?)', q, q, q)
      .when(page.ids, 'a.id = ANY(?::uuid[])', page.ids);
    const count = await queryOne<{ total: number }>(this.dataSource.manager, `SELECT count(*)::int AS total FROM affiliates a ${where.sql}`, where.params);
    const n = where.params.length;
    const rows = await queryRows<AffiliateGridRow>(
      this.dataSource.manager,
      `WITH page AS (
         SELECT a.* FROM affiliates a ${where.sql}
          ORDER BY ${SORT[page.sort.field]} ${page.sort.order} NULLS LAST, a.id DESC OFFSET ${page.skip} LIMIT ${page.take}
       )
       SELECT a.*, coalesce(cl.n, 0)::int AS clicks, coalesce(s.sales, 0)::int AS sales,
              coalesce(s.pending_total, 0)::numeric(12,2)::text AS pending_total, coalesce(s.payable_total, 0)::numeric(12,2)::text AS payable_total,
              coalesce(s.paid_total, 0)::numeric(12,2)::text AS paid_total
         FROM page a
         LEFT JOIN LATERAL (SELECT count(*) AS n FROM referral_clicks c WHERE c.affiliate_id = a.id) cl ON true
         LEFT JOIN LATERAL (
           SELECT count(*) FILTER (WHERE kind = 'commission' AND state <> 'refused') AS sales,
                  sum(amount) FILTER (WHERE currency = $${n + 1} AND state = 'pending' AND payable_at > now()) AS pending_total,
                  sum(amount) FILTER (WHERE currency = $${n + 1} AND payout_id IS NULL AND ((state = 'pending' AND payable_at <= now()) OR state = 'approved')) AS payable_total,
                  sum(amount) FILTER (WHERE currency = $${n + 1} AND state = 'paid') AS paid_total
             FROM affiliate_commissions ac WHERE ac.affiliate_id = a.id
         ) s ON true
        ORDER BY ${SORT[page.sort.field]} ${page.sort.order} NULLS LAST, a.id DESC`,
      [...where.params, currency],
    );
    return { rows, total: count?.total ?? 0 };
  }
}

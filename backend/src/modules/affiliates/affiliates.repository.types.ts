/** Types generated for queries found in "backend/src/modules/affiliates/affiliates.repository.ts" */
export type DateOrString = Date | string;

export type NumberOrString = number | string;

export type stringArray = string[];

/** 'InsertAffiliate' parameters type */
export interface IInsertAffiliateParams {
  code: string;
  email: string;
  name: string;
  payoutDetails: string;
  payoutMethod: string;
  promotionPlan: string;
  userId: string;
  website?: string | null | void;
}

/** 'InsertAffiliate' return type */
export interface IInsertAffiliateResult {
  applied_at: Date;
  code: string;
  commission_type: string | null;
  commission_value: string | null;
  coupon_code: string | null;
  decided_at: Date | null;
  email: string;
  id: string;
  name: string;
  payout_details: string;
  payout_method: string;
  promotion_plan: string;
  status: string;
  updated_at: Date;
  user_id: string | null;
  website: string | null;
}

/** 'InsertAffiliate' query type */
export interface IInsertAffiliateQuery {
  params: IInsertAffiliateParams;
  result: IInsertAffiliateResult;
}

/** 'AffiliateById' parameters type */
export interface IAffiliateByIdParams {
  id: string;
}

/** 'AffiliateById' return type */
export interface IAffiliateByIdResult {
  applied_at: Date;
  code: string;
  commission_type: string | null;
  commission_value: string | null;
  coupon_code: string | null;
  decided_at: Date | null;
  email: string;
  id: string;
  name: string;
  payout_details: string;
  payout_method: string;
  promotion_plan: string;
  status: string;
  updated_at: Date;
  user_id: string | null;
  website: string | null;
}

/** 'AffiliateById' query type */
export interface IAffiliateByIdQuery {
  params: IAffiliateByIdParams;
  result: IAffiliateByIdResult;
}

/** 'AffiliateByUser' parameters type */
export interface IAffiliateByUserParams {
  userId: string;
}

/** 'AffiliateByUser' return type */
export interface IAffiliateByUserResult {
  applied_at: Date;
  code: string;
  commission_type: string | null;
  commission_value: string | null;
  coupon_code: string | null;
  decided_at: Date | null;
  email: string;
  id: string;
  name: string;
  payout_details: string;
  payout_method: string;
  promotion_plan: string;
  status: string;
  updated_at: Date;
  user_id: string | null;
  website: string | null;
}

/** 'AffiliateByUser' query type */
export interface IAffiliateByUserQuery {
  params: IAffiliateByUserParams;
  result: IAffiliateByUserResult;
}

/** 'LockAffiliate' parameters type */
export interface ILockAffiliateParams {
  id: string;
}

/** 'LockAffiliate' return type */
export interface ILockAffiliateResult {
  applied_at: Date;
  code: string;
  commission_type: string | null;
  commission_value: string | null;
  coupon_code: string | null;
  decided_at: Date | null;
  email: string;
  id: string;
  name: string;
  payout_details: string;
  payout_method: string;
  promotion_plan: string;
  status: string;
  updated_at: Date;
  user_id: string | null;
  website: string | null;
}

/** 'LockAffiliate' query type */
export interface ILockAffiliateQuery {
  params: ILockAffiliateParams;
  result: ILockAffiliateResult;
}

/** 'ApprovedAffiliateByCode' parameters type */
export interface IApprovedAffiliateByCodeParams {
  code: string;
}

/** 'ApprovedAffiliateByCode' return type */
export interface IApprovedAffiliateByCodeResult {
  id: string;
}

/** 'ApprovedAffiliateByCode' query type */
export interface IApprovedAffiliateByCodeQuery {
  params: IApprovedAffiliateByCodeParams;
  result: IApprovedAffiliateByCodeResult;
}

/** 'ApprovedAffiliateById' parameters type */
export interface IApprovedAffiliateByIdParams {
  id: string;
}

/** 'ApprovedAffiliateById' return type */
export interface IApprovedAffiliateByIdResult {
  id: string;
}

/** 'ApprovedAffiliateById' query type */
export interface IApprovedAffiliateByIdQuery {
  params: IApprovedAffiliateByIdParams;
  result: IApprovedAffiliateByIdResult;
}

/** 'ApprovedCodeById' parameters type */
export interface IApprovedCodeByIdParams {
  id: string;
}

/** 'ApprovedCodeById' return type */
export interface IApprovedCodeByIdResult {
  code: string;
}

/** 'ApprovedCodeById' query type */
export interface IApprovedCodeByIdQuery {
  params: IApprovedCodeByIdParams;
  result: IApprovedCodeByIdResult;
}

/** 'AffiliateByCoupon' parameters type */
export interface IAffiliateByCouponParams {
  couponCode: string;
}

/** 'AffiliateByCoupon' return type */
export interface IAffiliateByCouponResult {
  id: string;
}

/** 'AffiliateByCoupon' query type */
export interface IAffiliateByCouponQuery {
  params: IAffiliateByCouponParams;
  result: IAffiliateByCouponResult;
}

/** 'CouponHolder' parameters type */
export interface ICouponHolderParams {
  couponCode: string;
}

/** 'CouponHolder' return type */
export interface ICouponHolderResult {
  id: string;
}

/** 'CouponHolder' query type */
export interface ICouponHolderQuery {
  params: ICouponHolderParams;
  result: ICouponHolderResult;
}

/** 'UpdatePayoutDetails' parameters type */
export interface IUpdatePayoutDetailsParams {
  payoutDetails: string;
  payoutMethod: string;
  userId: string;
}

/** 'UpdatePayoutDetails' return type */
export interface IUpdatePayoutDetailsResult {
  applied_at: Date;
  code: string;
  commission_type: string | null;
  commission_value: string | null;
  coupon_code: string | null;
  decided_at: Date | null;
  email: string;
  id: string;
  name: string;
  payout_details: string;
  payout_method: string;
  promotion_plan: string;
  status: string;
  updated_at: Date;
  user_id: string | null;
  website: string | null;
}

/** 'UpdatePayoutDetails' query type */
export interface IUpdatePayoutDetailsQuery {
  params: IUpdatePayoutDetailsParams;
  result: IUpdatePayoutDetailsResult;
}

/** 'UpdateAffiliateDecision' parameters type */
export interface IUpdateAffiliateDecisionParams {
  commissionType?: string | null | void;
  commissionValue?: NumberOrString | null | void;
  couponCode?: string | null | void;
  decidedAt?: DateOrString | null | void;
  id: string;
  status: string;
}

/** 'UpdateAffiliateDecision' return type */
export interface IUpdateAffiliateDecisionResult {
  applied_at: Date;
  code: string;
  commission_type: string | null;
  commission_value: string | null;
  coupon_code: string | null;
  decided_at: Date | null;
  email: string;
  id: string;
  name: string;
  payout_details: string;
  payout_method: string;
  promotion_plan: string;
  status: string;
  updated_at: Date;
  user_id: string | null;
  website: string | null;
}

/** 'UpdateAffiliateDecision' query type */
export interface IUpdateAffiliateDecisionQuery {
  params: IUpdateAffiliateDecisionParams;
  result: IUpdateAffiliateDecisionResult;
}

/** 'InsertClick' parameters type */
export interface IInsertClickParams {
  affiliateId?: string | null | void;
  path: string;
  referrerDomain?: string | null | void;
  timeZone: string;
  utmCampaign?: string | null | void;
  utmMedium?: string | null | void;
  utmSource?: string | null | void;
}

/** 'InsertClick' return type */
export type IInsertClickResult = void;

/** 'InsertClick' query type */
export interface IInsertClickQuery {
  params: IInsertClickParams;
  result: IInsertClickResult;
}

/** 'InsertAttribution' parameters type */
export interface IInsertAttributionParams {
  affiliateId?: string | null | void;
  buyerUserId?: string | null | void;
  clickedAt?: DateOrString | null | void;
  couponCode?: string | null | void;
  paymentId: string;
  referrerDomain?: string | null | void;
  source: string;
  utmCampaign?: string | null | void;
  utmMedium?: string | null | void;
  utmSource?: string | null | void;
}

/** 'InsertAttribution' return type */
export type IInsertAttributionResult = void;

/** 'InsertAttribution' query type */
export interface IInsertAttributionQuery {
  params: IInsertAttributionParams;
  result: IInsertAttributionResult;
}

/** 'AttributionOf' parameters type */
export interface IAttributionOfParams {
  paymentId: string;
}

/** 'AttributionOf' return type */
export interface IAttributionOfResult {
  affiliate_email: string;
  affiliate_id: string;
  affiliate_user_id: string | null;
  buyer_user_id: string | null;
  commission_type: string | null;
  commission_value: string | null;
  payment_id: string;
  payout_details: string;
  payout_method: string;
  source: string;
  status: string;
}

/** 'AttributionOf' query type */
export interface IAttributionOfQuery {
  params: IAttributionOfParams;
  result: IAttributionOfResult;
}

/** 'InsertCommission' parameters type */
export interface IInsertCommissionParams {
  affiliateId: string;
  amount: NumberOrString;
  currency: string;
  kind: string;
  payableAt: DateOrString;
  paymentId: string;
  reason?: string | null | void;
  state: string;
}

/** 'InsertCommission' return type */
export interface IInsertCommissionResult {
  affiliate_id: string;
  amount: string;
  currency: string;
  id: string;
  payable_at: Date;
  payment_id: string;
  state: string;
}

/** 'InsertCommission' query type */
export interface IInsertCommissionQuery {
  params: IInsertCommissionParams;
  result: IInsertCommissionResult;
}

/** 'LockCommission' parameters type */
export interface ILockCommissionParams {
  kind: string;
  paymentId: string;
}

/** 'LockCommission' return type */
export interface ILockCommissionResult {
  affiliate_id: string;
  amount: string;
  currency: string;
  id: string;
  payable_at: Date;
  payment_id: string;
  payout_id: string | null;
  state: string;
}

/** 'LockCommission' query type */
export interface ILockCommissionQuery {
  params: ILockCommissionParams;
  result: ILockCommissionResult;
}

/** 'ReverseCommission' parameters type */
export interface IReverseCommissionParams {
  id: string;
  reason: string;
}

/** 'ReverseCommission' return type */
export type IReverseCommissionResult = void;

/** 'ReverseCommission' query type */
export interface IReverseCommissionQuery {
  params: IReverseCommissionParams;
  result: IReverseCommissionResult;
}

/** 'DashboardDays' parameters type */
export interface IDashboardDaysParams {
  affiliateId: string;
  days: number;
  timeZone: string;
}

/** 'DashboardDays' return type */
export interface IDashboardDaysResult {
  checkouts: number;
  clicks: number;
  day: string;
  sales: number;
}

/** 'DashboardDays' query type */
export interface IDashboardDaysQuery {
  params: IDashboardDaysParams;
  result: IDashboardDaysResult;
}

/** 'CommissionTotals' parameters type */
export interface ICommissionTotalsParams {
  affiliateId: string;
}

/** 'CommissionTotals' return type */
export interface ICommissionTotalsResult {
  approved: string;
  currency: string;
  paid: string;
  pending: string;
  reversed: string;
}

/** 'CommissionTotals' query type */
export interface ICommissionTotalsQuery {
  params: ICommissionTotalsParams;
  result: ICommissionTotalsResult;
}

/** 'RecentCommissions' parameters type */
export interface IRecentCommissionsParams {
  affiliateId: string;
}

/** 'RecentCommissions' return type */
export interface IRecentCommissionsResult {
  amount: string;
  created_at: Date;
  currency: string;
  id: string;
  payable_at: Date;
  state: string;
}

/** 'RecentCommissions' query type */
export interface IRecentCommissionsQuery {
  params: IRecentCommissionsParams;
  result: IRecentCommissionsResult;
}

/** 'Owed' parameters type */
export type IOwedParams = void;

/** 'Owed' return type */
export interface IOwedResult {
  affiliate_id: string;
  amount: string;
  currency: string;
  email: string;
  lines: number;
  name: string;
  payout_details: string;
  payout_method: string;
}

/** 'Owed' query type */
export interface IOwedQuery {
  params: IOwedParams;
  result: IOwedResult;
}

/** 'LockPayable' parameters type */
export interface ILockPayableParams {
  affiliateIds: stringArray;
  allAffiliates: boolean;
  currency: string;
}

/** 'LockPayable' return type */
export interface ILockPayableResult {
  affiliate_id: string;
  amount: string;
  id: string;
}

/** 'LockPayable' query type */
export interface ILockPayableQuery {
  params: ILockPayableParams;
  result: ILockPayableResult;
}

/** 'InsertPayout' parameters type */
export interface IInsertPayoutParams {
  count: number;
  createdBy?: string | null | void;
  currency: string;
  reference: string;
  total: NumberOrString;
}

/** 'InsertPayout' return type */
export interface IInsertPayoutResult {
  count: number;
  currency: string;
  id: string;
  paid_at: Date;
  reference: string;
  total: string;
}

/** 'InsertPayout' query type */
export interface IInsertPayoutQuery {
  params: IInsertPayoutParams;
  result: IInsertPayoutResult;
}

/** 'MarkPaid' parameters type */
export interface IMarkPaidParams {
  ids: stringArray;
  payoutId: string;
}

/** 'MarkPaid' return type */
export type IMarkPaidResult = void;

/** 'MarkPaid' query type */
export interface IMarkPaidQuery {
  params: IMarkPaidParams;
  result: IMarkPaidResult;
}

/** 'PayoutById' parameters type */
export interface IPayoutByIdParams {
  id: string;
}

/** 'PayoutById' return type */
export interface IPayoutByIdResult {
  count: number;
  currency: string;
  id: string;
  paid_at: Date;
  reference: string;
  total: string;
}

/** 'PayoutById' query type */
export interface IPayoutByIdQuery {
  params: IPayoutByIdParams;
  result: IPayoutByIdResult;
}

/** 'PayoutsPage' parameters type */
export interface IPayoutsPageParams {
  skip: NumberOrString;
  take: NumberOrString;
}

/** 'PayoutsPage' return type */
export interface IPayoutsPageResult {
  count: number;
  currency: string;
  id: string;
  paid_at: Date;
  reference: string;
  total: string;
}

/** 'PayoutsPage' query type */
export interface IPayoutsPageQuery {
  params: IPayoutsPageParams;
  result: IPayoutsPageResult;
}

/** 'PayoutsTotal' parameters type */
export type IPayoutsTotalParams = void;

/** 'PayoutsTotal' return type */
export interface IPayoutsTotalResult {
  total: number;
}

/** 'PayoutsTotal' query type */
export interface IPayoutsTotalQuery {
  params: IPayoutsTotalParams;
  result: IPayoutsTotalResult;
}

/** 'PayoutLines' parameters type */
export interface IPayoutLinesParams {
  payoutId: string;
}

/** 'PayoutLines' return type */
export interface IPayoutLinesResult {
  affiliate_id: string;
  amount: string;
  currency: string;
  email: string;
  name: string;
  payout_details: string;
  payout_method: string;
}

/** 'PayoutLines' query type */
export interface IPayoutLinesQuery {
  params: IPayoutLinesParams;
  result: IPayoutLinesResult;
}

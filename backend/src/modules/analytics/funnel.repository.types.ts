/** Types generated for queries found in "backend/src/modules/analytics/funnel.repository.ts" */
export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'LockFunnelForVisit' parameters type */
export type ILockFunnelForVisitParams = void;

/** 'LockFunnelForVisit' return type */
export type ILockFunnelForVisitResult = void;

/** 'LockFunnelForVisit' query type */
export interface ILockFunnelForVisitQuery {
  params: ILockFunnelForVisitParams;
  result: ILockFunnelForVisitResult;
}

/** 'RecordVisit' parameters type */
export interface IRecordVisitParams {
  affiliateCode?: string | null | void;
  path: string;
  referrerDomain?: string | null | void;
  utmCampaign?: string | null | void;
  utmMedium?: string | null | void;
  utmSource?: string | null | void;
  zone: string;
}

/** 'RecordVisit' return type */
export type IRecordVisitResult = void;

/** 'RecordVisit' query type */
export interface IRecordVisitQuery {
  params: IRecordVisitParams;
  result: IRecordVisitResult;
}

/** 'BumpFunnel' parameters type */
export interface IBumpFunnelParams {
  affiliateCode?: string | null | void;
  checkouts: number;
  couponCode?: string | null | void;
  day: DateOrString;
  paid: number;
  referrerDomain?: string | null | void;
  refunded: number;
  utmCampaign?: string | null | void;
  utmMedium?: string | null | void;
  utmSource?: string | null | void;
}

/** 'BumpFunnel' return type */
export type IBumpFunnelResult = void;

/** 'BumpFunnel' query type */
export interface IBumpFunnelQuery {
  params: IBumpFunnelParams;
  result: IBumpFunnelResult;
}

/** 'StorePaymentSource' parameters type */
export interface IStorePaymentSourceParams {
  affiliateCode?: string | null | void;
  couponCode?: string | null | void;
  paymentId: string;
  referrerDomain?: string | null | void;
  utmCampaign?: string | null | void;
  utmMedium?: string | null | void;
  utmSource?: string | null | void;
}

/** 'StorePaymentSource' return type */
export type IStorePaymentSourceResult = void;

/** 'StorePaymentSource' query type */
export interface IStorePaymentSourceQuery {
  params: IStorePaymentSourceParams;
  result: IStorePaymentSourceResult;
}

/** 'PaymentSource' parameters type */
export interface IPaymentSourceParams {
  paymentId: string;
}

/** 'PaymentSource' return type */
export interface IPaymentSourceResult {
  affiliateCode: string | null;
  couponCode: string | null;
  referrerDomain: string | null;
  utmCampaign: string | null;
  utmMedium: string | null;
  utmSource: string | null;
}

/** 'PaymentSource' query type */
export interface IPaymentSourceQuery {
  params: IPaymentSourceParams;
  result: IPaymentSourceResult;
}

/** 'OutboxCheckoutSource' parameters type */
export interface IOutboxCheckoutSourceParams {
  paymentId: string;
}

/** 'OutboxCheckoutSource' return type */
export interface IOutboxCheckoutSourceResult {
  source: Json | null;
}

/** 'OutboxCheckoutSource' query type */
export interface IOutboxCheckoutSourceQuery {
  params: IOutboxCheckoutSourceParams;
  result: IOutboxCheckoutSourceResult;
}

/** 'FunnelTotals' parameters type */
export interface IFunnelTotalsParams {
  start: DateOrString;
}

/** 'FunnelTotals' return type */
export interface IFunnelTotalsResult {
  checkouts: number;
  paid: number;
  refunded: number;
  visits: number;
}

/** 'FunnelTotals' query type */
export interface IFunnelTotalsQuery {
  params: IFunnelTotalsParams;
  result: IFunnelTotalsResult;
}

/** 'FunnelRows' parameters type */
export interface IFunnelRowsParams {
  dimension: string;
  limit: NumberOrString;
  start: DateOrString;
}

/** 'FunnelRows' return type */
export interface IFunnelRowsResult {
  checkouts: number;
  paid: number;
  refunded: number;
  value: string;
  visits: number;
}

/** 'FunnelRows' query type */
export interface IFunnelRowsQuery {
  params: IFunnelRowsParams;
  result: IFunnelRowsResult;
}

/** 'FunnelDays' parameters type */
export interface IFunnelDaysParams {
  end: DateOrString;
  start: DateOrString;
}

/** 'FunnelDays' return type */
export interface IFunnelDaysResult {
  checkouts: number;
  day: string;
  paid: number;
  refunded: number;
  visits: number;
}

/** 'FunnelDays' query type */
export interface IFunnelDaysQuery {
  params: IFunnelDaysParams;
  result: IFunnelDaysResult;
}

/** 'FunnelRange' parameters type */
export interface IFunnelRangeParams {
  days: number;
  zone: string;
}

/** 'FunnelRange' return type */
export interface IFunnelRangeResult {
  end: string;
  start: string;
}

/** 'FunnelRange' query type */
export interface IFunnelRangeQuery {
  params: IFunnelRangeParams;
  result: IFunnelRangeResult;
}

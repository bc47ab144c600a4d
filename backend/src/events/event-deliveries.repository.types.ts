/** Types generated for queries found in "backend/src/events/event-deliveries.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type stringArray = string[];

/** 'SettleDelivery' parameters type */
export interface ISettleDeliveryParams {
  consumer: string;
  eventId: string;
}

/** 'SettleDelivery' return type */
export interface ISettleDeliveryResult {
  event_id: string;
}

/** 'SettleDelivery' query type */
export interface ISettleDeliveryQuery {
  params: ISettleDeliveryParams;
  result: ISettleDeliveryResult;
}

/** 'LeaseDueDeliveries' parameters type */
export interface ILeaseDueDeliveriesParams {
  leaseSeconds: number;
  limit: NumberOrString;
}

/** 'LeaseDueDeliveries' return type */
export interface ILeaseDueDeliveriesResult {
  aggregate_id: string;
  aggregate_type: string;
  check_at: Date;
  checks: number;
  consumer: string;
  created_at: Date;
  dead_at: Date | null;
  event_id: string;
  job_id: string;
  last_error: string | null;
  occurred_at: Date;
  payload: Json;
  published_at: Date | null;
  queue: string;
  redrives: number;
  type: string;
}

/** 'LeaseDueDeliveries' query type */
export interface ILeaseDueDeliveriesQuery {
  params: ILeaseDueDeliveriesParams;
  result: ILeaseDueDeliveriesResult;
}

/** 'CheckDeliveryNow' parameters type */
export interface ICheckDeliveryNowParams {
  consumer: string;
  eventId: string;
}

/** 'CheckDeliveryNow' return type */
export type ICheckDeliveryNowResult = void;

/** 'CheckDeliveryNow' query type */
export interface ICheckDeliveryNowQuery {
  params: ICheckDeliveryNowParams;
  result: ICheckDeliveryNowResult;
}

/** 'PostponeDelivery' parameters type */
export interface IPostponeDeliveryParams {
  afterSeconds: number;
  checks: number;
  consumer: string;
  eventId: string;
}

/** 'PostponeDelivery' return type */
export type IPostponeDeliveryResult = void;

/** 'PostponeDelivery' query type */
export interface IPostponeDeliveryQuery {
  params: IPostponeDeliveryParams;
  result: IPostponeDeliveryResult;
}

/** 'RedriveDelivery' parameters type */
export interface IRedriveDeliveryParams {
  afterSeconds: number;
  consumer: string;
  eventId: string;
  jobId: string;
  reason: string;
}

/** 'RedriveDelivery' return type */
export type IRedriveDeliveryResult = void;

/** 'RedriveDelivery' query type */
export interface IRedriveDeliveryQuery {
  params: IRedriveDeliveryParams;
  result: IRedriveDeliveryResult;
}

/** 'MarkDeliveryDead' parameters type */
export interface IMarkDeliveryDeadParams {
  consumer: string;
  error: string;
  eventId: string;
}

/** 'MarkDeliveryDead' return type */
export interface IMarkDeliveryDeadResult {
  event_id: string;
}

/** 'MarkDeliveryDead' query type */
export interface IMarkDeliveryDeadQuery {
  params: IMarkDeliveryDeadParams;
  result: IMarkDeliveryDeadResult;
}

/** 'EnsureOwed' parameters type */
export interface IEnsureOwedParams {
  consumer: string;
  eventIds: stringArray;
  queue: string;
}

/** 'EnsureOwed' return type */
export interface IEnsureOwedResult {
  event_id: string;
}

/** 'EnsureOwed' query type */
export interface IEnsureOwedQuery {
  params: IEnsureOwedParams;
  result: IEnsureOwedResult;
}

/** 'BackfillDeliveries' parameters type */
export interface IBackfillDeliveriesParams {
  consumer: string;
  days: number;
  graceSeconds: number;
  queue: string;
  types: stringArray;
}

/** 'BackfillDeliveries' return type */
export interface IBackfillDeliveriesResult {
  event_id: string;
}

/** 'BackfillDeliveries' query type */
export interface IBackfillDeliveriesQuery {
  params: IBackfillDeliveriesParams;
  result: IBackfillDeliveriesResult;
}

/** 'OpenDeliveriesByQueue' parameters type */
export type IOpenDeliveriesByQueueParams = void;

/** 'OpenDeliveriesByQueue' return type */
export interface IOpenDeliveriesByQueueResult {
  dead: number;
  oldest: number | null;
  pending: number;
  queue: string;
}

/** 'OpenDeliveriesByQueue' query type */
export interface IOpenDeliveriesByQueueQuery {
  params: IOpenDeliveriesByQueueParams;
  result: IOpenDeliveriesByQueueResult;
}

/** 'DeliveryCounts' parameters type */
export type IDeliveryCountsParams = void;

/** 'DeliveryCounts' return type */
export interface IDeliveryCountsResult {
  dead: number;
  oldest: number | null;
  pending: number;
}

/** 'DeliveryCounts' query type */
export interface IDeliveryCountsQuery {
  params: IDeliveryCountsParams;
  result: IDeliveryCountsResult;
}

/** Types generated for queries found in "backend/src/events/outbox.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type stringArray = string[];

/** 'ClaimUnpublished' parameters type */
export interface IClaimUnpublishedParams {
  limit: NumberOrString;
  olderThanMs: number;
}

/** 'ClaimUnpublished' return type */
export interface IClaimUnpublishedResult {
  aggregate_id: string;
  aggregate_type: string;
  id: string;
  occurred_at: Date;
  payload: Json;
  trace_context: string | null;
  type: string;
}

/** 'ClaimUnpublished' query type */
export interface IClaimUnpublishedQuery {
  params: IClaimUnpublishedParams;
  result: IClaimUnpublishedResult;
}

/** 'MarkPublished' parameters type */
export interface IMarkPublishedParams {
  ids: stringArray;
}

/** 'MarkPublished' return type */
export type IMarkPublishedResult = void;

/** 'MarkPublished' query type */
export interface IMarkPublishedQuery {
  params: IMarkPublishedParams;
  result: IMarkPublishedResult;
}

/** 'UnpublishedStats' parameters type */
export type IUnpublishedStatsParams = void;

/** 'UnpublishedStats' return type */
export interface IUnpublishedStatsResult {
  count: number;
  oldestSeconds: number;
}

/** 'UnpublishedStats' query type */
export interface IUnpublishedStatsQuery {
  params: IUnpublishedStatsParams;
  result: IUnpublishedStatsResult;
}

/** 'EventExists' parameters type */
export interface IEventExistsParams {
  aggregateId: string;
  aggregateType: string;
  type: string;
}

/** 'EventExists' return type */
export interface IEventExistsResult {
  found: number | null;
}

/** 'EventExists' query type */
export interface IEventExistsQuery {
  params: IEventExistsParams;
  result: IEventExistsResult;
}

/** 'NewestEvents' parameters type */
export interface INewestEventsParams {
  limit: NumberOrString;
  types: stringArray;
}

/** 'NewestEvents' return type */
export interface INewestEventsResult {
  id: string;
  occurred_at: Date;
  payload: Json;
  type: string;
}

/** 'NewestEvents' query type */
export interface INewestEventsQuery {
  params: INewestEventsParams;
  result: INewestEventsResult;
}

/** 'EventsByIds' parameters type */
export interface IEventsByIdsParams {
  ids: stringArray;
}

/** 'EventsByIds' return type */
export interface IEventsByIdsResult {
  aggregate_id: string;
  aggregate_type: string;
  id: string;
  occurred_at: Date;
  payload: Json;
  published_at: Date | null;
  trace_context: string | null;
  type: string;
}

/** 'EventsByIds' query type */
export interface IEventsByIdsQuery {
  params: IEventsByIdsParams;
  result: IEventsByIdsResult;
}

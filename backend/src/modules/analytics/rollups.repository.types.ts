/** Types generated for queries found in "backend/src/modules/analytics/rollups.repository.ts" */
export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type stringArray = string[];

/** 'LockForEvent' parameters type */
export type ILockForEventParams = void;

/** 'LockForEvent' return type */
export type ILockForEventResult = void;

/** 'LockForEvent' query type */
export interface ILockForEventQuery {
  params: ILockForEventParams;
  result: ILockForEventResult;
}

/** 'EventTime' parameters type */
export interface IEventTimeParams {
  eventId: string;
  fallback: DateOrString;
  zone: string;
}

/** 'EventTime' return type */
export interface IEventTimeResult {
  at: string;
  day: string;
}

/** 'EventTime' query type */
export interface IEventTimeQuery {
  params: IEventTimeParams;
  result: IEventTimeResult;
}

/** 'DayOf' parameters type */
export interface IDayOfParams {
  at: DateOrString;
  zone: string;
}

/** 'DayOf' return type */
export interface IDayOfResult {
  day: string;
}

/** 'DayOf' query type */
export interface IDayOfQuery {
  params: IDayOfParams;
  result: IDayOfResult;
}

/** 'BumpCourse' parameters type */
export interface IBumpCourseParams {
  certificatesIssued: number;
  completions: number;
  courseId: number;
  day: DateOrString;
  enrollments: number;
  quizAttempts: number;
  quizPasses: number;
  revenue: NumberOrString;
}

/** 'BumpCourse' return type */
export type IBumpCourseResult = void;

/** 'BumpCourse' query type */
export interface IBumpCourseQuery {
  params: IBumpCourseParams;
  result: IBumpCourseResult;
}

/** 'BumpRevenue' parameters type */
export interface IBumpRevenueParams {
  currency: string;
  day: DateOrString;
  payments: number;
  refunds: number;
  revenue: NumberOrString;
}

/** 'BumpRevenue' return type */
export type IBumpRevenueResult = void;

/** 'BumpRevenue' query type */
export interface IBumpRevenueQuery {
  params: IBumpRevenueParams;
  result: IBumpRevenueResult;
}

/** 'RecordDailyActivity' parameters type */
export interface IRecordDailyActivityParams {
  at: DateOrString;
  day: DateOrString;
  userId: string;
}

/** 'RecordDailyActivity' return type */
export interface IRecordDailyActivityResult {
  inserted: boolean;
}

/** 'RecordDailyActivity' query type */
export interface IRecordDailyActivityQuery {
  params: IRecordDailyActivityParams;
  result: IRecordDailyActivityResult;
}

/** 'InsertLastActivity' parameters type */
export interface IInsertLastActivityParams {
  day: DateOrString;
  userId: string;
}

/** 'InsertLastActivity' return type */
export interface IInsertLastActivityResult {
  user_id: string;
}

/** 'InsertLastActivity' query type */
export interface IInsertLastActivityQuery {
  params: IInsertLastActivityParams;
  result: IInsertLastActivityResult;
}

/** 'LockLastActivity' parameters type */
export interface ILockLastActivityParams {
  userId: string;
}

/** 'LockLastActivity' return type */
export interface ILockLastActivityResult {
  last_day: string;
}

/** 'LockLastActivity' query type */
export interface ILockLastActivityQuery {
  params: ILockLastActivityParams;
  result: ILockLastActivityResult;
}

/** 'SetLastActivity' parameters type */
export interface ISetLastActivityParams {
  day: DateOrString;
  userId: string;
}

/** 'SetLastActivity' return type */
export type ISetLastActivityResult = void;

/** 'SetLastActivity' query type */
export interface ISetLastActivityQuery {
  params: ISetLastActivityParams;
  result: ISetLastActivityResult;
}

/** 'IncrementLastActivityDay' parameters type */
export interface IIncrementLastActivityDayParams {
  day: DateOrString;
}

/** 'IncrementLastActivityDay' return type */
export type IIncrementLastActivityDayResult = void;

/** 'IncrementLastActivityDay' query type */
export interface IIncrementLastActivityDayQuery {
  params: IIncrementLastActivityDayParams;
  result: IIncrementLastActivityDayResult;
}

/** 'DeleteLastActivityDay' parameters type */
export interface IDeleteLastActivityDayParams {
  day: DateOrString;
}

/** 'DeleteLastActivityDay' return type */
export type IDeleteLastActivityDayResult = void;

/** 'DeleteLastActivityDay' query type */
export interface IDeleteLastActivityDayQuery {
  params: IDeleteLastActivityDayParams;
  result: IDeleteLastActivityDayResult;
}

/** 'DecrementLastActivityDay' parameters type */
export interface IDecrementLastActivityDayParams {
  day: DateOrString;
}

/** 'DecrementLastActivityDay' return type */
export type IDecrementLastActivityDayResult = void;

/** 'DecrementLastActivityDay' query type */
export interface IDecrementLastActivityDayQuery {
  params: IDecrementLastActivityDayParams;
  result: IDecrementLastActivityDayResult;
}

/** 'RememberRecovery' parameters type */
export interface IRememberRecoveryParams {
  paymentId: string;
}

/** 'RememberRecovery' return type */
export type IRememberRecoveryResult = void;

/** 'RememberRecovery' query type */
export interface IRememberRecoveryQuery {
  params: IRememberRecoveryParams;
  result: IRememberRecoveryResult;
}

/** 'IsRecovery' parameters type */
export interface IIsRecoveryParams {
  paymentId: string;
}

/** 'IsRecovery' return type */
export interface IIsRecoveryResult {
  found: boolean;
}

/** 'IsRecovery' query type */
export interface IIsRecoveryQuery {
  params: IIsRecoveryParams;
  result: IIsRecoveryResult;
}

/** 'BumpRecovery' parameters type */
export interface IBumpRecoveryParams {
  currency: string;
  day: DateOrString;
  reminders: number;
  revenue: NumberOrString;
  sales: number;
}

/** 'BumpRecovery' return type */
export type IBumpRecoveryResult = void;

/** 'BumpRecovery' query type */
export interface IBumpRecoveryQuery {
  params: IBumpRecoveryParams;
  result: IBumpRecoveryResult;
}

/** 'NoStatementTimeout' parameters type */
export type INoStatementTimeoutParams = void;

/** 'NoStatementTimeout' return type */
export type INoStatementTimeoutResult = void;

/** 'NoStatementTimeout' query type */
export interface INoStatementTimeoutQuery {
  params: INoStatementTimeoutParams;
  result: INoStatementTimeoutResult;
}

/** 'NoLockTimeoutBeyond' parameters type */
export type INoLockTimeoutBeyondParams = void;

/** 'NoLockTimeoutBeyond' return type */
export type INoLockTimeoutBeyondResult = void;

/** 'NoLockTimeoutBeyond' query type */
export interface INoLockTimeoutBeyondQuery {
  params: INoLockTimeoutBeyondParams;
  result: INoLockTimeoutBeyondResult;
}

/** 'BeginRebuildLock' parameters type */
export type IBeginRebuildLockParams = void;

/** 'BeginRebuildLock' return type */
export type IBeginRebuildLockResult = void;

/** 'BeginRebuildLock' query type */
export interface IBeginRebuildLockQuery {
  params: IBeginRebuildLockParams;
  result: IBeginRebuildLockResult;
}

/** 'StageReplay' parameters type */
export interface IStageReplayParams {
  consumer: string;
  types: stringArray;
  zone: string;
}

/** 'StageReplay' return type */
export type IStageReplayResult = void;

/** 'StageReplay' query type */
export interface IStageReplayQuery {
  params: IStageReplayParams;
  result: IStageReplayResult;
}

/** 'StartRun' parameters type */
export interface IStartRunParams {
  requestedBy?: string | null | void;
}

/** 'StartRun' return type */
export interface IStartRunResult {
  id: string;
}

/** 'StartRun' query type */
export interface IStartRunQuery {
  params: IStartRunParams;
  result: IStartRunResult;
}

/** 'FinishRun' parameters type */
export interface IFinishRunParams {
  differences: Json;
  eventsReplayed: number;
  id: NumberOrString;
}

/** 'FinishRun' return type */
export type IFinishRunResult = void;

/** 'FinishRun' query type */
export interface IFinishRunQuery {
  params: IFinishRunParams;
  result: IFinishRunResult;
}

/** 'FailRun' parameters type */
export interface IFailRunParams {
  error: string;
  id: NumberOrString;
}

/** 'FailRun' return type */
export type IFailRunResult = void;

/** 'FailRun' query type */
export interface IFailRunQuery {
  params: IFailRunParams;
  result: IFailRunResult;
}

/** 'RecentRuns' parameters type */
export interface IRecentRunsParams {
  limit: NumberOrString;
}

/** 'RecentRuns' return type */
export interface IRecentRunsResult {
  differences: Json | null;
  error: string | null;
  eventsReplayed: number | null;
  finishedAt: Date | null;
  id: number;
  requestedBy: string | null;
  startedAt: Date;
  unconsumedEvents: number;
}

/** 'RecentRuns' query type */
export interface IRecentRunsQuery {
  params: IRecentRunsParams;
  result: IRecentRunsResult;
}

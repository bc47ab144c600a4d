/** Types generated for queries found in "backend/src/modules/learning/lesson-digest-runs.repository.ts" */
export type DateOrString = Date | string;

/** 'LockDigestRuns' parameters type */
export type ILockDigestRunsParams = void;

/** 'LockDigestRuns' return type */
export type ILockDigestRunsResult = void;

/** 'LockDigestRuns' query type */
export interface ILockDigestRunsQuery {
  params: ILockDigestRunsParams;
  result: ILockDigestRunsResult;
}

/** 'DigestRun' parameters type */
export interface IDigestRunParams {
  day: DateOrString;
}

/** 'DigestRun' return type */
export interface IDigestRunResult {
  day: string;
  finished: boolean;
  last_user_id: string | null;
  learners: number | null;
  window_end: Date;
  window_start: Date;
}

/** 'DigestRun' query type */
export interface IDigestRunQuery {
  params: IDigestRunParams;
  result: IDigestRunResult;
}

/** 'LockDigestRun' parameters type */
export interface ILockDigestRunParams {
  day: DateOrString;
}

/** 'LockDigestRun' return type */
export interface ILockDigestRunResult {
  day: string;
  finished: boolean;
  last_user_id: string | null;
  learners: number | null;
  window_end: Date;
  window_start: Date;
}

/** 'LockDigestRun' query type */
export interface ILockDigestRunQuery {
  params: ILockDigestRunParams;
  result: ILockDigestRunResult;
}

/** 'LastDigestWindowEnd' parameters type */
export type ILastDigestWindowEndParams = void;

/** 'LastDigestWindowEnd' return type */
export interface ILastDigestWindowEndResult {
  end: Date | null;
}

/** 'LastDigestWindowEnd' query type */
export interface ILastDigestWindowEndQuery {
  params: ILastDigestWindowEndParams;
  result: ILastDigestWindowEndResult;
}

/** 'StartDigestRun' parameters type */
export interface IStartDigestRunParams {
  day: DateOrString;
  windowEnd: DateOrString;
  windowStart: DateOrString;
}

/** 'StartDigestRun' return type */
export interface IStartDigestRunResult {
  day: string;
  finished: boolean;
  last_user_id: string | null;
  learners: number | null;
  window_end: Date;
  window_start: Date;
}

/** 'StartDigestRun' query type */
export interface IStartDigestRunQuery {
  params: IStartDigestRunParams;
  result: IStartDigestRunResult;
}

/** 'AdvanceDigestRun' parameters type */
export interface IAdvanceDigestRunParams {
  day: DateOrString;
  finished: boolean;
  lastUserId?: string | null | void;
  learners: number;
}

/** 'AdvanceDigestRun' return type */
export type IAdvanceDigestRunResult = void;

/** 'AdvanceDigestRun' query type */
export interface IAdvanceDigestRunQuery {
  params: IAdvanceDigestRunParams;
  result: IAdvanceDigestRunResult;
}

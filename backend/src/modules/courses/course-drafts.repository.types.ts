/** Types generated for queries found in "backend/src/modules/courses/course-drafts.repository.ts" */
export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type numberArray = number[];

/** 'Draft' parameters type */
export interface IDraftParams {
  courseId: number;
}

/** 'Draft' return type */
export interface IDraftResult {
  content: Json;
  updated_at: Date;
  updated_by: string | null;
}

/** 'Draft' query type */
export interface IDraftQuery {
  params: IDraftParams;
  result: IDraftResult;
}

/** 'SaveDraft' parameters type */
export interface ISaveDraftParams {
  content: Json;
  courseId: number;
  userId?: string | null | void;
}

/** 'SaveDraft' return type */
export type ISaveDraftResult = void;

/** 'SaveDraft' query type */
export interface ISaveDraftQuery {
  params: ISaveDraftParams;
  result: ISaveDraftResult;
}

/** 'DeleteDraft' parameters type */
export interface IDeleteDraftParams {
  courseId: number;
}

/** 'DeleteDraft' return type */
export type IDeleteDraftResult = void;

/** 'DeleteDraft' query type */
export interface IDeleteDraftQuery {
  params: IDeleteDraftParams;
  result: IDeleteDraftResult;
}

/** 'LatestRevision' parameters type */
export interface ILatestRevisionParams {
  courseId: number;
}

/** 'LatestRevision' return type */
export interface ILatestRevisionResult {
  latest: number | null;
}

/** 'LatestRevision' query type */
export interface ILatestRevisionQuery {
  params: ILatestRevisionParams;
  result: ILatestRevisionResult;
}

/** 'InsertRevision' parameters type */
export interface IInsertRevisionParams {
  authorId?: string | null | void;
  changes: Json;
  content: Json;
  courseId: number;
  number: number;
  source: string;
  summary: string;
}

/** 'InsertRevision' return type */
export type IInsertRevisionResult = void;

/** 'InsertRevision' query type */
export interface IInsertRevisionQuery {
  params: IInsertRevisionParams;
  result: IInsertRevisionResult;
}

/** 'AllRevisions' parameters type */
export interface IAllRevisionsParams {
  courseId: number;
  limit: NumberOrString;
}

/** 'AllRevisions' return type */
export interface IAllRevisionsResult {
  author: string | null;
  changes: Json;
  content: Json;
  created_at: Date;
  number: number;
  source: string;
  summary: string;
}

/** 'AllRevisions' query type */
export interface IAllRevisionsQuery {
  params: IAllRevisionsParams;
  result: IAllRevisionsResult;
}

/** 'Revision' parameters type */
export interface IRevisionParams {
  courseId: number;
  number: number;
}

/** 'Revision' return type */
export interface IRevisionResult {
  author: string | null;
  changes: Json;
  content: Json;
  created_at: Date;
  number: number;
  source: string;
  summary: string;
}

/** 'Revision' query type */
export interface IRevisionQuery {
  params: IRevisionParams;
  result: IRevisionResult;
}

/** 'PendingSchedule' parameters type */
export interface IPendingScheduleParams {
  courseId: number;
}

/** 'PendingSchedule' return type */
export interface IPendingScheduleResult {
  course_id: number;
  created_at: Date;
  created_by: string | null;
  created_by_email: string | null;
  details: boolean;
  id: number;
  lesson_ids: numberArray | null;
  notify: boolean;
  run_at: Date;
}

/** 'PendingSchedule' query type */
export interface IPendingScheduleQuery {
  params: IPendingScheduleParams;
  result: IPendingScheduleResult;
}

/** 'InsertSchedule' parameters type */
export interface IInsertScheduleParams {
  courseId: number;
  createdBy?: string | null | void;
  details: boolean;
  lessonIds?: numberArray | null | void;
  notify: boolean;
  runAt: DateOrString;
}

/** 'InsertSchedule' return type */
export interface IInsertScheduleResult {
  id: number;
}

/** 'InsertSchedule' query type */
export interface IInsertScheduleQuery {
  params: IInsertScheduleParams;
  result: IInsertScheduleResult;
}

/** 'CancelPendingSchedule' parameters type */
export interface ICancelPendingScheduleParams {
  courseId: number;
  outcome: string;
}

/** 'CancelPendingSchedule' return type */
export interface ICancelPendingScheduleResult {
  id: number;
}

/** 'CancelPendingSchedule' query type */
export interface ICancelPendingScheduleQuery {
  params: ICancelPendingScheduleParams;
  result: ICancelPendingScheduleResult;
}

/** 'DueSchedules' parameters type */
export interface IDueSchedulesParams {
  now: DateOrString;
}

/** 'DueSchedules' return type */
export interface IDueSchedulesResult {
  id: number;
}

/** 'DueSchedules' query type */
export interface IDueSchedulesQuery {
  params: IDueSchedulesParams;
  result: IDueSchedulesResult;
}

/** 'ClaimDueSchedule' parameters type */
export interface IClaimDueScheduleParams {
  id: number;
  now: DateOrString;
}

/** 'ClaimDueSchedule' return type */
export interface IClaimDueScheduleResult {
  course_id: number;
  created_at: Date;
  created_by: string | null;
  created_by_email: string | null;
  details: boolean;
  id: number;
  lesson_ids: numberArray | null;
  notify: boolean;
  run_at: Date;
}

/** 'ClaimDueSchedule' query type */
export interface IClaimDueScheduleQuery {
  params: IClaimDueScheduleParams;
  result: IClaimDueScheduleResult;
}

/** 'FinishSchedule' parameters type */
export interface IFinishScheduleParams {
  id: number;
  outcome?: string | null | void;
  revision?: number | null | void;
  state: string;
}

/** 'FinishSchedule' return type */
export type IFinishScheduleResult = void;

/** 'FinishSchedule' query type */
export interface IFinishScheduleQuery {
  params: IFinishScheduleParams;
  result: IFinishScheduleResult;
}

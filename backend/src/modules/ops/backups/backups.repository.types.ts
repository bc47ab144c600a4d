/** Types generated for queries found in "backend/src/modules/ops/backups/backups.repository.ts" */
export type NumberOrString = number | string;

/** 'InsertScheduledBackup' parameters type */
export type IInsertScheduledBackupParams = void;

/** 'InsertScheduledBackup' return type */
export interface IInsertScheduledBackupResult {
  completed_at: Date | null;
  created_at: Date;
  error: string | null;
  file_name: string;
  id: string;
  method: string | null;
  note: string | null;
  requested_by: string | null;
  requested_by_email: string | null;
  size_bytes: string | null;
  started_at: Date | null;
  status: string;
  trigger: string;
}

/** 'InsertScheduledBackup' query type */
export interface IInsertScheduledBackupQuery {
  params: IInsertScheduledBackupParams;
  result: IInsertScheduledBackupResult;
}

/** 'InsertManualBackup' parameters type */
export interface IInsertManualBackupParams {
  requestedBy: string;
  requestedByEmail: string;
}

/** 'InsertManualBackup' return type */
export interface IInsertManualBackupResult {
  completed_at: Date | null;
  created_at: Date;
  error: string | null;
  file_name: string;
  id: string;
  method: string | null;
  note: string | null;
  requested_by: string | null;
  requested_by_email: string | null;
  size_bytes: string | null;
  started_at: Date | null;
  status: string;
  trigger: string;
}

/** 'InsertManualBackup' query type */
export interface IInsertManualBackupQuery {
  params: IInsertManualBackupParams;
  result: IInsertManualBackupResult;
}

/** 'LockBackupRequests' parameters type */
export type ILockBackupRequestsParams = void;

/** 'LockBackupRequests' return type */
export interface ILockBackupRequestsResult {
  pg_advisory_xact_lock: undefined | null;
}

/** 'LockBackupRequests' query type */
export interface ILockBackupRequestsQuery {
  params: ILockBackupRequestsParams;
  result: ILockBackupRequestsResult;
}

/** 'ManualBackupInProgress' parameters type */
export type IManualBackupInProgressParams = void;

/** 'ManualBackupInProgress' return type */
export interface IManualBackupInProgressResult {
  completed_at: Date | null;
  created_at: Date;
  error: string | null;
  file_name: string;
  id: string;
  method: string | null;
  note: string | null;
  requested_by: string | null;
  requested_by_email: string | null;
  size_bytes: string | null;
  started_at: Date | null;
  status: string;
  trigger: string;
}

/** 'ManualBackupInProgress' query type */
export interface IManualBackupInProgressQuery {
  params: IManualBackupInProgressParams;
  result: IManualBackupInProgressResult;
}

/** 'PruneBackups' parameters type */
export interface IPruneBackupsParams {
  days: number;
}

/** 'PruneBackups' return type */
export interface IPruneBackupsResult {
  file_name: string;
  id: string;
}

/** 'PruneBackups' query type */
export interface IPruneBackupsQuery {
  params: IPruneBackupsParams;
  result: IPruneBackupsResult;
}

/** 'BackupById' parameters type */
export interface IBackupByIdParams {
  id: string;
}

/** 'BackupById' return type */
export interface IBackupByIdResult {
  completed_at: Date | null;
  created_at: Date;
  error: string | null;
  file_name: string;
  id: string;
  method: string | null;
  note: string | null;
  requested_by: string | null;
  requested_by_email: string | null;
  size_bytes: string | null;
  started_at: Date | null;
  status: string;
  trigger: string;
}

/** 'BackupById' query type */
export interface IBackupByIdQuery {
  params: IBackupByIdParams;
  result: IBackupByIdResult;
}

/** 'DeleteBackup' parameters type */
export interface IDeleteBackupParams {
  id: string;
}

/** 'DeleteBackup' return type */
export type IDeleteBackupResult = void;

/** 'DeleteBackup' query type */
export interface IDeleteBackupQuery {
  params: IDeleteBackupParams;
  result: IDeleteBackupResult;
}

/** 'MarkBackupRunning' parameters type */
export interface IMarkBackupRunningParams {
  id: string;
}

/** 'MarkBackupRunning' return type */
export type IMarkBackupRunningResult = void;

/** 'MarkBackupRunning' query type */
export interface IMarkBackupRunningQuery {
  params: IMarkBackupRunningParams;
  result: IMarkBackupRunningResult;
}

/** 'MarkBackupPending' parameters type */
export interface IMarkBackupPendingParams {
  error: string;
  id: string;
}

/** 'MarkBackupPending' return type */
export type IMarkBackupPendingResult = void;

/** 'MarkBackupPending' query type */
export interface IMarkBackupPendingQuery {
  params: IMarkBackupPendingParams;
  result: IMarkBackupPendingResult;
}

/** 'MarkBackupCompleted' parameters type */
export interface IMarkBackupCompletedParams {
  fileName: string;
  id: string;
  method: string;
  note?: string | null | void;
  size: NumberOrString;
}

/** 'MarkBackupCompleted' return type */
export type IMarkBackupCompletedResult = void;

/** 'MarkBackupCompleted' query type */
export interface IMarkBackupCompletedQuery {
  params: IMarkBackupCompletedParams;
  result: IMarkBackupCompletedResult;
}

/** 'MarkBackupFailed' parameters type */
export interface IMarkBackupFailedParams {
  error: string;
  id: string;
}

/** 'MarkBackupFailed' return type */
export type IMarkBackupFailedResult = void;

/** 'MarkBackupFailed' query type */
export interface IMarkBackupFailedQuery {
  params: IMarkBackupFailedParams;
  result: IMarkBackupFailedResult;
}

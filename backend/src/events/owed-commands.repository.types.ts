/** Types generated for queries found in "backend/src/events/owed-commands.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type stringArray = string[];

/** 'InsertOwedCommand' parameters type */
export interface IInsertOwedCommandParams {
  graceSeconds: number;
  id: string;
  jobAttempts?: number | null | void;
  jobId: string;
  key?: string | null | void;
  name: string;
  payload: Json;
  queue: string;
  summary: Json;
}

/** 'InsertOwedCommand' return type */
export interface IInsertOwedCommandResult {
  id: string;
}

/** 'InsertOwedCommand' query type */
export interface IInsertOwedCommandQuery {
  params: IInsertOwedCommandParams;
  result: IInsertOwedCommandResult;
}

/** 'ClaimCommand' parameters type */
export interface IClaimCommandParams {
  id: string;
}

/** 'ClaimCommand' return type */
export interface IClaimCommandResult {
  state: string;
}

/** 'ClaimCommand' query type */
export interface IClaimCommandQuery {
  params: IClaimCommandParams;
  result: IClaimCommandResult;
}

/** 'CompleteCommand' parameters type */
export interface ICompleteCommandParams {
  id: string;
}

/** 'CompleteCommand' return type */
export interface ICompleteCommandResult {
  id: string;
}

/** 'CompleteCommand' query type */
export interface ICompleteCommandQuery {
  params: ICompleteCommandParams;
  result: ICompleteCommandResult;
}

/** 'CompleteCommandByKey' parameters type */
export interface ICompleteCommandByKeyParams {
  key: string;
  name: string;
}

/** 'CompleteCommandByKey' return type */
export interface ICompleteCommandByKeyResult {
  id: string;
}

/** 'CompleteCommandByKey' query type */
export interface ICompleteCommandByKeyQuery {
  params: ICompleteCommandByKeyParams;
  result: ICompleteCommandByKeyResult;
}

/** 'CommandAttemptFailed' parameters type */
export interface ICommandAttemptFailedParams {
  error: string;
  id: string;
}

/** 'CommandAttemptFailed' return type */
export type ICommandAttemptFailedResult = void;

/** 'CommandAttemptFailed' query type */
export interface ICommandAttemptFailedQuery {
  params: ICommandAttemptFailedParams;
  result: ICommandAttemptFailedResult;
}

/** 'MarkCommandDead' parameters type */
export interface IMarkCommandDeadParams {
  error: string;
  id: string;
}

/** 'MarkCommandDead' return type */
export interface IMarkCommandDeadResult {
  id: string;
}

/** 'MarkCommandDead' query type */
export interface IMarkCommandDeadQuery {
  params: IMarkCommandDeadParams;
  result: IMarkCommandDeadResult;
}

/** 'LeaseDueCommands' parameters type */
export interface ILeaseDueCommandsParams {
  leaseSeconds: number;
  limit: NumberOrString;
}

/** 'LeaseDueCommands' return type */
export interface ILeaseDueCommandsResult {
  checks: number;
  id: string;
  job_attempts: number | null;
  job_id: string;
  name: string;
  payload: Json | null;
  queue: string;
  redrives: number;
}

/** 'LeaseDueCommands' query type */
export interface ILeaseDueCommandsQuery {
  params: ILeaseDueCommandsParams;
  result: ILeaseDueCommandsResult;
}

/** 'CheckCommandNow' parameters type */
export interface ICheckCommandNowParams {
  id: string;
}

/** 'CheckCommandNow' return type */
export type ICheckCommandNowResult = void;

/** 'CheckCommandNow' query type */
export interface ICheckCommandNowQuery {
  params: ICheckCommandNowParams;
  result: ICheckCommandNowResult;
}

/** 'PostponeCommand' parameters type */
export interface IPostponeCommandParams {
  afterSeconds: number;
  checks: number;
  id: string;
}

/** 'PostponeCommand' return type */
export type IPostponeCommandResult = void;

/** 'PostponeCommand' query type */
export interface IPostponeCommandQuery {
  params: IPostponeCommandParams;
  result: IPostponeCommandResult;
}

/** 'RedriveCommand' parameters type */
export interface IRedriveCommandParams {
  afterSeconds: number;
  id: string;
  jobId: string;
}

/** 'RedriveCommand' return type */
export type IRedriveCommandResult = void;

/** 'RedriveCommand' query type */
export interface IRedriveCommandQuery {
  params: IRedriveCommandParams;
  result: IRedriveCommandResult;
}

/** 'ReviveCommands' parameters type */
export interface IReviveCommandsParams {
  ids?: stringArray | null | void;
  name: string;
}

/** 'ReviveCommands' return type */
export type IReviveCommandsResult = void;

/** 'ReviveCommands' query type */
export interface IReviveCommandsQuery {
  params: IReviveCommandsParams;
  result: IReviveCommandsResult;
}

/** 'CommandState' parameters type */
export interface ICommandStateParams {
  id: string;
}

/** 'CommandState' return type */
export interface ICommandStateResult {
  last_error: string | null;
  state: string;
}

/** 'CommandState' query type */
export interface ICommandStateQuery {
  params: ICommandStateParams;
  result: ICommandStateResult;
}

/** 'OpenCommandsByName' parameters type */
export type IOpenCommandsByNameParams = void;

/** 'OpenCommandsByName' return type */
export interface IOpenCommandsByNameResult {
  dead: number;
  failed: number;
  name: string;
  oldest: number | null;
  owed: number;
  queue: string;
}

/** 'OpenCommandsByName' query type */
export interface IOpenCommandsByNameQuery {
  params: IOpenCommandsByNameParams;
  result: IOpenCommandsByNameResult;
}

/** 'CommandCounts' parameters type */
export interface ICommandCountsParams {
  names: stringArray;
}

/** 'CommandCounts' return type */
export interface ICommandCountsResult {
  dead: number;
  failed: number;
  oldest: number | null;
  owed: number;
}

/** 'CommandCounts' query type */
export interface ICommandCountsQuery {
  params: ICommandCountsParams;
  result: ICommandCountsResult;
}

/** 'CommandHealth' parameters type */
export interface ICommandHealthParams {
  name: string;
  windowSeconds: number;
}

/** 'CommandHealth' return type */
export interface ICommandHealthResult {
  dead_recently: number;
  last_done_at: Date | null;
  last_failed_at: Date | null;
  oldest_unsent_seconds: number | null;
  recent_failures: number;
  unsent: number;
}

/** 'CommandHealth' query type */
export interface ICommandHealthQuery {
  params: ICommandHealthParams;
  result: ICommandHealthResult;
}

/** 'CommandLastError' parameters type */
export interface ICommandLastErrorParams {
  name: string;
  windowSeconds: number;
}

/** 'CommandLastError' return type */
export interface ICommandLastErrorResult {
  last_error: string | null;
}

/** 'CommandLastError' query type */
export interface ICommandLastErrorQuery {
  params: ICommandLastErrorParams;
  result: ICommandLastErrorResult;
}

/** 'AnonymiseMailRecipient' parameters type */
export interface IAnonymiseMailRecipientParams {
  email: string;
  replacement: string;
}

/** 'AnonymiseMailRecipient' return type */
export type IAnonymiseMailRecipientResult = void;

/** 'AnonymiseMailRecipient' query type */
export interface IAnonymiseMailRecipientQuery {
  params: IAnonymiseMailRecipientParams;
  result: IAnonymiseMailRecipientResult;
}

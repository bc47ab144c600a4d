/** Types generated for queries found in "backend/src/modules/mail/system-alerts.repository.ts" */
export type NumberOrString = number | string;

/** 'RaiseSystemAlert' parameters type */
export interface IRaiseSystemAlertParams {
  kind: string;
  subject: string;
  text: string;
}

/** 'RaiseSystemAlert' return type */
export type IRaiseSystemAlertResult = void;

/** 'RaiseSystemAlert' query type */
export interface IRaiseSystemAlertQuery {
  params: IRaiseSystemAlertParams;
  result: IRaiseSystemAlertResult;
}

/** 'ResolveSystemAlertKind' parameters type */
export interface IResolveSystemAlertKindParams {
  by: string;
  kind: string;
}

/** 'ResolveSystemAlertKind' return type */
export type IResolveSystemAlertKindResult = void;

/** 'ResolveSystemAlertKind' query type */
export interface IResolveSystemAlertKindQuery {
  params: IResolveSystemAlertKindParams;
  result: IResolveSystemAlertKindResult;
}

/** 'ResolveSystemAlert' parameters type */
export interface IResolveSystemAlertParams {
  by: string;
  id: NumberOrString;
}

/** 'ResolveSystemAlert' return type */
export interface IResolveSystemAlertResult {
  count: number;
  first_at: Date;
  id: string;
  kind: string;
  last_at: Date;
  subject: string;
  text: string;
}

/** 'ResolveSystemAlert' query type */
export interface IResolveSystemAlertQuery {
  params: IResolveSystemAlertParams;
  result: IResolveSystemAlertResult;
}

/** 'OpenSystemAlerts' parameters type */
export type IOpenSystemAlertsParams = void;

/** 'OpenSystemAlerts' return type */
export interface IOpenSystemAlertsResult {
  count: number;
  first_at: Date;
  id: string;
  kind: string;
  last_at: Date;
  subject: string;
  text: string;
}

/** 'OpenSystemAlerts' query type */
export interface IOpenSystemAlertsQuery {
  params: IOpenSystemAlertsParams;
  result: IOpenSystemAlertsResult;
}

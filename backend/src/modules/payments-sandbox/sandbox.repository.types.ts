/** Types generated for queries found in "backend/src/modules/payments-sandbox/sandbox.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

export type stringArray = string[];

/** 'SaveStatus' parameters type */
export interface ISaveStatusParams {
  body: string;
  paymentId: string;
}

/** 'SaveStatus' return type */
export type ISaveStatusResult = void;

/** 'SaveStatus' query type */
export interface ISaveStatusQuery {
  params: ISaveStatusParams;
  result: ISaveStatusResult;
}

/** 'LastStatus' parameters type */
export interface ILastStatusParams {
  paymentId: string;
}

/** 'LastStatus' return type */
export interface ILastStatusResult {
  last_body: string;
}

/** 'LastStatus' query type */
export interface ILastStatusQuery {
  params: ILastStatusParams;
  result: ILastStatusResult;
}

/** 'ScheduleRetry' parameters type */
export interface IScheduleRetryParams {
  afterMs: number;
  body: string;
  lastStatus: number;
  paymentId: string;
  scheme: string;
  signature: string;
  url: string;
}

/** 'ScheduleRetry' return type */
export type IScheduleRetryResult = void;

/** 'ScheduleRetry' query type */
export interface IScheduleRetryQuery {
  params: IScheduleRetryParams;
  result: IScheduleRetryResult;
}

/** 'LeaseDue' parameters type */
export interface ILeaseDueParams {
  leaseMs: number;
  limit: NumberOrString;
}

/** 'LeaseDue' return type */
export interface ILeaseDueResult {
  attempts: number;
  body: string;
  id: string;
  payment_id: string;
  scheme: string;
  signature: string;
  url: string;
}

/** 'LeaseDue' query type */
export interface ILeaseDueQuery {
  params: ILeaseDueParams;
  result: ILeaseDueResult;
}

/** 'Attempted' parameters type */
export interface IAttemptedParams {
  delivered: boolean;
  id: NumberOrString;
  nextAfterMs?: number | null | void;
  status: number;
}

/** 'Attempted' return type */
export type IAttemptedResult = void;

/** 'Attempted' query type */
export interface IAttemptedQuery {
  params: IAttemptedParams;
  result: IAttemptedResult;
}

/** 'PendingCount' parameters type */
export interface IPendingCountParams {
  paymentId: string;
}

/** 'PendingCount' return type */
export interface IPendingCountResult {
  n: number;
}

/** 'PendingCount' query type */
export interface IPendingCountQuery {
  params: IPendingCountParams;
  result: IPendingCountResult;
}

/** 'InsertCheckout' parameters type */
export interface IInsertCheckoutParams {
  amount: NumberOrString;
  currency: string;
  id: string;
  kind: string;
  paymentId?: string | null | void;
  request: Json;
  status: string;
}

/** 'InsertCheckout' return type */
export interface IInsertCheckoutResult {
  amount: string;
  capture_id: string | null;
  created_at: Date;
  currency: string;
  id: string;
  kind: string;
  payment_id: string | null;
  refund_id: string | null;
  request: Json;
  status: string;
  updated_at: Date;
}

/** 'InsertCheckout' query type */
export interface IInsertCheckoutQuery {
  params: IInsertCheckoutParams;
  result: IInsertCheckoutResult;
}

/** 'FindCheckout' parameters type */
export interface IFindCheckoutParams {
  id: string;
  kind: string;
}

/** 'FindCheckout' return type */
export interface IFindCheckoutResult {
  amount: string;
  capture_id: string | null;
  created_at: Date;
  currency: string;
  id: string;
  kind: string;
  payment_id: string | null;
  refund_id: string | null;
  request: Json;
  status: string;
  updated_at: Date;
}

/** 'FindCheckout' query type */
export interface IFindCheckoutQuery {
  params: IFindCheckoutParams;
  result: IFindCheckoutResult;
}

/** 'FindCheckoutByCapture' parameters type */
export interface IFindCheckoutByCaptureParams {
  captureId: string;
  kind: string;
}

/** 'FindCheckoutByCapture' return type */
export interface IFindCheckoutByCaptureResult {
  amount: string;
  capture_id: string | null;
  created_at: Date;
  currency: string;
  id: string;
  kind: string;
  payment_id: string | null;
  refund_id: string | null;
  request: Json;
  status: string;
  updated_at: Date;
}

/** 'FindCheckoutByCapture' query type */
export interface IFindCheckoutByCaptureQuery {
  params: IFindCheckoutByCaptureParams;
  result: IFindCheckoutByCaptureResult;
}

/** 'UpdateCheckout' parameters type */
export interface IUpdateCheckoutParams {
  captureId?: string | null | void;
  from: stringArray;
  id: string;
  payerName?: string | null | void;
  refundId?: string | null | void;
  status: string;
}

/** 'UpdateCheckout' return type */
export interface IUpdateCheckoutResult {
  amount: string;
  capture_id: string | null;
  created_at: Date;
  currency: string;
  id: string;
  kind: string;
  payment_id: string | null;
  refund_id: string | null;
  request: Json;
  status: string;
  updated_at: Date;
}

/** 'UpdateCheckout' query type */
export interface IUpdateCheckoutQuery {
  params: IUpdateCheckoutParams;
  result: IUpdateCheckoutResult;
}

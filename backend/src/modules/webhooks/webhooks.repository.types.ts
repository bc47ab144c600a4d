/** Types generated for queries found in "backend/src/modules/webhooks/webhooks.repository.ts" */
export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type stringArray = string[];

/** 'InsertEndpoint' parameters type */
export interface IInsertEndpointParams {
  createdBy?: string | null | void;
  description: string;
  eventTypes: stringArray;
  secretEncrypted: string;
  url: string;
}

/** 'InsertEndpoint' return type */
export interface IInsertEndpointResult {
  id: string;
}

/** 'InsertEndpoint' query type */
export interface IInsertEndpointQuery {
  params: IInsertEndpointParams;
  result: IInsertEndpointResult;
}

/** 'EndpointById' parameters type */
export interface IEndpointByIdParams {
  id: string;
}

/** 'EndpointById' return type */
export interface IEndpointByIdResult {
  id: string;
}

/** 'EndpointById' query type */
export interface IEndpointByIdQuery {
  params: IEndpointByIdParams;
  result: IEndpointByIdResult;
}

/** 'UpdateEndpoint' parameters type */
export interface IUpdateEndpointParams {
  description: string;
  eventTypes: stringArray;
  id: string;
  url: string;
}

/** 'UpdateEndpoint' return type */
export type IUpdateEndpointResult = void;

/** 'UpdateEndpoint' query type */
export interface IUpdateEndpointQuery {
  params: IUpdateEndpointParams;
  result: IUpdateEndpointResult;
}

/** 'DeleteEndpoint' parameters type */
export interface IDeleteEndpointParams {
  id: string;
}

/** 'DeleteEndpoint' return type */
export type IDeleteEndpointResult = void;

/** 'DeleteEndpoint' query type */
export interface IDeleteEndpointQuery {
  params: IDeleteEndpointParams;
  result: IDeleteEndpointResult;
}

/** 'EnableEndpoint' parameters type */
export interface IEnableEndpointParams {
  id: string;
}

/** 'EnableEndpoint' return type */
export type IEnableEndpointResult = void;

/** 'EnableEndpoint' query type */
export interface IEnableEndpointQuery {
  params: IEnableEndpointParams;
  result: IEnableEndpointResult;
}

/** 'DisableEndpoint' parameters type */
export interface IDisableEndpointParams {
  id: string;
  reason: string;
}

/** 'DisableEndpoint' return type */
export type IDisableEndpointResult = void;

/** 'DisableEndpoint' query type */
export interface IDisableEndpointQuery {
  params: IDisableEndpointParams;
  result: IDisableEndpointResult;
}

/** 'EndpointSecrets' parameters type */
export interface IEndpointSecretsParams {
  id: string;
}

/** 'EndpointSecrets' return type */
export interface IEndpointSecretsResult {
  previous_secret_encrypted: string | null;
  previous_secret_expires_at: Date | null;
  secret_encrypted: string;
}

/** 'EndpointSecrets' query type */
export interface IEndpointSecretsQuery {
  params: IEndpointSecretsParams;
  result: IEndpointSecretsResult;
}

/** 'RotateSecret' parameters type */
export interface IRotateSecretParams {
  graceSeconds: number;
  id: string;
  secretEncrypted: string;
}

/** 'RotateSecret' return type */
export interface IRotateSecretResult {
  previous_secret_expires_at: Date;
}

/** 'RotateSecret' query type */
export interface IRotateSecretQuery {
  params: IRotateSecretParams;
  result: IRotateSecretResult;
}

/** 'FanOut' parameters type */
export interface IFanOutParams {
  aggregate: string;
  body: string;
  eventId: string;
  eventType: string;
  occurredAt: DateOrString;
  retrySeconds: number;
}

/** 'FanOut' return type */
export interface IFanOutResult {
  id: string;
}

/** 'FanOut' query type */
export interface IFanOutQuery {
  params: IFanOutParams;
  result: IFanOutResult;
}

/** 'InsertTestDelivery' parameters type */
export interface IInsertTestDeliveryParams {
  aggregate: string;
  body: string;
  endpointId: string;
  eventType: string;
  id: string;
  retrySeconds: number;
}

/** 'InsertTestDelivery' return type */
export type IInsertTestDeliveryResult = void;

/** 'InsertTestDelivery' query type */
export interface IInsertTestDeliveryQuery {
  params: IInsertTestDeliveryParams;
  result: IInsertTestDeliveryResult;
}

/** 'DeliveryById' parameters type */
export interface IDeliveryByIdParams {
  endpointId: string;
  id: string;
}

/** 'DeliveryById' return type */
export interface IDeliveryByIdResult {
  endpoint_id: string;
  id: string;
}

/** 'DeliveryById' query type */
export interface IDeliveryByIdQuery {
  params: IDeliveryByIdParams;
  result: IDeliveryByIdResult;
}

/** 'ResendDelivery' parameters type */
export interface IResendDeliveryParams {
  id: string;
  retrySeconds: number;
}

/** 'ResendDelivery' return type */
export type IResendDeliveryResult = void;

/** 'ResendDelivery' query type */
export interface IResendDeliveryQuery {
  params: IResendDeliveryParams;
  result: IResendDeliveryResult;
}

/** 'ClaimDueDeliveries' parameters type */
export interface IClaimDueDeliveriesParams {
  fanOutConsumer: string;
  leaseSeconds: number;
  limit: number;
}

/** 'ClaimDueDeliveries' return type */
export interface IClaimDueDeliveriesResult {
  attempts: number;
  body: string;
  endpoint_id: string;
  id: string;
  previous_secret_encrypted: string | null;
  previous_secret_expires_at: Date | null;
  retry_until: Date;
  secret_encrypted: string;
  url: string;
}

/** 'ClaimDueDeliveries' query type */
export interface IClaimDueDeliveriesQuery {
  params: IClaimDueDeliveriesParams;
  result: IClaimDueDeliveriesResult;
}

/** 'InsertAttempt' parameters type */
export interface IInsertAttemptParams {
  attempt: number;
  deliveryId: string;
  durationMs: number;
  error?: string | null | void;
  requestBody: string;
  requestHeaders: Json;
  responseBody?: string | null | void;
  responseStatus?: number | null | void;
}

/** 'InsertAttempt' return type */
export type IInsertAttemptResult = void;

/** 'InsertAttempt' query type */
export interface IInsertAttemptQuery {
  params: IInsertAttemptParams;
  result: IInsertAttemptResult;
}

/** 'RecordDelivered' parameters type */
export interface IRecordDeliveredParams {
  id: string;
  status?: number | null | void;
}

/** 'RecordDelivered' return type */
export type IRecordDeliveredResult = void;

/** 'RecordDelivered' query type */
export interface IRecordDeliveredQuery {
  params: IRecordDeliveredParams;
  result: IRecordDeliveredResult;
}

/** 'RecordRetry' parameters type */
export interface IRecordRetryParams {
  delaySeconds: number;
  error?: string | null | void;
  id: string;
  status?: number | null | void;
}

/** 'RecordRetry' return type */
export interface IRecordRetryResult {
  state: string;
}

/** 'RecordRetry' query type */
export interface IRecordRetryQuery {
  params: IRecordRetryParams;
  result: IRecordRetryResult;
}

/** 'RecordFailed' parameters type */
export interface IRecordFailedParams {
  error?: string | null | void;
  id: string;
  status?: number | null | void;
}

/** 'RecordFailed' return type */
export type IRecordFailedResult = void;

/** 'RecordFailed' query type */
export interface IRecordFailedQuery {
  params: IRecordFailedParams;
  result: IRecordFailedResult;
}

/** 'EndpointSucceeded' parameters type */
export interface IEndpointSucceededParams {
  id: string;
}

/** 'EndpointSucceeded' return type */
export type IEndpointSucceededResult = void;

/** 'EndpointSucceeded' query type */
export interface IEndpointSucceededQuery {
  params: IEndpointSucceededParams;
  result: IEndpointSucceededResult;
}

/** 'EndpointFailed' parameters type */
export interface IEndpointFailedParams {
  id: string;
}

/** 'EndpointFailed' return type */
export interface IEndpointFailedResult {
  consecutive_failures: number;
  enabled: boolean;
  failing_since: Date;
  url: string;
}

/** 'EndpointFailed' query type */
export interface IEndpointFailedQuery {
  params: IEndpointFailedParams;
  result: IEndpointFailedResult;
}

/** 'DeliveryAttempts' parameters type */
export interface IDeliveryAttemptsParams {
  ids: stringArray;
}

/** 'DeliveryAttempts' return type */
export interface IDeliveryAttemptsResult {
  attempt: number;
  created_at: Date;
  delivery_id: string;
  duration_ms: number;
  error: string | null;
  request_body: string;
  request_headers: Json;
  response_body: string | null;
  response_status: number | null;
}

/** 'DeliveryAttempts' query type */
export interface IDeliveryAttemptsQuery {
  params: IDeliveryAttemptsParams;
  result: IDeliveryAttemptsResult;
}

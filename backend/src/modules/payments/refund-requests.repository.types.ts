/** Types generated for queries found in "backend/src/modules/payments/refund-requests.repository.ts" */
export type stringArray = string[];

/** 'InsertRefundRequest' parameters type */
export interface IInsertRefundRequestParams {
  paymentId: string;
  reason: string;
  userId: string;
}

/** 'InsertRefundRequest' return type */
export interface IInsertRefundRequestResult {
  created_at: Date;
  decision_reason: string | null;
  id: string;
  payment_id: string;
  reason: string;
  resolved_at: Date | null;
  status: string;
  user_id: string | null;
}

/** 'InsertRefundRequest' query type */
export interface IInsertRefundRequestQuery {
  params: IInsertRefundRequestParams;
  result: IInsertRefundRequestResult;
}

/** 'RefundRequestsOfPayments' parameters type */
export interface IRefundRequestsOfPaymentsParams {
  paymentIds: stringArray;
}

/** 'RefundRequestsOfPayments' return type */
export interface IRefundRequestsOfPaymentsResult {
  created_at: Date;
  decision_reason: string | null;
  id: string;
  payment_id: string;
  reason: string;
  resolved_at: Date | null;
  status: string;
  user_id: string | null;
}

/** 'RefundRequestsOfPayments' query type */
export interface IRefundRequestsOfPaymentsQuery {
  params: IRefundRequestsOfPaymentsParams;
  result: IRefundRequestsOfPaymentsResult;
}

/** 'ResolveRefundRequest' parameters type */
export interface IResolveRefundRequestParams {
  paymentId: string;
  status: string;
}

/** 'ResolveRefundRequest' return type */
export type IResolveRefundRequestResult = void;

/** 'ResolveRefundRequest' query type */
export interface IResolveRefundRequestQuery {
  params: IResolveRefundRequestParams;
  result: IResolveRefundRequestResult;
}

/** 'DeclineRefundRequest' parameters type */
export interface IDeclineRefundRequestParams {
  paymentId: string;
  reason: string;
}

/** 'DeclineRefundRequest' return type */
export interface IDeclineRefundRequestResult {
  created_at: Date;
  decision_reason: string | null;
  id: string;
  payment_id: string;
  reason: string;
  resolved_at: Date | null;
  status: string;
  user_id: string | null;
}

/** 'DeclineRefundRequest' query type */
export interface IDeclineRefundRequestQuery {
  params: IDeclineRefundRequestParams;
  result: IDeclineRefundRequestResult;
}

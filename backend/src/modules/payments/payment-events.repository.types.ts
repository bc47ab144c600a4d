/** Types generated for queries found in "backend/src/modules/payments/payment-events.repository.ts" */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** 'EventIdByDedupeKey' parameters type */
export interface IEventIdByDedupeKeyParams {
  dedupeKey: string;
}

/** 'EventIdByDedupeKey' return type */
export interface IEventIdByDedupeKeyResult {
  id: string;
}

/** 'EventIdByDedupeKey' query type */
export interface IEventIdByDedupeKeyQuery {
  params: IEventIdByDedupeKeyParams;
  result: IEventIdByDedupeKeyResult;
}

/** 'StoredEvent' parameters type */
export interface IStoredEventParams {
  id: string;
}

/** 'StoredEvent' return type */
export interface IStoredEventResult {
  payload: Json;
  payment_id: string | null;
  provider: string;
}

/** 'StoredEvent' query type */
export interface IStoredEventQuery {
  params: IStoredEventParams;
  result: IStoredEventResult;
}

/** 'EventWithPaymentForUpdate' parameters type */
export interface IEventWithPaymentForUpdateParams {
  id: string;
}

/** 'EventWithPaymentForUpdate' return type */
export interface IEventWithPaymentForUpdateResult {
  amount: string;
  amount_received: string | null;
  buyer_address: string | null;
  buyer_company: string | null;
  buyer_country: string | null;
  buyer_vat_id: string | null;
  checkout_url: string | null;
  claim_reminder_at: Date | null;
  claim_secret_hash: Buffer | null;
  claimed_at: Date | null;
  claimed_by_user_id: string | null;
  client_id: string | null;
  coupon_code: string | null;
  created_at: Date;
  currency: string;
  currency_code: string;
  discount_amount: string;
  email: string;
  ev_payload: Json;
  ev_processed_at: Date | null;
  ev_provider: string;
  id: string;
  language: string | null;
  list_amount: string | null;
  method: string;
  network: string;
  paid_at: Date | null;
  pay_address: string | null;
  pay_amount: string | null;
  pay_currency: string;
  pay_expires_at: Date | null;
  payer_name: string | null;
  provider: string;
  provider_payment_id: string | null;
  provider_ref: string | null;
  provider_refund_ref: string | null;
  provider_status: string | null;
  reconcile_checked_at: Date | null;
  recovered_from: string | null;
  recovery_reminded_at: Date | null;
  recovery_reminders: number;
  refund_reason: string | null;
  refunded_at: Date | null;
  state: string;
  tax_rate: string | null;
  updated_at: Date;
}

/** 'EventWithPaymentForUpdate' query type */
export interface IEventWithPaymentForUpdateQuery {
  params: IEventWithPaymentForUpdateParams;
  result: IEventWithPaymentForUpdateResult;
}

/** 'EventForUpdate' parameters type */
export interface IEventForUpdateParams {
  id: string;
}

/** 'EventForUpdate' return type */
export interface IEventForUpdateResult {
  payload: Json;
  processed_at: Date | null;
  provider: string;
}

/** 'EventForUpdate' query type */
export interface IEventForUpdateQuery {
  params: IEventForUpdateParams;
  result: IEventForUpdateResult;
}

/** 'MarkEventProcessed' parameters type */
export interface IMarkEventProcessedParams {
  id: string;
  outcome: string;
}

/** 'MarkEventProcessed' return type */
export type IMarkEventProcessedResult = void;

/** 'MarkEventProcessed' query type */
export interface IMarkEventProcessedQuery {
  params: IMarkEventProcessedParams;
  result: IMarkEventProcessedResult;
}

/** 'PaymentEventsOfPayment' parameters type */
export interface IPaymentEventsOfPaymentParams {
  paymentId: string;
}

/** 'PaymentEventsOfPayment' return type */
export interface IPaymentEventsOfPaymentResult {
  id: string;
  outcome: string | null;
  payload: Json;
  processed_at: Date | null;
  provider: string;
  provider_status: string | null;
  received_at: Date;
  source: string;
}

/** 'PaymentEventsOfPayment' query type */
export interface IPaymentEventsOfPaymentQuery {
  params: IPaymentEventsOfPaymentParams;
  result: IPaymentEventsOfPaymentResult;
}

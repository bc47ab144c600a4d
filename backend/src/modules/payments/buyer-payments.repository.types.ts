/** Types generated for queries found in "backend/src/modules/payments/buyer-payments.repository.ts" */
export type NumberOrString = number | string;

/** 'PaymentsDueForClaimReminder' parameters type */
export interface IPaymentsDueForClaimReminderParams {
  hours: number;
  limit: NumberOrString;
}

/** 'PaymentsDueForClaimReminder' return type */
export interface IPaymentsDueForClaimReminderResult {
  id: string;
}

/** 'PaymentsDueForClaimReminder' query type */
export interface IPaymentsDueForClaimReminderQuery {
  params: IPaymentsDueForClaimReminderParams;
  result: IPaymentsDueForClaimReminderResult;
}

/** 'MarkClaimReminder' parameters type */
export interface IMarkClaimReminderParams {
  id: string;
}

/** 'MarkClaimReminder' return type */
export interface IMarkClaimReminderResult {
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

/** 'MarkClaimReminder' query type */
export interface IMarkClaimReminderQuery {
  params: IMarkClaimReminderParams;
  result: IMarkClaimReminderResult;
}

/** 'PaymentsOfBuyer' parameters type */
export interface IPaymentsOfBuyerParams {
  email: string;
  userId: string;
}

/** 'PaymentsOfBuyer' return type */
export interface IPaymentsOfBuyerResult {
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
  credit_note_number: string | null;
  currency: string;
  currency_code: string;
  discount_amount: string;
  email: string;
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
  receipt_number: string | null;
  reconcile_checked_at: Date | null;
  recovered_from: string | null;
  recovery_reminded_at: Date | null;
  recovery_reminders: number;
  refund_decision_reason: string | null;
  refund_reason: string | null;
  refund_request_status: string | null;
  refund_requested_at: Date | null;
  refunded_at: Date | null;
  state: string;
  tax_rate: string | null;
  updated_at: Date;
}

/** 'PaymentsOfBuyer' query type */
export interface IPaymentsOfBuyerQuery {
  params: IPaymentsOfBuyerParams;
  result: IPaymentsOfBuyerResult;
}

/** 'AnonymiseBuyerPayments' parameters type */
export interface IAnonymiseBuyerPaymentsParams {
  email: string;
  replacement: string;
  userId: string;
}

/** 'AnonymiseBuyerPayments' return type */
export type IAnonymiseBuyerPaymentsResult = void;

/** 'AnonymiseBuyerPayments' query type */
export interface IAnonymiseBuyerPaymentsQuery {
  params: IAnonymiseBuyerPaymentsParams;
  result: IAnonymiseBuyerPaymentsResult;
}

/** Types generated for queries found in "backend/src/modules/payments/payments.repository.ts" */
export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'InsertPayment' parameters type */
export interface IInsertPaymentParams {
  amount: NumberOrString;
  buyerAddress?: string | null | void;
  buyerCompany?: string | null | void;
  buyerCountry?: string | null | void;
  buyerVatId?: string | null | void;
  checkoutUrl?: string | null | void;
  claimSecretHash?: Buffer | null | void;
  clientId?: string | null | void;
  couponCode?: string | null | void;
  currency: string;
  currencyCode: string;
  discountAmount: NumberOrString;
  email: string;
  id: string;
  language?: string | null | void;
  listAmount?: NumberOrString | null | void;
  method: string;
  network: string;
  payAddress?: string | null | void;
  payAmount?: string | null | void;
  payCurrency: string;
  payExpiresAt?: DateOrString | null | void;
  provider: string;
  providerPaymentId?: string | null | void;
  providerRef?: string | null | void;
  taxRate?: NumberOrString | null | void;
}

/** 'InsertPayment' return type */
export type IInsertPaymentResult = void;

/** 'InsertPayment' query type */
export interface IInsertPaymentQuery {
  params: IInsertPaymentParams;
  result: IInsertPaymentResult;
}

/** 'InsertPaymentHistory' parameters type */
export interface IInsertPaymentHistoryParams {
  id: string;
}

/** 'InsertPaymentHistory' return type */
export type IInsertPaymentHistoryResult = void;

/** 'InsertPaymentHistory' query type */
export interface IInsertPaymentHistoryQuery {
  params: IInsertPaymentHistoryParams;
  result: IInsertPaymentHistoryResult;
}

/** 'PaymentById' parameters type */
export interface IPaymentByIdParams {
  id: string;
}

/** 'PaymentById' return type */
export interface IPaymentByIdResult {
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

/** 'PaymentById' query type */
export interface IPaymentByIdQuery {
  params: IPaymentByIdParams;
  result: IPaymentByIdResult;
}

/** 'LockPayment' parameters type */
export interface ILockPaymentParams {
  id: string;
}

/** 'LockPayment' return type */
export interface ILockPaymentResult {
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

/** 'LockPayment' query type */
export interface ILockPaymentQuery {
  params: ILockPaymentParams;
  result: ILockPaymentResult;
}

/** 'PaymentStateForGrant' parameters type */
export interface IPaymentStateForGrantParams {
  id: string;
}

/** 'PaymentStateForGrant' return type */
export interface IPaymentStateForGrantResult {
  email: string;
  last_notice_at: Date | null;
  state: string;
}

/** 'PaymentStateForGrant' query type */
export interface IPaymentStateForGrantQuery {
  params: IPaymentStateForGrantParams;
  result: IPaymentStateForGrantResult;
}

/** 'LockPaymentIfStale' parameters type */
export interface ILockPaymentIfStaleParams {
  hours: number;
  id: string;
}

/** 'LockPaymentIfStale' return type */
export interface ILockPaymentIfStaleResult {
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

/** 'LockPaymentIfStale' query type */
export interface ILockPaymentIfStaleQuery {
  params: ILockPaymentIfStaleParams;
  result: ILockPaymentIfStaleResult;
}

/** 'TransitionPayment' parameters type */
export interface ITransitionPaymentParams {
  from: string;
  id: string;
  next: string;
  providerPaymentId?: string | null | void;
  providerStatus?: string | null | void;
  reason: string;
  refundReason?: string | null | void;
}

/** 'TransitionPayment' return type */
export type ITransitionPaymentResult = void;

/** 'TransitionPayment' query type */
export interface ITransitionPaymentQuery {
  params: ITransitionPaymentParams;
  result: ITransitionPaymentResult;
}

/** 'NoteProviderPaymentId' parameters type */
export interface INoteProviderPaymentIdParams {
  id: string;
  providerPaymentId?: string | null | void;
}

/** 'NoteProviderPaymentId' return type */
export type INoteProviderPaymentIdResult = void;

/** 'NoteProviderPaymentId' query type */
export interface INoteProviderPaymentIdQuery {
  params: INoteProviderPaymentIdParams;
  result: INoteProviderPaymentIdResult;
}

/** 'NotePayerName' parameters type */
export interface INotePayerNameParams {
  id: string;
  name: string;
}

/** 'NotePayerName' return type */
export type INotePayerNameResult = void;

/** 'NotePayerName' query type */
export interface INotePayerNameQuery {
  params: INotePayerNameParams;
  result: INotePayerNameResult;
}

/** 'NoteCryptoProgress' parameters type */
export interface INoteCryptoProgressParams {
  address?: string | null | void;
  id: string;
  payAmount?: string | null | void;
  received?: string | null | void;
}

/** 'NoteCryptoProgress' return type */
export type INoteCryptoProgressResult = void;

/** 'NoteCryptoProgress' query type */
export interface INoteCryptoProgressQuery {
  params: INoteCryptoProgressParams;
  result: INoteCryptoProgressResult;
}

/** 'NoteRefundRef' parameters type */
export interface INoteRefundRefParams {
  id: string;
  reason?: string | null | void;
  refundRef: string;
}

/** 'NoteRefundRef' return type */
export type INoteRefundRefResult = void;

/** 'NoteRefundRef' query type */
export interface INoteRefundRefQuery {
  params: INoteRefundRefParams;
  result: INoteRefundRefResult;
}

/** 'MarkPaymentClaimed' parameters type */
export interface IMarkPaymentClaimedParams {
  id: string;
  userId: string;
}

/** 'MarkPaymentClaimed' return type */
export type IMarkPaymentClaimedResult = void;

/** 'MarkPaymentClaimed' query type */
export interface IMarkPaymentClaimedQuery {
  params: IMarkPaymentClaimedParams;
  result: IMarkPaymentClaimedResult;
}

/** 'ClaimPaymentsForReconcile' parameters type */
export interface IClaimPaymentsForReconcileParams {
  limit: NumberOrString;
  minutes: number;
}

/** 'ClaimPaymentsForReconcile' return type */
export interface IClaimPaymentsForReconcileResult {
  id: string;
}

/** 'ClaimPaymentsForReconcile' query type */
export interface IClaimPaymentsForReconcileQuery {
  params: IClaimPaymentsForReconcileParams;
  result: IClaimPaymentsForReconcileResult;
}

/** 'PaymentHistory' parameters type */
export interface IPaymentHistoryParams {
  id: string;
}

/** 'PaymentHistory' return type */
export interface IPaymentHistoryResult {
  at: Date;
  from_state: string | null;
  reason: string;
  to_state: string;
}

/** 'PaymentHistory' query type */
export interface IPaymentHistoryQuery {
  params: IPaymentHistoryParams;
  result: IPaymentHistoryResult;
}

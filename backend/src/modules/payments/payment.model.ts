import type { Language } from '../../common/i18n';
import type { PaymentState } from './payment-state';
import type { PaymentMethod } from './providers/payment-provider';

/** A payments row. Amounts are decimal text, never floats. */
export interface PaymentRow {
  id: string;
  email: string;
  amount: string;
  currency: string;
  currency_code: string;
  network: string;
  pay_currency: string;
  provider: string;
  provider_ref: string | null;
  provider_payment_id: string | null;
  provider_status: string | null;
  state: PaymentState;
  checkout_url: string | null;
  client_id: string | null;
  claimed_by_user_id: string | null;
  claimed_at: Date | null;
  claim_secret_hash: Buffer | null;
  paid_at: Date | null;
  refunded_at: Date | null;
  refund_reason: string | null;
  created_at: Date;
  updated_at: Date;
  claim_reminder_at?: Date | null;
  method: PaymentMethod;
  /** The price before the coupon (null: no coupon, the amount is the price). */
  list_amount: string | null;
  discount_amount: string;
  coupon_code: string | null;
  /** Crypto: what the provider asked the buyer to send, where, until when, and what arrived so far (pay currency units). */
  pay_address: string | null;
  pay_amount: string | null;
  pay_expires_at: Date | null;
  amount_received: string | null;
  provider_refund_ref: string | null;
  /** The payer's name as the card or PayPal provider reported it (offered when the account is created). */
  payer_name: string | null;
  /** The interface language of the checkout (null: the site's), copied to the account the payment creates. */
  language: string | null;
  /** The buyer's optional details from checkout, printed on the invoice under "Billed to". */
  buyer_country: string | null;
  buyer_company: string | null;
  buyer_address: string | null;
  buyer_vat_id: string | null;
  /** The tax rate in percent (numeric text, "19.00") included in the amount; null: no tax charged. */
  tax_rate: string | null;
}

/** A payment as its buyer's account page lists it. */
export interface BuyerPaymentRow extends PaymentRow {
  receipt_number: string | null;
  /** The credit note the refund issued, if refunded. */
  credit_note_number: string | null;
  refund_request_status: 'pending' | 'refunded' | 'declined' | null;
  refund_requested_at: Date | null;
  /** Why an admin declined the request. */
  refund_decision_reason: string | null;
}

/** What a buyer may add at checkout for the invoice (each null when not given). */
export interface BuyerDetails {
  country: string | null;
  company: string | null;
  address: string | null;
  vatId: string | null;
}

export interface NewPayment {
  id: string;
  email: string;
  method: PaymentMethod;
  amount: string;
  listAmount: string | null;
  discountAmount: string;
  couponCode: string | null;
  payAddress: string | null;
  payAmount: string | null;
  payExpiresAt: Date | null;
  /** The learner site's interface language at checkout (null: unknown, the site's applies). */
  language: Language | null;
  buyer: BuyerDetails;
  /** The tax rate in percent the settings give the buyer's country (null: none). */
  taxRate: string | null;
  providerPaymentId: string | null;
  currency: string;
  currencyCode: string;
  network: string;
  payCurrency: string;
  provider: string;
  providerRef: string | null;
  checkoutUrl: string | null;
  clientId: string | null;
  claimSecretHash: Buffer;
}

/** One stored provider report (a webhook delivery or what the reconciler fetched). */
export interface PaymentEventRow {
  id: string;
  provider: string;
  provider_status: string | null;
  source: 'webhook' | 'reconcile';
  received_at: Date;
  processed_at: Date | null;
  outcome: string | null;
  payload: Record<string, unknown>;
}

export interface StateHistoryRow {
  from_state: string | null;
  to_state: string;
  reason: string;
  at: Date;
}

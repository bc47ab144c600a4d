import type { Language } from '../../common/i18n';
import type { PaymentState } from './payment-state';
import type { PaymentMethod } from './providers/payment-provider';
import type { IPaymentEventsOfPaymentResult } from './payment-events.repository.types';
import type { IPaymentByIdResult } from './payments.repository.types';

/**
 * A payment as the payments repository reads it (amounts decimal text, never floats): the row as generated from
 * the schema (payments.repository.types.ts, `npm run db:types`), so a
 * column renamed in a migration renames or removes the field here and every
 * reader of it stops type-checking, with its state and method narrowed to the
 * values the state machine and checkout write. Amounts are decimal text in
 * `currency`; list_amount is the price before the coupon (null: no coupon);
 * pay_address, pay_amount, pay_expires_at and amount_received are what a
 * crypto provider asked for and what arrived (pay currency units); payer_name
 * is the name the card or PayPal provider reported (offered when the account
 * is created); language is the checkout's interface language (null: the
 * site's); buyer_* are the buyer's optional invoice details ("Billed to");
 * tax_rate is the rate in percent included in the amount (null: none).
 */
export type PaymentRow = Omit<IPaymentByIdResult, 'state' | 'method'> & { state: PaymentState; method: PaymentMethod };

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

/**
 * One stored provider report (a webhook delivery or what the reconciler fetched), as generated from the schema
 * (payment-events.repository.types.ts), with its source narrowed to the schema's check and its payload to the JSON object the provider sent.
 */
export type PaymentEventRow = Omit<IPaymentEventsOfPaymentResult, 'source' | 'payload'> & { source: 'webhook' | 'reconcile'; payload: Record<string, unknown> };

export interface StateHistoryRow {
  from_state: string | null;
  to_state: string;
  reason: string;
  at: Date;
}

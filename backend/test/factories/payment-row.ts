import type { PaymentRow } from '../../src/modules/payments/payment.model';

/**
 * A paid crypto payment as the payments repository reads it, for unit specs:
 * one factory, typed by the row generated from the schema, so a column added
 * or renamed in a migration is added or renamed here once (the type check says
 * so) instead of in every spec's copy.
 */
export function paymentRow(over: Partial<PaymentRow> = {}): PaymentRow {
  return {
    id: '6d3f0d7e-1f1e-4c52-9a55-2b8f7c8a0a01',
    email: 'buyer@example.com',
    amount: '497.00',
    currency: 'USD',
    currency_code: 'USDT',
    network: 'Tron (TRC-20)',
    pay_currency: 'usdttrc20',
    provider: 'sandbox',
    provider_ref: 'inv-1',
    provider_payment_id: null,
    provider_status: null,
    state: 'PAID',
    checkout_url: null,
    client_id: null,
    claimed_by_user_id: null,
    claimed_at: null,
    claim_secret_hash: null,
    claim_reminder_at: null,
    recovery_reminders: 0,
    recovery_reminded_at: null,
    recovered_from: null,
    reconcile_checked_at: null,
    paid_at: null,
    refunded_at: null,
    refund_reason: null,
    created_at: new Date(),
    updated_at: new Date(),
    method: 'crypto',
    list_amount: null,
    discount_amount: '0.00',
    coupon_code: null,
    pay_address: null,
    pay_amount: null,
    pay_expires_at: null,
    amount_received: null,
    provider_refund_ref: null,
    payer_name: null,
    language: null,
    buyer_country: null,
    buyer_company: null,
    buyer_address: null,
    buyer_vat_id: null,
    tax_rate: null,
    ...over,
  };
}

const STATES = ['CREATED', 'AWAITING_PAYMENT', 'CONFIRMING', 'PAID', 'UNDERPAID', 'EXPIRED', 'FAILED', 'MANUAL_REVIEW', 'REFUNDED'];

export const PAYMENT_STATE_CHOICES = STATES.map((s) => ({ id: s, name: s.replace('_', ' ') }));

export const PAYMENT_PROVIDER_CHOICES = [
  { id: 'sandbox', name: 'Sandbox' },
  { id: 'nowpayments', name: 'NOWPayments' },
];

/** How a payment was paid, in words: "Card", "PayPal", "USDT on Tron (TRC-20)" (never "CARD · Card"). */
export function paidWith(payment: { method?: string; currencyCode?: string; network?: string }): string {
  if (payment.method === 'card') return 'Card';
  if (payment.method === 'paypal') return 'PayPal';
  return [payment.currencyCode, payment.network].filter(Boolean).join(' on ') || '-';
}

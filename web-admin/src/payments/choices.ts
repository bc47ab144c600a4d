const STATES = ['CREATED', 'AWAITING_PAYMENT', 'CONFIRMING', 'PAID', 'UNDERPAID', 'EXPIRED', 'FAILED', 'MANUAL_REVIEW', 'REFUNDED'];

export const PAYMENT_STATE_CHOICES = STATES.map((s) => ({ id: s, name: s.replace('_', ' ') }));

export const PAYMENT_PROVIDER_CHOICES = [
  { id: 'sandbox', name: 'Sandbox' },
  { id: 'nowpayments', name: 'NOWPayments' },
];

export { CURRENCIES, offeredCurrencies, PRICE, type CurrencyOption } from './catalogue';
export type { PaymentRow } from './payment.model';
export { PAYMENT_STATES, type PaymentState } from './payment-state';
export { CLAIM_PROOF_REQUIRED, PaymentsError, PaymentsErrorCode } from './payments.error';
export { PaymentsModule } from './payments.module';
export { PaymentsService } from './payments.service';
export { Purchases, type Buyer } from './purchases.service';
export { Purchase } from './dto/purchase.dto';
export { CLAIM_REMINDER_AFTER_HOURS, ClaimReminders } from './claim-reminders.service';
export { Pricing, type Price } from './pricing';
export { REFUND_MAX_ACCESSED_PERCENT, REFUND_WINDOW_DAYS } from './refund-policy';
export { Coupons } from './coupons.service';
// For a payment provider that lives outside this module (the payments sandbox): the port, the registry it joins, and the helpers it signs and reads with.
export { fromCents } from './decimal';
export { signIpn, verifyIpnSignature } from './ipn-signature';
export { remainingAmount } from './payment-uri';
export { type Checkout, type CheckoutRequest, type PaymentProvider, type ReconcileTarget, reportFromPayload, singleHeader } from './providers/payment-provider';
export { PaymentProviders, type SimulatedProviders } from './providers/payment-providers';
export { stripeSignatureHeader } from './providers/stripe-signature';

import { PAYMENT_METHODS, type PaymentMethod } from '../providers/payment-provider';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PAYMENT_STATES } from '../payment-state';

export class CurrencyName {
  @ApiProperty({ example: 'USDT' })
  code: string;
  @ApiProperty({ example: 'Tether USD' })
  name: string;
}

export class CurrencyList {
  @ApiProperty({ type: [CurrencyName] })
  currencies: CurrencyName[];
}

/** The payment methods checkout offers now (crypto always; card and PayPal once configured). */
export class MethodList {
  @ApiProperty({ enum: PAYMENT_METHODS, isArray: true, example: ['crypto', 'card', 'paypal'] })
  methods: PaymentMethod[];
}

/** The price now, with a coupon when one was given. */
export class PriceQuote {
  @ApiProperty({ enum: ['USD', 'EUR', 'GBP', 'CAD'] })
  currency: string;

  @ApiProperty({ example: '497.00', description: 'The price before the coupon' })
  listAmount: string;

  @ApiProperty({ example: '997.00', description: 'The crossed-out compare-at price' })
  compareAt: string;

  @ApiProperty({ example: '99.40' })
  discount: string;

  @ApiProperty({ example: '397.60', description: 'What checkout asks the provider for' })
  amount: string;

  @ApiProperty({ type: String, nullable: true, example: 'LAUNCH20' })
  couponCode: string | null;
}

/** A checkout started: where to pay, and the proof of purchase the browser keeps. */
export class CheckoutStarted {
  @ApiProperty({ enum: [true] })
  success: true;
  @ApiProperty({
    description: "The provider's hosted payment page",
    example: 'http://localhost:3000/api/payments/sandbox/checkout/0b6f2c1e-8d1f-4c55-9a57-8f2d3c4b5a69',
  })
  paymentUrl: string;
  @ApiProperty({ format: 'uuid', example: '0b6f2c1e-8d1f-4c55-9a57-8f2d3c4b5a69' })
  paymentId: string;
  @ApiProperty({ description: 'Kept by the browser: it proves the purchase when the account is created (and reveals the email on the status page)' })
  claimSecret: string;
}

/** A checkout's state, as the thank-you page polls it. */
/** What a crypto payment asks the buyer to send, when the provider said (our waiting page shows it with the QR code). */
export class PayInstructionsView {
  @ApiProperty({ example: 'TNDFkiSmBQorNFacb3735q8MnT29sn8BLn' })
  address: string;
  @ApiProperty({ example: '497.00', description: 'The exact amount to send, in the pay currency' })
  amount: string;
  @ApiProperty({ example: 'USDT' })
  currencyCode: string;
  @ApiProperty({ type: String, nullable: true, description: 'What arrived so far' })
  received: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Underpaid: what is left to send to the same address (a top-up)' })
  remaining: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'When the quote expires' })
  expiresAt: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'bitcoin:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh?amount=0.00382',
    description: 'A wallet URI of what to send now (the rest, when underpaid) with its amount (BIP21-style), for coins that have one; null for the others',
  })
  paymentUri: string | null;
  @ApiProperty({ description: 'A QR code of paymentUri, else of the address, rendered by the server (PNG data URL)' })
  qrCode: string;
  @ApiProperty({ type: String, nullable: true, description: "The provider's own page for this payment (its hosted invoice)" })
  providerPageUrl: string | null;
}

export class PublicPaymentStatus {
  @ApiProperty({ format: 'uuid' })
  paymentId: string;
  @ApiProperty({ enum: PAYMENT_STATES, enumName: 'PaymentState' })
  state: string;
  @ApiProperty({ type: String, nullable: true, description: "The buyer's email, with proof of purchase only" })
  email: string | null;
  @ApiProperty({ example: '497.00' })
  amount: string;
  @ApiProperty({ example: 'USD' })
  currency: string;
  @ApiProperty({ description: "The provider's pay currency code", example: 'usdttrc20' })
  payCurrency: string;
  @ApiProperty({ example: 'USDT' })
  currencyCode: string;
  @ApiProperty({ example: 'Tron (TRC-20)' })
  network: string;
  @ApiProperty({ description: 'An account has been created from it' })
  claimed: boolean;
  @ApiProperty({ description: 'The request carried a valid claim secret or claim token' })
  proofOfPurchase: boolean;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: "With proof of purchase, once paid (PAID or REFUNDED): an account with the buyer's email exists (the purchase is added to it); null before",
  })
  accountExists: boolean | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Ana Ferreira',
    description: "With proof of purchase: the payer's name as the card or PayPal provider reported it (prefills the account's name); null otherwise",
  })
  payerName: string | null;
  @ApiProperty({ enum: PAYMENT_METHODS })
  method: PaymentMethod;
  @ApiProperty({ type: PayInstructionsView, nullable: true, description: 'Crypto: what to send, where, and until when (when the provider said)' })
  payTo: PayInstructionsView | null;
}

/** A provider notification, as NOWPayments sends it (the fields read first; any other field is stored as it comes). */
export class ProviderNotification {
  @ApiProperty({ description: "The provider's payment number" })
  payment_id: number;
  @ApiProperty({ example: 'finished', description: 'waiting, confirming, confirmed, sending, partially_paid, finished, failed, refunded or expired' })
  payment_status: string;
  @ApiProperty({ format: 'uuid', description: 'Our paymentId' })
  order_id: string;
  @ApiProperty({ example: 497 })
  price_amount: number;
  @ApiProperty({ example: 'usd' })
  price_currency: string;
  @ApiProperty({ example: 'usdttrc20' })
  pay_currency: string;
  @ApiPropertyOptional({ type: 'string', description: "The provider's invoice" })
  invoice_id?: string;
  @ApiPropertyOptional()
  pay_address?: string;
  @ApiPropertyOptional()
  pay_amount?: number;
  @ApiPropertyOptional()
  actually_paid?: number;
  @ApiPropertyOptional()
  order_description?: string;
  @ApiPropertyOptional()
  purchase_id?: string;
  @ApiPropertyOptional({ format: 'date-time' })
  created_at?: string;
  @ApiPropertyOptional({ format: 'date-time' })
  updated_at?: string;
  @ApiPropertyOptional()
  outcome_amount?: number;
  @ApiPropertyOptional()
  outcome_currency?: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'The fees the provider took' })
  fee?: Record<string, unknown>;
}

export class NotificationReceived {
  @ApiProperty({ enum: [true] })
  received: true;
  @ApiProperty({ description: 'This exact notification had been received before (it is not processed twice)' })
  duplicate: boolean;
}

import { ApiProperty } from '@nestjs/swagger';
import { PAYMENT_STATES } from '../payment-state';
import { PAYMENT_METHODS, type PaymentMethod } from '../providers/payment-provider';
import { REFUND_REQUEST_STATUSES, type RefundRequestStatus } from './purchase.dto';

/** Where a payment stands with the refund policy: paid, within 30 days, at most 20% of the lessons accessed. */
export class RefundEligibility {
  @ApiProperty()
  eligible: boolean;
  @ApiProperty({ type: [String], description: 'Every way it falls outside the policy' })
  reasons: string[];
  @ApiProperty({ type: Number, nullable: true })
  daysSincePayment: number | null;
  @ApiProperty({ description: "Percent of the course lessons the buyer's account has accessed" })
  percentAccessed: number;
}

/** The learner's own refund request. */
export class AdminRefundRequest {
  @ApiProperty({ enum: REFUND_REQUEST_STATUSES, enumName: 'RefundRequestStatus' })
  status: RefundRequestStatus;
  @ApiProperty()
  reason: string;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  resolvedAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Declined: the reason the buyer was given' })
  decisionReason: string | null;
}

/** A payment as the console's grid shows it. */
export class AdminPaymentView {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ format: 'email' })
  email: string;
  @ApiProperty({ enum: PAYMENT_STATES, enumName: 'PaymentState' })
  state: string;
  @ApiProperty({ example: 'sandbox', description: 'sandbox or nowpayments' })
  provider: string;
  @ApiProperty({ type: String, nullable: true, description: "The provider's invoice" })
  providerRef: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The provider's payment number" })
  providerPaymentId: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'finished' })
  providerStatus: string | null;
  @ApiProperty({ example: '497.00' })
  amount: string;
  @ApiProperty({ example: 'USD' })
  currency: string;
  @ApiProperty({ enum: PAYMENT_METHODS, enumName: 'PaymentMethod' })
  method: PaymentMethod;
  @ApiProperty({ example: 'USDT' })
  currencyCode: string;
  @ApiProperty({ example: 'Tron (TRC-20)' })
  network: string;
  @ApiProperty({ example: 'usdttrc20' })
  payCurrency: string;
  @ApiProperty({ type: String, nullable: true })
  checkoutUrl: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The account created from it' })
  claimedByUserId: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  createdAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  updatedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  paidAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  refundedAt: string | null;
  @ApiProperty({ type: String, nullable: true })
  refundReason: string | null;
  @ApiProperty()
  refundEligibility: RefundEligibility;
  @ApiProperty({ type: AdminRefundRequest, nullable: true, description: "The learner's own refund request, if any" })
  refundRequest: AdminRefundRequest | null;
  @ApiProperty({ type: String, nullable: true, example: 'SPRING20', description: 'The coupon used at checkout, if any' })
  couponCode: string | null;
  @ApiProperty({ example: '497.00', description: 'The price before the coupon (the amount when there was none)' })
  listAmount: string;
  @ApiProperty({ example: '99.40', description: 'What the coupon took off (0.00 without one); amount = listAmount - discountAmount' })
  discountAmount: string;
  @ApiProperty({ type: String, nullable: true, example: 'R-001001', description: 'The invoice number (issued when the payment became paid)' })
  invoiceNumber: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'CN-000001', description: 'The credit note number (issued by the refund)' })
  creditNoteNumber: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'DE', description: "The buyer's country (ISO 3166 alpha-2), if given at checkout" })
  buyerCountry: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Muster GmbH', description: "The buyer's company, if given at checkout" })
  buyerCompany: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The buyer's billing address (lines separated by \\n), if given at checkout" })
  buyerAddress: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'DE123456789', description: "The buyer's VAT or tax ID, if given at checkout" })
  buyerVatId: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '19',
    description: 'The tax rate in percent included in the amount (from Settings > General > Tax rates); null: no tax charged',
  })
  taxRate: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '79.35',
    description: 'The tax included in the amount (amount − taxAmount is the net); null: no tax charged',
  })
  taxAmount: string | null;
}

/** One provider notification (or reconciler report) received for the payment. */
export class PaymentEventView {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ type: String, nullable: true, example: 'finished' })
  providerStatus: string | null;
  @ApiProperty({ example: 'webhook', description: 'webhook or reconcile' })
  source: string;
  @ApiProperty({ enum: [true], description: 'Only notifications with a valid signature are kept' })
  signatureValid: true;
  @ApiProperty()
  receivedAt: Date;
  @ApiProperty({ type: Date, nullable: true })
  processedAt: Date | null;
  @ApiProperty({ type: String, nullable: true, description: 'What processing it came to' })
  outcome: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The notification as the provider sent it' })
  payload: unknown;
}

/** One step of the payment's state machine. */
export class StateChange {
  @ApiProperty({ type: String, nullable: true, description: 'null for the first state' })
  from: string | null;
  @ApiProperty()
  to: string;
  @ApiProperty()
  reason: string;
  @ApiProperty()
  at: Date;
}

/** One payment with its notifications and state history. */
export class AdminPaymentDetail extends AdminPaymentView {
  @ApiProperty({ type: [PaymentEventView] })
  events: PaymentEventView[];
  @ApiProperty({ type: [StateChange] })
  history: StateChange[];
}

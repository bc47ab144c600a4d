import { ApiProperty } from '@nestjs/swagger';
import { PAYMENT_STATES } from '../payment-state';
import { PAYMENT_METHODS, type PaymentMethod } from '../providers/payment-provider';

export const REFUND_REQUEST_STATUSES = ['pending', 'refunded', 'declined'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

export class PurchaseRefundRequest {
  @ApiProperty({ enum: REFUND_REQUEST_STATUSES, enumName: 'RefundRequestStatus' })
  status: RefundRequestStatus;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
  @ApiProperty({ type: String, nullable: true, description: 'Declined: why, in the words of the seller' })
  decisionReason: string | null;
}

/** Where a purchase stands with the refund policy. */
export class PurchaseRefund {
  @ApiProperty({ type: PurchaseRefundRequest, nullable: true, description: "The learner's request, if any" })
  request: PurchaseRefundRequest | null;
  @ApiProperty({ description: 'Within the policy: paid, within 30 days, at most 20% of the lessons accessed' })
  eligible: boolean;
  @ApiProperty({ type: [String], description: 'Every way it falls outside the policy' })
  reasons: string[];
}

/** One of the learner's payments, as the account page lists it. */
export class Purchase {
  @ApiProperty({ format: 'uuid' })
  paymentId: string;
  @ApiProperty({ enum: PAYMENT_STATES, enumName: 'PaymentState' })
  state: string;
  @ApiProperty({ example: '497.00' })
  amount: string;
  @ApiProperty({ example: 'USD' })
  currency: string;
  @ApiProperty({ enum: PAYMENT_METHODS, enumName: 'PaymentMethod', description: 'How it was paid: card and PayPal have no coin or network of their own' })
  method: PaymentMethod;
  @ApiProperty({ example: 'USDT', description: 'The coin paid in (crypto); CARD or PAYPAL for the other methods' })
  payCurrency: string;
  @ApiProperty({ example: 'Tron (TRC-20)', description: 'The network (crypto); Card or PayPal for the other methods' })
  network: string;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  paidAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  refundedAt: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'Its receipt, once paid', example: 'AA-000123' })
  receiptNumber: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The credit note the refund issued (it credits the receipt), once refunded', example: 'CN-000042' })
  creditNoteNumber: string | null;
  @ApiProperty()
  refund: PurchaseRefund;
}

import { HttpStatus } from '@nestjs/common';
import { ApiError, type FieldErrors } from '../../common/errors/api-error';

export enum PaymentsErrorCode {
  NotFound = 'PAYMENT_NOT_FOUND',
  UnknownProvider = 'PAYMENT_UNKNOWN_PROVIDER',
  ProviderUnavailable = 'PROVIDER_UNAVAILABLE',
  ProviderMismatch = 'PAYMENT_PROVIDER_NOT_ACTIVE',
  InvalidSignature = 'PAYMENT_INVALID_SIGNATURE',
  InvalidNotification = 'PAYMENT_INVALID_NOTIFICATION',
  NotRefundable = 'PAYMENT_NOT_REFUNDABLE',
  ClaimProofRequired = 'CLAIM_PROOF_REQUIRED',
  AlreadyClaimed = 'PAYMENT_ALREADY_CLAIMED',
  NotConfirmed = 'PAYMENT_NOT_CONFIRMED',
  NotCompleted = 'PAYMENT_NOT_COMPLETED',
  EmailMismatch = 'PAYMENT_EMAIL_MISMATCH',
  TooManyCheckouts = 'CHECKOUT_RATE_LIMITED',
  TooManyCouponTries = 'COUPON_RATE_LIMITED',
  AlreadyOwned = 'ALREADY_OWNED',
  RefundNotEligible = 'REFUND_NOT_ELIGIBLE',
  RefundAlreadyRequested = 'REFUND_ALREADY_REQUESTED',
  CouponRefused = 'COUPON_REFUSED',
}

export const CLAIM_PROOF_REQUIRED =
  'Proof of purchase is required: continue on the device you paid with, or open the link we emailed you when the payment was confirmed.';

/** What the payments module refuses, each with its code. */
export class PaymentsError extends ApiError {
  constructor(status: HttpStatus, code: PaymentsErrorCode, message: string, extra: { errors?: FieldErrors; retryAfterSeconds?: number } = {}) {
    super(status, message, { code, ...extra });
  }

  /** `forClaim`: account creation answers an unknown payment as a bad request, not a missing resource. */
  static missing(forClaim = false): PaymentsError {
    return new PaymentsError(forClaim ? HttpStatus.BAD_REQUEST : HttpStatus.NOT_FOUND, PaymentsErrorCode.NotFound, 'Payment not found');
  }
}

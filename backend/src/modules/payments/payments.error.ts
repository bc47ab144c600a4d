import { HttpStatus } from '@nestjs/common';
import { DomainError, type DomainErrorDetails } from '../../common/errors/domain-error';
import { registerErrorStatuses } from '../../common/errors/error-status';

export enum PaymentsErrorCode {
  NotFound = 'PAYMENT_NOT_FOUND',
  /** Account creation names a payment that does not exist: a wrong input, not a missing resource. */
  ClaimPaymentNotFound = 'CLAIM_PAYMENT_NOT_FOUND',
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
  /** The coupon's last redemption went to a concurrent checkout. */
  CouponUsedUp = 'COUPON_USED_UP',
  /** A reminder's resume link or an unsubscribe link whose signature does not match (forged, altered or expired). */
  RecoveryLinkInvalid = 'RECOVERY_LINK_INVALID',
  /** The checkout a resume link names is paid (or another checkout of the address is), or ended. */
  CheckoutNotResumable = 'CHECKOUT_NOT_RESUMABLE',
}

export const PAYMENTS_ERROR_STATUS = registerErrorStatuses<PaymentsErrorCode>({
  [PaymentsErrorCode.NotFound]: HttpStatus.NOT_FOUND,
  [PaymentsErrorCode.ClaimPaymentNotFound]: HttpStatus.BAD_REQUEST,
  [PaymentsErrorCode.UnknownProvider]: HttpStatus.NOT_FOUND,
  [PaymentsErrorCode.ProviderUnavailable]: HttpStatus.BAD_GATEWAY,
  [PaymentsErrorCode.ProviderMismatch]: HttpStatus.CONFLICT,
  [PaymentsErrorCode.InvalidSignature]: HttpStatus.UNAUTHORIZED,
  [PaymentsErrorCode.InvalidNotification]: HttpStatus.BAD_REQUEST,
  [PaymentsErrorCode.NotRefundable]: HttpStatus.BAD_REQUEST,
  [PaymentsErrorCode.ClaimProofRequired]: HttpStatus.FORBIDDEN,
  [PaymentsErrorCode.AlreadyClaimed]: HttpStatus.BAD_REQUEST,
  [PaymentsErrorCode.NotConfirmed]: HttpStatus.BAD_REQUEST,
  [PaymentsErrorCode.NotCompleted]: HttpStatus.BAD_REQUEST,
  [PaymentsErrorCode.EmailMismatch]: HttpStatus.BAD_REQUEST,
  [PaymentsErrorCode.TooManyCheckouts]: HttpStatus.TOO_MANY_REQUESTS,
  [PaymentsErrorCode.TooManyCouponTries]: HttpStatus.TOO_MANY_REQUESTS,
  [PaymentsErrorCode.AlreadyOwned]: HttpStatus.CONFLICT,
  [PaymentsErrorCode.RefundNotEligible]: HttpStatus.UNPROCESSABLE_ENTITY,
  [PaymentsErrorCode.RefundAlreadyRequested]: HttpStatus.CONFLICT,
  [PaymentsErrorCode.CouponRefused]: HttpStatus.BAD_REQUEST,
  [PaymentsErrorCode.CouponUsedUp]: HttpStatus.CONFLICT,
  [PaymentsErrorCode.RecoveryLinkInvalid]: HttpStatus.FORBIDDEN,
  [PaymentsErrorCode.CheckoutNotResumable]: HttpStatus.CONFLICT,
});

export const CLAIM_PROOF_REQUIRED =
  'Proof of purchase is required: continue on the device you paid with, or open the link we emailed you when the payment was confirmed.';

/** What the payments module refuses, each with its code. */
export class PaymentsError extends DomainError<PaymentsErrorCode> {
  constructor(code: PaymentsErrorCode, message: string, details: DomainErrorDetails = {}) {
    super(code, message, details);
  }

  /** `forClaim`: account creation answers an unknown payment as a bad request, not a missing resource. */
  static missing(forClaim = false): PaymentsError {
    return new PaymentsError(forClaim ? PaymentsErrorCode.ClaimPaymentNotFound : PaymentsErrorCode.NotFound, 'Payment not found');
  }
}

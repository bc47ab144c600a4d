import { HttpStatus } from '@nestjs/common';
import { DomainError, type FieldErrors } from '../../common/errors/domain-error';
import { registerErrorStatuses } from '../../common/errors/error-status';

export enum AffiliatesErrorCode {
  /** The learner applied already (whatever the decision was). */
  AlreadyApplied = 'AFFILIATE_ALREADY_APPLIED',
  /** The learner has not applied. */
  NotAnAffiliate = 'AFFILIATE_NOT_FOUND',
  /** A status change the programme does not allow (pending→approved|rejected, approved→suspended, suspended→approved). */
  BadTransition = 'AFFILIATE_BAD_TRANSITION',
  /** A field breaks a rule the DTO cannot check alone (the commission override's value for its type). */
  Invalid = 'AFFILIATE_INVALID',
  /** Another affiliate has this coupon code. */
  CouponTaken = 'AFFILIATE_COUPON_TAKEN',
  /** A payout with nothing owed in that currency (for those affiliates). */
  NothingOwed = 'AFFILIATE_NOTHING_OWED',
}

export const AFFILIATES_ERROR_STATUS = registerErrorStatuses<AffiliatesErrorCode>({
  [AffiliatesErrorCode.AlreadyApplied]: HttpStatus.CONFLICT,
  [AffiliatesErrorCode.NotAnAffiliate]: HttpStatus.NOT_FOUND,
  [AffiliatesErrorCode.BadTransition]: HttpStatus.CONFLICT,
  [AffiliatesErrorCode.Invalid]: HttpStatus.BAD_REQUEST,
  [AffiliatesErrorCode.CouponTaken]: HttpStatus.CONFLICT,
  [AffiliatesErrorCode.NothingOwed]: HttpStatus.CONFLICT,
});

export class AffiliatesError extends DomainError<AffiliatesErrorCode> {
  constructor(code: AffiliatesErrorCode, message: string, errors?: FieldErrors) {
    super(code, message, { errors });
  }

  static alreadyApplied(): AffiliatesError {
    return new AffiliatesError(AffiliatesErrorCode.AlreadyApplied, 'You have already applied to the affiliate programme');
  }

  static notAnAffiliate(): AffiliatesError {
    return new AffiliatesError(AffiliatesErrorCode.NotAnAffiliate, 'You have not applied to the affiliate programme yet');
  }

  static notFound(): AffiliatesError {
    return new AffiliatesError(AffiliatesErrorCode.NotAnAffiliate, 'No such affiliate');
  }

  static field(field: string, message: string): AffiliatesError {
    return new AffiliatesError(AffiliatesErrorCode.Invalid, message, { [field]: message });
  }

  static badTransition(from: string, to: string): AffiliatesError {
    const message = `An affiliate cannot go from ${from} to ${to}`;
    return new AffiliatesError(AffiliatesErrorCode.BadTransition, message, { status: message });
  }

  static couponTaken(code: string): AffiliatesError {
    const message = `Another affiliate already has the coupon code ${code}`;
    return new AffiliatesError(AffiliatesErrorCode.CouponTaken, message, { couponCode: message });
  }

  static nothingOwed(currency: string): AffiliatesError {
    return new AffiliatesError(AffiliatesErrorCode.NothingOwed, `Nothing is owed in ${currency} to pay out`);
  }
}

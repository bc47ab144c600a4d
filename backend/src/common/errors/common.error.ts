import { HttpStatus } from '@nestjs/common';
import { DomainError, type FieldErrors } from './domain-error';
import { registerErrorStatuses } from './error-status';

/** Refusals that are the same in every module: a module declares its own code only where a client can tell the cases apart. */
export enum CommonErrorCode {
  ValidationFailed = 'VALIDATION_FAILED',
  Unauthenticated = 'UNAUTHENTICATED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  Conflict = 'CONFLICT',
  RateLimited = 'RATE_LIMITED',
  /** A bulkhead is full: retry shortly. */
  Busy = 'BUSY',
  /** A dependency other than PostgreSQL or Redis (those have their own codes in the filter) cannot serve now. */
  Unavailable = 'UNAVAILABLE',
}

export const COMMON_ERROR_STATUS = registerErrorStatuses<CommonErrorCode>({
  [CommonErrorCode.ValidationFailed]: HttpStatus.BAD_REQUEST,
  [CommonErrorCode.Unauthenticated]: HttpStatus.UNAUTHORIZED,
  [CommonErrorCode.Forbidden]: HttpStatus.FORBIDDEN,
  [CommonErrorCode.NotFound]: HttpStatus.NOT_FOUND,
  [CommonErrorCode.Conflict]: HttpStatus.CONFLICT,
  [CommonErrorCode.RateLimited]: HttpStatus.TOO_MANY_REQUESTS,
  [CommonErrorCode.Busy]: HttpStatus.SERVICE_UNAVAILABLE,
  [CommonErrorCode.Unavailable]: HttpStatus.SERVICE_UNAVAILABLE,
});

export class CommonError extends DomainError<CommonErrorCode> {
  /** Input that breaks a rule; `errors` names the fields. */
  static invalid(message: string, errors?: FieldErrors): CommonError {
    return new CommonError(CommonErrorCode.ValidationFailed, message, { errors });
  }

  /** One field error: the message is both the field's message and the summary. */
  static field(field: string, message: string): CommonError {
    return CommonError.invalid(message, { [field]: message });
  }

  /** Several field errors: one message is the summary, more say "Validation failed". */
  static fields(errors: FieldErrors): CommonError {
    const messages = Object.values(errors);
    return CommonError.invalid(messages.length === 1 ? messages[0] : 'Validation failed', errors);
  }

  static notFound(message: string): CommonError {
    return new CommonError(CommonErrorCode.NotFound, message);
  }

  static unauthenticated(message = 'Authentication required'): CommonError {
    return new CommonError(CommonErrorCode.Unauthenticated, message);
  }

  static forbidden(message = 'You do not have access to this resource'): CommonError {
    return new CommonError(CommonErrorCode.Forbidden, message);
  }

  static conflict(message: string, errors?: FieldErrors): CommonError {
    return new CommonError(CommonErrorCode.Conflict, message, { errors });
  }

  static rateLimited(message: string, retryAfterSeconds: number): CommonError {
    return new CommonError(CommonErrorCode.RateLimited, message, { retryAfterSeconds });
  }

  static busy(message: string, retryAfterSeconds: number): CommonError {
    return new CommonError(CommonErrorCode.Busy, message, { retryAfterSeconds });
  }

  static unavailable(message: string): CommonError {
    return new CommonError(CommonErrorCode.Unavailable, message);
  }
}

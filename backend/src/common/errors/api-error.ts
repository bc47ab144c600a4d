import { HttpException, HttpStatus } from '@nestjs/common';
import type { FieldErrors } from './domain-error';

export type { FieldErrors } from './domain-error';

/**
 * An error that picks its own HTTP status: the older style, still thrown by
 * the auth module and the payments sandbox until they move to module errors.
 * New code throws a DomainError (a code, no status; see domain-error.ts).
 */
export class ApiError extends HttpException {
  constructor(
    status: HttpStatus,
    message: string,
    readonly details: { errors?: FieldErrors; code?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message, status);
  }

  static badRequest(message: string, errors?: FieldErrors): ApiError {
    return new ApiError(HttpStatus.BAD_REQUEST, message, { errors });
  }

  /** One field error: the message is both the field's message and the summary. */
  static field(field: string, message: string): ApiError {
    return new ApiError(HttpStatus.BAD_REQUEST, message, { errors: { [field]: message } });
  }

  static notFound(message: string): ApiError {
    return new ApiError(HttpStatus.NOT_FOUND, message);
  }

  static unauthorized(message = 'Authentication required'): ApiError {
    return new ApiError(HttpStatus.UNAUTHORIZED, message);
  }

  static forbidden(message = 'You do not have access to this resource'): ApiError {
    return new ApiError(HttpStatus.FORBIDDEN, message);
  }

  static tooManyRequests(message: string, retryAfterSeconds: number): ApiError {
    return new ApiError(HttpStatus.TOO_MANY_REQUESTS, message, { retryAfterSeconds });
  }

  static conflict(message: string, errors?: FieldErrors): ApiError {
    return new ApiError(HttpStatus.CONFLICT, message, { errors });
  }
}

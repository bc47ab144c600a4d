import { STATUS_CODES } from 'node:http';
import type { FieldErrors } from './api-error';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errors?: FieldErrors;
  code?: string;
  /** Kept for the learner app's callers, which read `success` on every answer. */
  success: false;
}

export function errorBody(statusCode: number, message: string, extra: { errors?: FieldErrors; code?: string } = {}): ErrorBody {
  const body: ErrorBody = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, success: false };
  if (extra.errors && Object.keys(extra.errors).length > 0) body.errors = extra.errors;
  if (extra.code) body.code = extra.code;
  return body;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { STATUS_CODES } from 'node:http';
import type { FieldErrors } from './domain-error';

/** The one error shape of every API answer that is not a success (DESIGN.md section 8). */
export class ErrorBody {
  @ApiProperty({ description: 'The HTTP status, repeated', example: 400 })
  statusCode: number;

  @ApiProperty({ description: "The status's name", example: 'Bad Request' })
  error: string;

  @ApiProperty({ description: 'What went wrong, in words a person can read', example: 'Title is required' })
  message: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'One message per field that failed validation (nested fields dotted: `lessons.0.title`)',
    example: { title: 'Title is required' },
  })
  errors?: FieldErrors;

  @ApiPropertyOptional({ description: 'A machine-readable cause where one helps: DATABASE_UNAVAILABLE, REDIS_UNAVAILABLE, MAINTENANCE, JSON_TOO_DEEP...' })
  code?: string;

  /** Kept for the learner app's callers, which read `success` on every answer. */
  @ApiProperty({ enum: [false] })
  success: false;
}

export function errorBody(statusCode: number, message: string, extra: { errors?: FieldErrors; code?: string } = {}): ErrorBody {
  const body: ErrorBody = { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, success: false };
  if (extra.errors && Object.keys(extra.errors).length > 0) body.errors = extra.errors;
  if (extra.code) body.code = extra.code;
  return body;
}

import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { CommonError } from './common.error';
import type { FieldErrors } from './domain-error';

function collect(errors: ValidationError[], prefix: string, out: FieldErrors): void {
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0 && out[path] === undefined) {
      out[path] = messages[messages.length - 1].replace(/^property (\S+) should not exist$/, 'Unknown field $1');
    }
    if (error.children?.length) collect(error.children, path, out);
  }
}

export function fieldErrorsOf(errors: ValidationError[]): FieldErrors {
  const out: FieldErrors = {};
  collect(errors, '', out);
  return out;
}

/**
 * Bodies and queries: unknown fields refused, types converted, every failure
 * a field message. Path parameters are left to their dedicated pipes
 * (IntIdPipe, UuidPipe), which see the raw text: "1e3" is not an id.
 */
class BodyAndQueryValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'param') return Promise.resolve(value);
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new BodyAndQueryValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => CommonError.fields(fieldErrorsOf(errors)),
  });
}

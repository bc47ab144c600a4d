import { Injectable, ParseUUIDPipe, type PipeTransform } from '@nestjs/common';
import { CommonError } from '../errors/common.error';

const MAX_INT = 2_147_483_647;

/** Numeric id in a path: digits only, within PostgreSQL's integer; anything else is a 400, never a 500. */
@Injectable()
export class IntIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > MAX_INT) {
      throw CommonError.invalid('The id in the path must be a positive integer');
    }
    return Number(value);
  }
}

export const UuidPipe = new ParseUUIDPipe({
  exceptionFactory: () => CommonError.invalid('The id in the path must be a UUID'),
});

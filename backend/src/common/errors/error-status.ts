import type { HttpStatus } from '@nestjs/common';

/**
 * The HTTP status of every error code. Each module's `*.error.ts` registers
 * its table when it loads (before any of its errors can be thrown), so common
 * code knows no feature module; the exception filter reads the result.
 */
const statuses = new Map<string, HttpStatus>();

/** Declares the status of each code; a code may not be declared twice with different statuses. */
export function registerErrorStatuses<Code extends string>(table: Record<Code, HttpStatus>): Record<Code, HttpStatus> {
  for (const [code, status] of Object.entries<HttpStatus>(table)) {
    const known = statuses.get(code);
    if (known !== undefined && known !== status) throw new Error(`Error code ${code} is declared with status ${known} and ${status}`);
    statuses.set(code, status);
  }
  return table;
}

/** The status registered for a code, or undefined when no error file declares it (a bug: the filter answers 500). */
export function statusOfErrorCode(code: string): HttpStatus | undefined {
  return statuses.get(code);
}

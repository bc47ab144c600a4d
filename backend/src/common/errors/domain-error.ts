/** One message per field that failed, keyed by the field's (dotted) path. */
export type FieldErrors = Record<string, string>;

export interface DomainErrorDetails {
  errors?: FieldErrors;
  /** Sent as Retry-After. */
  retryAfterSeconds?: number;
}

/**
 * What a service refuses, named by a code. It carries no HTTP status: the
 * exception filter looks the code up in the status tables that the error
 * files register (error-status.ts), so a service says what went wrong and
 * one place decides how HTTP says it. Modules subclass it with their code enum.
 */
export class DomainError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    readonly details: DomainErrorDetails = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

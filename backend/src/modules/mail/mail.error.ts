import { HttpStatus } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';
import { registerErrorStatuses } from '../../common/errors/error-status';

export enum MailErrorCode {
  /** The mail server refused the message (its error is in the message). */
  Failed = 'MAIL_FAILED',
  /** No worker sent the message in time. */
  Timeout = 'MAIL_TIMEOUT',
}

export const MAIL_ERROR_STATUS = registerErrorStatuses<MailErrorCode>({
  [MailErrorCode.Failed]: HttpStatus.BAD_GATEWAY,
  [MailErrorCode.Timeout]: HttpStatus.GATEWAY_TIMEOUT,
});

export class MailError extends DomainError<MailErrorCode> {}

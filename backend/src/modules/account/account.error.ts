import { HttpStatus } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';
import { registerErrorStatuses } from '../../common/errors/error-status';

export enum AccountErrorCode {
  EmailChangeInvalid = 'EMAIL_CHANGE_INVALID',
}

export const ACCOUNT_ERROR_STATUS = registerErrorStatuses<AccountErrorCode>({
  [AccountErrorCode.EmailChangeInvalid]: HttpStatus.BAD_REQUEST,
});

export const EMAIL_CHANGE_INVALID = 'This confirmation link is invalid or has expired. Please ask for a new one from your account page.';

export class AccountError extends DomainError<AccountErrorCode> {
  /** The email-change link is unreadable, expired, or made for an email the account no longer has. */
  static emailChangeInvalid(): AccountError {
    return new AccountError(AccountErrorCode.EmailChangeInvalid, EMAIL_CHANGE_INVALID);
  }
}

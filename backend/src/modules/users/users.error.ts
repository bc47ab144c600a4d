import { HttpStatus } from '@nestjs/common';
import { DomainError, type FieldErrors } from '../../common/errors/domain-error';
import { registerErrorStatuses } from '../../common/errors/error-status';
import { DUPLICATE_EMAIL } from './user.model';

export enum UsersErrorCode {
  NotFound = 'USER_NOT_FOUND',
  DuplicateEmail = 'USER_DUPLICATE_EMAIL',
  WeakPassword = 'USER_WEAK_PASSWORD',
  SelfDemotion = 'USER_SELF_DEMOTION',
  SelfDeactivation = 'USER_SELF_DEACTIVATION',
  SelfDeletion = 'USER_SELF_DELETION',
  NameRequired = 'USER_NAME_REQUIRED',
}

export const USERS_ERROR_STATUS = registerErrorStatuses<UsersErrorCode>({
  [UsersErrorCode.NotFound]: HttpStatus.NOT_FOUND,
  [UsersErrorCode.DuplicateEmail]: HttpStatus.CONFLICT,
  [UsersErrorCode.WeakPassword]: HttpStatus.BAD_REQUEST,
  [UsersErrorCode.SelfDemotion]: HttpStatus.BAD_REQUEST,
  [UsersErrorCode.SelfDeactivation]: HttpStatus.BAD_REQUEST,
  [UsersErrorCode.SelfDeletion]: HttpStatus.BAD_REQUEST,
  [UsersErrorCode.NameRequired]: HttpStatus.BAD_REQUEST,
});

/** What the users module refuses, each with its code (the message is what the console shows). */
export class UsersError extends DomainError<UsersErrorCode> {
  constructor(code: UsersErrorCode, message: string, errors?: FieldErrors) {
    super(code, message, { errors });
  }

  static notFound(): UsersError {
    return new UsersError(UsersErrorCode.NotFound, 'User not found');
  }

  static duplicateEmail(): UsersError {
    return new UsersError(UsersErrorCode.DuplicateEmail, DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
  }

  static weakPassword(message: string): UsersError {
    return new UsersError(UsersErrorCode.WeakPassword, message, { password: message });
  }

  static selfDemotion(): UsersError {
    const message = 'You cannot remove your own admin role';
    return new UsersError(UsersErrorCode.SelfDemotion, message, { role: message });
  }

  static selfDeactivation(): UsersError {
    const message = 'You cannot deactivate your own account';
    return new UsersError(UsersErrorCode.SelfDeactivation, message, { status: message });
  }

  static selfDeletion(): UsersError {
    return new UsersError(UsersErrorCode.SelfDeletion, 'You cannot delete your own account');
  }

  static nameRequired(): UsersError {
    return new UsersError(UsersErrorCode.NameRequired, 'Name is required', { name: 'Name is required' });
  }
}

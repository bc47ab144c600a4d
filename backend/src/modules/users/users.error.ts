import { HttpStatus } from '@nestjs/common';
import { ApiError, type FieldErrors } from '../../common/errors/api-error';
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

/** What the users module refuses, each with its code (the message is what the console shows). */
export class UsersError extends ApiError {
  constructor(status: HttpStatus, code: UsersErrorCode, message: string, errors?: FieldErrors) {
    super(status, message, { code, errors });
  }

  static notFound(): UsersError {
    return new UsersError(HttpStatus.NOT_FOUND, UsersErrorCode.NotFound, 'User not found');
  }

  static duplicateEmail(): UsersError {
    return new UsersError(HttpStatus.CONFLICT, UsersErrorCode.DuplicateEmail, DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
  }

  static weakPassword(message: string): UsersError {
    return new UsersError(HttpStatus.BAD_REQUEST, UsersErrorCode.WeakPassword, message, { password: message });
  }

  static selfDemotion(): UsersError {
    const message = 'You cannot remove your own admin role';
    return new UsersError(HttpStatus.BAD_REQUEST, UsersErrorCode.SelfDemotion, message, { role: message });
  }

  static selfDeactivation(): UsersError {
    const message = 'You cannot deactivate your own account';
    return new UsersError(HttpStatus.BAD_REQUEST, UsersErrorCode.SelfDeactivation, message, { status: message });
  }

  static selfDeletion(): UsersError {
    return new UsersError(HttpStatus.BAD_REQUEST, UsersErrorCode.SelfDeletion, 'You cannot delete your own account');
  }

  static nameRequired(): UsersError {
    return new UsersError(HttpStatus.BAD_REQUEST, UsersErrorCode.NameRequired, 'Name is required', { name: 'Name is required' });
  }
}

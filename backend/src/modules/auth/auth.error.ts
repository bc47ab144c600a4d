import { HttpStatus } from '@nestjs/common';
import { DomainError, type DomainErrorDetails } from '../../common/errors/domain-error';
import { registerErrorStatuses } from '../../common/errors/error-status';

/**
 * What the auth module refuses in ways a client can tell apart. Generic cases
 * (no or a dead session, a field error, a missing record, "administrators
 * only") are CommonError's codes.
 */
export enum AuthErrorCode {
  /** Maintenance mode: learners are refused (the web apps read this code and show their maintenance page; keep its value). */
  Maintenance = 'MAINTENANCE',
  /** A wrong password, an unknown email, or a student at the admin portal: the same answer for all. */
  InvalidCredentials = 'INVALID_CREDENTIALS',
  /** The right password for a suspended or inactive account. */
  AccountInactive = 'ACCOUNT_INACTIVE',
  TooManySignIns = 'SIGN_IN_RATE_LIMITED',
  /** Too many wrong passwords given again before a sensitive change. */
  TooManyWrongPasswords = 'PASSWORD_RATE_LIMITED',
  TooManyResetRequests = 'PASSWORD_RESET_RATE_LIMITED',
  ResetLinkInvalid = 'PASSWORD_RESET_INVALID',
  /** An administrator's learner-portal session on an admin route. */
  AdminPortalRequired = 'ADMIN_PORTAL_REQUIRED',
  /** A @RequiresAccess() route without a lifetime entitlement. */
  AccessRequired = 'ACCESS_REQUIRED',
  /** A signed link whose holder signed out of its session, changed password or was suspended. */
  LinkEnded = 'LINK_ENDED',
  /** An admin session opened without a second factor, once one is required. */
  SecondFactorRequired = 'SECOND_FACTOR_REQUIRED',
  /** The step between the password and the code expired or was already completed. */
  ChallengeExpired = 'SECOND_FACTOR_CHALLENGE_EXPIRED',
  /** A wrong code at the sign-in's code step. */
  WrongSecondFactor = 'SECOND_FACTOR_WRONG',
  /** Too many wrong codes for the account: its code step is locked. */
  SecondFactorLocked = 'SECOND_FACTOR_LOCKED',
  /** A wrong code from the app in the console (set-up, new recovery codes, confirming a reset): a field error. */
  CodeNotRight = 'SECOND_FACTOR_CODE_NOT_RIGHT',
  SecondFactorAlreadySetUp = 'SECOND_FACTOR_ALREADY_SET_UP',
  SecondFactorSetUpNotStarted = 'SECOND_FACTOR_SETUP_NOT_STARTED',
  /** An administrator resetting their own second factor. */
  OwnSecondFactorReset = 'SECOND_FACTOR_OWN_RESET',
}

export const AUTH_ERROR_STATUS = registerErrorStatuses<AuthErrorCode>({
  [AuthErrorCode.Maintenance]: HttpStatus.SERVICE_UNAVAILABLE,
  [AuthErrorCode.InvalidCredentials]: HttpStatus.UNAUTHORIZED,
  [AuthErrorCode.AccountInactive]: HttpStatus.FORBIDDEN,
  [AuthErrorCode.TooManySignIns]: HttpStatus.TOO_MANY_REQUESTS,
  [AuthErrorCode.TooManyWrongPasswords]: HttpStatus.TOO_MANY_REQUESTS,
  [AuthErrorCode.TooManyResetRequests]: HttpStatus.TOO_MANY_REQUESTS,
  [AuthErrorCode.ResetLinkInvalid]: HttpStatus.BAD_REQUEST,
  [AuthErrorCode.AdminPortalRequired]: HttpStatus.FORBIDDEN,
  [AuthErrorCode.AccessRequired]: HttpStatus.FORBIDDEN,
  [AuthErrorCode.LinkEnded]: HttpStatus.FORBIDDEN,
  [AuthErrorCode.SecondFactorRequired]: HttpStatus.UNAUTHORIZED,
  [AuthErrorCode.ChallengeExpired]: HttpStatus.UNAUTHORIZED,
  [AuthErrorCode.WrongSecondFactor]: HttpStatus.UNAUTHORIZED,
  [AuthErrorCode.SecondFactorLocked]: HttpStatus.TOO_MANY_REQUESTS,
  [AuthErrorCode.CodeNotRight]: HttpStatus.BAD_REQUEST,
  [AuthErrorCode.SecondFactorAlreadySetUp]: HttpStatus.CONFLICT,
  [AuthErrorCode.SecondFactorSetUpNotStarted]: HttpStatus.CONFLICT,
  [AuthErrorCode.OwnSecondFactorReset]: HttpStatus.BAD_REQUEST,
});

export const MAINTENANCE_MESSAGE = 'The platform is under maintenance. Please try again in a few minutes.';
export const ACCESS_REQUIRED = 'Lifetime access is required for this content. Get access on the payment page.';
export const LINK_ENDED = 'This link has ended with your session: sign in again and reopen the file.';
export const SECOND_FACTOR_NOW_REQUIRED = 'Two-factor sign-in is now required for administrators. Please sign in again.';
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const RESET_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';
export const WRONG_CODE = 'That code is not right. Enter the 6-digit code from your authenticator app, or one of your recovery codes.';
export const CODE_NOT_RIGHT = 'That code is not right. Enter the 6-digit code your app shows now.';
export const CODES_LOCKED = (seconds: number) =>
  `Too many wrong codes for this account. Two-factor sign-in is locked for ${Math.ceil(seconds / 60)} minutes; please wait and try again.`;
const ALREADY_SET_UP = 'Two-factor authentication is already set up for this account';

/** What the auth module refuses, each with its code. */
export class AuthError extends DomainError<AuthErrorCode> {
  constructor(code: AuthErrorCode, message: string, details: DomainErrorDetails = {}) {
    super(code, message, details);
  }

  static maintenance(): AuthError {
    return new AuthError(AuthErrorCode.Maintenance, MAINTENANCE_MESSAGE);
  }

  static invalidCredentials(): AuthError {
    return new AuthError(AuthErrorCode.InvalidCredentials, INVALID_CREDENTIALS);
  }

  static accountInactive(status: string): AuthError {
    return new AuthError(AuthErrorCode.AccountInactive, `Your account is ${status}. Please contact support.`);
  }

  static tooManySignIns(wait: number): AuthError {
    return new AuthError(AuthErrorCode.TooManySignIns, `Too many failed sign-in attempts. Please wait ${wait} seconds and try again.`, {
      retryAfterSeconds: wait,
    });
  }

  static tooManyWrongPasswords(wait: number): AuthError {
    return new AuthError(AuthErrorCode.TooManyWrongPasswords, `Too many wrong passwords. Please wait ${wait} seconds and try again.`, {
      retryAfterSeconds: wait,
    });
  }

  /** `message`: a request for a reset link and an attempt to use one say it differently. */
  static tooManyResetRequests(message: string, wait: number): AuthError {
    return new AuthError(AuthErrorCode.TooManyResetRequests, message, { retryAfterSeconds: wait });
  }

  static resetLinkInvalid(): AuthError {
    return new AuthError(AuthErrorCode.ResetLinkInvalid, RESET_INVALID);
  }

  static adminPortalRequired(): AuthError {
    return new AuthError(AuthErrorCode.AdminPortalRequired, 'Sign in through the admin portal to use the admin console');
  }

  static accessRequired(): AuthError {
    return new AuthError(AuthErrorCode.AccessRequired, ACCESS_REQUIRED);
  }

  static linkEnded(): AuthError {
    return new AuthError(AuthErrorCode.LinkEnded, LINK_ENDED);
  }

  static secondFactorRequired(): AuthError {
    return new AuthError(AuthErrorCode.SecondFactorRequired, SECOND_FACTOR_NOW_REQUIRED);
  }

  /** `completed`: the challenge was there when the code step began, and was spent by another request meanwhile. */
  static challengeExpired(completed = false): AuthError {
    return new AuthError(
      AuthErrorCode.ChallengeExpired,
      completed
        ? 'This sign-in has already been completed or has expired. Please sign in again.'
        : 'This sign-in has expired. Please enter your email and password again.',
    );
  }

  static wrongSecondFactor(): AuthError {
    return new AuthError(AuthErrorCode.WrongSecondFactor, WRONG_CODE);
  }

  static secondFactorLocked(wait: number): AuthError {
    return new AuthError(AuthErrorCode.SecondFactorLocked, CODES_LOCKED(wait), { retryAfterSeconds: wait });
  }

  static codeNotRight(): AuthError {
    return new AuthError(AuthErrorCode.CodeNotRight, CODE_NOT_RIGHT, { errors: { code: CODE_NOT_RIGHT } });
  }

  static secondFactorAlreadySetUp(): AuthError {
    return new AuthError(AuthErrorCode.SecondFactorAlreadySetUp, ALREADY_SET_UP);
  }

  static secondFactorSetUpNotStarted(): AuthError {
    return new AuthError(AuthErrorCode.SecondFactorSetUpNotStarted, 'Start the two-factor set-up first');
  }

  static ownSecondFactorReset(): AuthError {
    return new AuthError(
      AuthErrorCode.OwnSecondFactorReset,
      'Another administrator must reset your two-factor sign-in (or run: npm run admin:create -- --reset-2fa EMAIL)',
    );
  }
}

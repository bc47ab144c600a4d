import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { ApiError } from '../../../common/errors/api-error';
import { REDIS } from '../../../redis/redis.module';
import { UsersService } from '../../users';
import { AuthService } from '../auth.service';
import type { SessionResult, TwoFactorChallenge, TwoFactorEnrolment, TwoFactorSession } from '../dto/session.dto';
import { TwoFactorService } from './two-factor.service';

/** How long the step between the password and the code may take. */
export const CHALLENGE_SECONDS = 300;
export const WRONG_CODE = 'That code is not right. Enter the 6-digit code from your authenticator app, or one of your recovery codes.';

interface Pending {
  userId: string;
  email: string;
  enrol: boolean;
}

/**
 * The admin console's sign-in: the password, then, when the Security setting
 * requires it (or the admin set it up), a TOTP or recovery code. Between the
 * two steps the admin holds a challenge (Redis, 5 minutes, single use), not a
 * session; wrong codes count against the same limits as wrong passwords.
 */
@Injectable()
export class AdminSignIn {
  constructor(
    private readonly auth: AuthService,
    private readonly twoFactor: TwoFactorService,
    private readonly users: UsersService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async password(input: { email: string; password: string; ip: string }): Promise<SessionResult | TwoFactorChallenge> {
    const user = await this.auth.checkPassword(input, 'admin');
    const enrolled = await this.twoFactor.isEnabled(user.id);
    if (!enrolled && !(await this.twoFactor.required())) return this.auth.completeLogin(user, 'admin');
    const challenge = randomBytes(32).toString('base64url');
    const pending: Pending = { userId: user.id, email: user.email, enrol: !enrolled };
    await this.redis.set(this.key(challenge), JSON.stringify(pending), 'EX', CHALLENGE_SECONDS);
    return { twoFactorRequired: true, enrolmentRequired: !enrolled, challenge, expiresInSeconds: CHALLENGE_SECONDS };
  }

  /** For an admin who must enrol: the secret and QR code to add to an authenticator app. */
  async setup(challenge: string): Promise<TwoFactorEnrolment> {
    const pending = await this.pending(challenge);
    if (!pending.enrol) throw ApiError.conflict('Two-factor authentication is already set up for this account');
    return this.twoFactor.startEnrolment({ id: pending.userId, email: pending.email });
  }

  /**
   * The code step. Enrolling, it confirms the new authenticator and answers
   * the recovery codes (shown once) with the session; otherwise it checks the
   * code. Either way the challenge is spent on success.
   */
  async code(challenge: string, code: string, ip: string): Promise<TwoFactorSession> {
    const pending = await this.pending(challenge);
    // A wrong code counts like a wrong password (the attempt is reserved first); anything else gives the attempt back.
    const attempt = await this.auth.countAttempt(pending.email, ip);
    let recoveryCodes: string[] | undefined;
    let right: boolean;
    try {
      if (pending.enrol) {
        const confirmed = await this.twoFactor
          .confirmEnrolment({ id: pending.userId, email: pending.email }, code, { id: pending.userId, email: pending.email })
          .catch((err: unknown) => {
            if (err instanceof ApiError && err.details.errors?.code) return null;
            throw err;
          });
        right = confirmed !== null;
        recoveryCodes = confirmed?.recoveryCodes;
      } else {
        right = await this.twoFactor.verify(pending.userId, code);
      }
    } catch (err) {
      await attempt.failedForOtherReasons();
      throw err;
    }
    if (!right) throw ApiError.unauthorized(WRONG_CODE);
    if ((await this.redis.del(this.key(challenge))) !== 1)
      throw ApiError.unauthorized('This sign-in has already been completed or has expired. Please sign in again.');
    await attempt.succeeded();
    const user = await this.users.findById(pending.userId);
    if (!user || user.status !== 'active' || user.role !== 'admin') throw ApiError.unauthorized('Your session has ended. Please sign in again.');
    const session = await this.auth.completeLogin(user, 'admin');
    return recoveryCodes ? { ...session, recoveryCodes } : session;
  }

  private async pending(challenge: string): Promise<Pending> {
    const raw = /^[A-Za-z0-9_-]{43}$/.test(challenge) ? await this.redis.get(this.key(challenge)) : null;
    if (!raw) throw ApiError.unauthorized('This sign-in has expired. Please enter your email and password again.');
    return JSON.parse(raw) as Pending;
  }

  private key(challenge: string): string {
    return `2fa:challenge:${challenge}`;
  }
}

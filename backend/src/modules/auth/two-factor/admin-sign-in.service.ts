import { metrics } from '../../../common/metrics/metrics';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { isAdminAccount } from '../../../common/auth/admin-power';
import { CommonError } from '../../../common/errors/common.error';
import { authConfig } from '../../../config';
import { REDIS } from '../../../redis/redis.module';
import { AuditService } from '../../audit';
import { AdminNotices } from '../../mail';
import { UsersService } from '../../users';
import { AuthError, AuthErrorCode } from '../auth.error';
import type { SessionResult, TwoFactorChallenge, TwoFactorEnrolment, TwoFactorSession } from '../dto/session.dto';
import { SignIn } from '../sign-in.service';
import { SecondFactorLimiter } from './second-factor-limiter';
import { TwoFactorService } from './two-factor.service';

/** How long the step between the password and the code may take. */
export const CHALLENGE_SECONDS = 300;

interface Pending {
  userId: string;
  email: string;
  enrol: boolean;
}

/**
 * The admin console's sign-in: the password, then, when the Security setting
 * requires it (or the admin set it up), a TOTP or recovery code. Between the
 * two steps the admin holds a challenge (Redis, 5 minutes, single use), not a
 * session. Wrong codes count against the client address like wrong passwords,
 * and against the account on a counter of their own that the password step
 * never clears (SecondFactorLimiter): past its allowance the account's code
 * step locks, longer each time, and the administrators are alerted.
 */
@Injectable()
export class AdminSignIn {
  private readonly logger = new Logger(AdminSignIn.name);
  private readonly codes: SecondFactorLimiter;

  constructor(
    private readonly signIn: SignIn,
    private readonly twoFactor: TwoFactorService,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly notices: AdminNotices,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(authConfig.KEY) config: ConfigType<typeof authConfig>,
  ) {
    this.codes = new SecondFactorLimiter(redis, {
      maxFailures: config.twoFactorMaxFailures,
      windowSeconds: config.twoFactorWindowSeconds,
      lockSeconds: config.twoFactorLockSeconds,
      maxLockSeconds: config.twoFactorMaxLockSeconds,
      strikeMemorySeconds: Math.max(24 * 3600, config.twoFactorMaxLockSeconds),
    });
  }

  async password(input: { email: string; password: string; ip: string }): Promise<SessionResult | TwoFactorChallenge> {
    const user = await this.signIn.checkPassword(input, 'admin');
    const enrolled = await this.twoFactor.isEnabled(user.id);
    if (!enrolled && !(await this.twoFactor.required())) return this.signIn.completeLogin(user, 'admin');
    const challenge = randomBytes(32).toString('base64url');
    const pending: Pending = { userId: user.id, email: user.email, enrol: !enrolled };
    await this.redis.set(this.key(challenge), JSON.stringify(pending), 'EX', CHALLENGE_SECONDS);
    return { twoFactorRequired: true, enrolmentRequired: !enrolled, challenge, expiresInSeconds: CHALLENGE_SECONDS };
  }

  /** For an admin who must enrol: the secret and QR code to add to an authenticator app. */
  async setup(challenge: string): Promise<TwoFactorEnrolment> {
    const pending = await this.pending(challenge);
    if (!pending.enrol) throw AuthError.secondFactorAlreadySetUp();
    return this.twoFactor.startEnrolment({ id: pending.userId, email: pending.email });
  }

  /**
   * The code step. Enrolling, it confirms the new authenticator and answers
   * the recovery codes (shown once) with the session; otherwise it checks the
   * code. Either way the challenge is spent on success. While the account's
   * code step is locked no code is checked at all, a right one included.
   */
  async code(challenge: string, code: string, ip: string): Promise<TwoFactorSession> {
    const pending = await this.pending(challenge);
    const address = await this.signIn.countAddressAttempt(ip);
    const reservation = await this.codes.reserve(pending.userId);
    if (reservation.wait > 0) {
      await address.release();
      if (reservation.tripped) await this.lockedOut(pending, reservation.wait, ip);
      throw AuthError.secondFactorLocked(reservation.wait);
    }
    // A wrong code counts; anything else (a failure of ours, a spent challenge) gives the attempt back.
    let recoveryCodes: string[] | undefined;
    let right: boolean;
    try {
      if (pending.enrol) {
        const confirmed = await this.twoFactor
          .confirmEnrolment({ id: pending.userId, email: pending.email }, code, { id: pending.userId, email: pending.email })
          .catch((err: unknown) => {
            if (err instanceof AuthError && err.code === AuthErrorCode.CodeNotRight) return null;
            throw err;
          });
        right = confirmed !== null;
        recoveryCodes = confirmed?.recoveryCodes;
      } else {
        right = await this.twoFactor.verify(pending.userId, code);
      }
    } catch (err) {
      await Promise.all([address.release(), this.codes.giveBack(pending.userId)]);
      throw err;
    }
    if (!right) throw AuthError.wrongSecondFactor();
    await Promise.all([address.release(), this.codes.giveBack(pending.userId)]);
    if ((await this.redis.del(this.key(challenge))) !== 1) throw AuthError.challengeExpired(true);
    const user = await this.users.findById(pending.userId);
    if (!user || user.status !== 'active' || !isAdminAccount(user)) throw CommonError.unauthenticated('Your session has ended. Please sign in again.');
    await this.codes.clear(user.id);
    const session = await this.signIn.completeLogin(user, 'admin', { secondFactor: true });
    return recoveryCodes ? { ...session, recoveryCodes } : session;
  }

  /** The account's code step just locked: on the audit trail, and a system alert to the administrators (never failing the request). */
  private async lockedOut(pending: Pending, seconds: number, ip: string): Promise<void> {
    metrics.twoFactorLockouts.inc();
    const summary = `Two-factor sign-in of ${pending.email} locked for ${Math.ceil(seconds / 60)} minutes after too many wrong codes (last from ${ip})`;
    this.logger.warn({ userId: pending.userId, ip, seconds }, 'Two-factor sign-in locked after too many wrong codes');
    try {
      await this.audit.record(null, {
        actor: null,
        actorLabel: 'security',
        action: 'lock-two-factor',
        resource: 'two-factor',
        resourceId: pending.userId,
        summary,
      });
    } catch (err) {
      this.logger.error({ err: (err as Error).message }, 'Two-factor lock not audited');
    }
    await this.notices.systemAlert(
      'two-factor-locked',
      'Two-factor sign-in locked: someone is guessing codes',
      `${summary}.\n\nWhoever tried knows this administrator's password. If it was not them, change the password now ` +
        '(the lock grows longer at each new series of wrong codes), and check Admin > Audit log for other sign-ins.',
    );
  }

  private async pending(challenge: string): Promise<Pending> {
    const raw = /^[A-Za-z0-9_-]{43}$/.test(challenge) ? await this.redis.get(this.key(challenge)) : null;
    if (!raw) throw AuthError.challengeExpired();
    return JSON.parse(raw) as Pending;
  }

  private key(challenge: string): string {
    return `2fa:challenge:${challenge}`;
  }
}

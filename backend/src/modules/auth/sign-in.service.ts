import { metrics } from '../../common/metrics/metrics';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import Redis from 'ioredis';
import { isAdminAccount } from '../../common/auth/admin-power';
import type { AuthUser, TokenKind } from '../../common/auth/auth-user';
import { CommonError } from '../../common/errors/common.error';
import { RateLimiter } from '../../common/http/rate-limiter';
import { authConfig } from '../../config';
import { REDIS } from '../../redis/redis.module';
import { SettingsService } from '../settings';
import { normaliseEmail, UsersService, verifyPassword, type UserRow } from '../users';
import { AuthError } from './auth.error';
import type { SessionResult } from './dto/session.dto';
import { Sessions } from './sessions.service';

/**
 * Proving who you are with a password: the learner and admin sign-ins
 * (the admin's second factor is AdminSignIn's), and a signed-in user's
 * password asked again before a sensitive change. Wrong passwords are
 * limited per account and per client address; a whole successful sign-in
 * stamps the account and opens the session.
 */
@Injectable()
export class SignIn {
  private readonly logger = new Logger(SignIn.name);
  private readonly loginFailures: RateLimiter;

  constructor(
    private readonly users: UsersService,
    private readonly settings: SettingsService,
    private readonly sessions: Sessions,
    @Inject(REDIS) redis: Redis,
    @Inject(authConfig.KEY) private readonly config: ConfigType<typeof authConfig>,
  ) {
    this.loginFailures = new RateLimiter(redis, 'login', config.loginWindowSeconds);
  }

  async login(input: { email: string; password: string; rememberMe?: boolean; ip: string }, kind: TokenKind): Promise<SessionResult> {
    const user = await this.checkPassword(input, kind);
    // During maintenance only administrators sign in, at /admin/login; the learner portal answers the maintenance page to everyone
    // (an administrator's session from it would have no admin power, so it could not pass maintenance either).
    if (kind === 'learner' && (await this.settings.get('system')).maintenanceMode) {
      throw AuthError.maintenance();
    }
    return this.completeLogin(user, kind, { rememberMe: input.rememberMe });
  }

  /**
   * The password step of a sign-in: the account exists, may use this portal,
   * the password matches and the account is active. Rate limited per
   * account and per IP; only wrong passwords count. A right password gives
   * back only its own attempt: the account's count of failures starts afresh
   * when the whole sign-in succeeds (completeLogin), not at the password step
   * of a sign-in that still needs a second factor.
   */
  async checkPassword(input: { email: string; password: string; ip: string }, kind: TokenKind): Promise<UserRow> {
    const email = normaliseEmail(input.email);
    const rules = this.signInRules(email, input.ip);
    // The attempt counts as a failure from the start, so parallel guesses cannot all pass a read-then-count check.
    const wait = await this.loginFailures.reserve(rules);
    if (wait > 0) throw AuthError.tooManySignIns(wait);

    let user: Awaited<ReturnType<UsersService['findByEmail']>>;
    let valid: boolean;
    try {
      user = await this.users.findByEmail(email);
      valid = await verifyPassword(user?.password_hash ?? null, input.password);
    } catch (err) {
      // The database (or the hasher) failed, not the password: this attempt must not count against the account.
      await this.loginFailures.release(rules).catch((e: Error) => this.logger.warn({ err: e.message }, 'Sign-in attempt not released'));
      throw err;
    }
    if (!user || !valid || (kind === 'admin' && !isAdminAccount(user))) {
      metrics.loginFailures.inc({ portal: kind === 'admin' ? 'admin' : 'learner' });
      throw AuthError.invalidCredentials();
    }
    await this.loginFailures.release(rules);
    if (user.status !== 'active') throw AuthError.accountInactive(user.status);
    return user;
  }

  /**
   * The sign-in is complete (password, and the second factor where one is
   * needed): the account's failed sign-ins start afresh, the sign-in is
   * stamped and the session opens.
   */
  async completeLogin(user: UserRow, kind: TokenKind, options: { rememberMe?: boolean; secondFactor?: boolean } = {}): Promise<SessionResult> {
    await this.loginFailures.release([], [`acct:${normaliseEmail(user.email)}`]);
    await this.users.recordLogin(user, kind);
    // The row read for this sign-in opens the session (no second read): the stamp above changed only the sign-in time.
    return this.sessions.open({ ...user, last_login_at: new Date() }, kind, options.rememberMe, options.secondFactor);
  }

  /**
   * Counts one attempt of a sign-in step other than the password (a
   * two-factor code) against the client address's limit (the account has a
   * limit of its own for codes: SecondFactorLimiter); answers a release for
   * when the attempt turns out not to be a failure.
   */
  async countAddressAttempt(ip: string): Promise<{ release: () => Promise<void> }> {
    const rules = [this.signInRules('', ip)[1]];
    const wait = await this.loginFailures.reserve(rules);
    if (wait > 0) throw AuthError.tooManySignIns(wait);
    return { release: () => this.loginFailures.release(rules) };
  }

  /**
   * A signed-in user proves again it is them before a sensitive change (a
   * new password, setting up or resetting two-factor sign-in). A wrong
   * password counts against the account's sign-in limit, like a failed
   * sign-in; a right one starts the count afresh.
   */
  async confirmPassword(user: Pick<AuthUser, 'id' | 'email'>, password: string, field = 'password', wrong = 'Your password is not right'): Promise<void> {
    const rules = [{ key: `acct:${normaliseEmail(user.email)}`, max: this.config.loginMaxFailures }];
    const wait = await this.loginFailures.reserve(rules);
    if (wait > 0) throw AuthError.tooManyWrongPasswords(wait);
    let valid: boolean;
    try {
      valid = await verifyPassword(await this.users.passwordHashOf(user.id), password);
    } catch (err) {
      await this.loginFailures.release(rules).catch((e: Error) => this.logger.warn({ err: e.message }, 'Sign-in attempt not released'));
      throw err;
    }
    if (!valid) throw CommonError.field(field, wrong);
    await this.loginFailures.release(rules, [rules[0].key]);
  }

  private signInRules(email: string, ip: string) {
    return [
      { key: `acct:${email}`, max: this.config.loginMaxFailures },
      { key: `ip:${ip}`, max: this.config.loginMaxFailuresPerIp },
    ];
  }
}

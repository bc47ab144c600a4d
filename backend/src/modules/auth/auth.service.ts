import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { isAdminAccount, sessionHasAdminPower } from '../../common/auth/admin-power';
import type { AuthUser, TokenKind } from '../../common/auth/auth-user';
import { isLanguage, type Language } from '../../common/i18n';
import { ApiError } from '../../common/errors/api-error';
import { appConfig, authConfig } from '../../config';
import { HandlesOwedCommand, OwedCommands, type OwedCommandRef } from '../../events/owed-commands.service';
import { TransactionRunner } from '../../events/transaction-runner';
import { REDIS } from '../../redis/redis.module';
import { RateLimiter } from '../../common/http/rate-limiter';
import { MailBrandService, MailService, passwordResetMail } from '../mail';
import { PaymentsService } from '../payments';
import { SettingsService } from '../settings';
import { AccessService, normaliseEmail, PasswordResetService, passwordProblem, UsersService, verifyPassword, type UserRow } from '../users';
import type { Me, PurchaseAddedToAccount, SessionResult, SessionTiming, SessionUser } from './dto/session.dto';
import { MAINTENANCE_MESSAGE } from './auth.guard';
import { SessionTokens, type SlidingSession } from './session-tokens.service';

export type { SessionResult };

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const RESET_REQUESTED = 'If an account exists for this email, a link to reset the password is on its way.';
export const RESET_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';

@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);
  private readonly loginFailures: RateLimiter;
  private readonly resetRequests: RateLimiter;

  constructor(
    private readonly users: UsersService,
    private readonly access: AccessService,
    private readonly tokens: SessionTokens,
    private readonly resets: PasswordResetService,
    private readonly tx: TransactionRunner,
    private readonly mail: MailService,
    private readonly settings: SettingsService,
    private readonly payments: PaymentsService,
    private readonly commands: OwedCommands,
    private readonly brands: MailBrandService,
    @Inject(REDIS) redis: Redis,
    @Inject(authConfig.KEY) private readonly config: ConfigType<typeof authConfig>,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {
    this.loginFailures = new RateLimiter(redis, 'login', config.loginWindowSeconds);
    this.resetRequests = new RateLimiter(redis, 'reset', config.loginWindowSeconds);
  }

  async login(input: { email: string; password: string; rememberMe?: boolean; ip: string }, kind: TokenKind): Promise<SessionResult> {
    const user = await this.checkPassword(input, kind);
    // During maintenance only administrators sign in, at /admin/login; the learner portal answers the maintenance page to everyone
    // (an administrator's session from it would have no admin power, so it could not pass maintenance either).
    if (kind === 'learner' && (await this.settings.get('system')).maintenanceMode) {
      throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, MAINTENANCE_MESSAGE, { code: 'MAINTENANCE' });
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
    if (wait > 0) throw ApiError.tooManyRequests(`Too many failed sign-in attempts. Please wait ${wait} seconds and try again.`, wait);

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
    if (!user || !valid || (kind === 'admin' && !isAdminAccount(user))) throw ApiError.unauthorized(INVALID_CREDENTIALS);
    await this.loginFailures.release(rules);
    if (user.status !== 'active') throw ApiError.forbidden(`Your account is ${user.status}. Please contact support.`);
    return user;
  }

  /**
   * The sign-in is complete (password, and the second factor where one is
   * needed): the account's failed sign-ins start afresh, the sign-in is
   * stamped and the session opens.
   */
  async completeLogin(
    user: Pick<UserRow, 'id' | 'email' | 'name' | 'role'>,
    kind: TokenKind,
    options: { rememberMe?: boolean; secondFactor?: boolean } = {},
  ): Promise<SessionResult> {
    await this.loginFailures.release([], [`acct:${normaliseEmail(user.email)}`]);
    await this.users.recordLogin(user, kind);
    return this.session(user.id, kind, options.rememberMe, options.secondFactor);
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
    if (wait > 0) throw ApiError.tooManyRequests(`Too many failed sign-in attempts. Please wait ${wait} seconds and try again.`, wait);
    return { release: () => this.loginFailures.release(rules) };
  }

  private signInRules(email: string, ip: string) {
    return [
      { key: `acct:${email}`, max: this.config.loginMaxFailures },
      { key: `ip:${ip}`, max: this.config.loginMaxFailuresPerIp },
    ];
  }

  /**
   * A fresh session for a user (after sign-in, account creation or a password
   * change). Admin sessions slide: they last the Security setting
   * sessionTimeout from the last renewal, up to the absolute maximum.
   */
  async session(userId: string, kind: TokenKind, rememberMe = false, secondFactor = false): Promise<SessionResult> {
    const user = (await this.users.findById(userId))!;
    if (kind === 'admin') {
      const startedAt = Math.floor(Date.now() / 1000);
      return this.adminSession(user, { id: randomUUID(), startedAt, endsBy: startedAt + this.config.adminSessionMaxSeconds, secondFactor });
    }
    const ttl = rememberMe ? this.config.learnerRememberTtlSeconds : this.config.learnerTtlSeconds;
    const issued = await this.tokens.issue(user, kind, ttl);
    return { success: true, ...issued, user: toSessionUser(user, kind) };
  }

  /**
   * The admin was active: a new token for the same session, lasting the
   * inactivity timeout again but never past the session's absolute end.
   */
  async renewAdminSession(current: AuthUser): Promise<SessionResult> {
    if (current.kind !== 'admin' || !current.session) throw ApiError.unauthorized('This session cannot be renewed. Please sign in again.');
    const user = await this.users.findById(current.id);
    if (!user) throw ApiError.unauthorized('Your session has ended. Please sign in again.');
    return this.adminSession(user, { ...current.session, endsBy: current.session.startedAt + this.config.adminSessionMaxSeconds });
  }

  private async adminSession(user: UserRow, session: SlidingSession): Promise<SessionResult> {
    const idleTimeoutSeconds = await this.adminIdleTimeoutSeconds();
    const issued = await this.tokens.issue(user, 'admin', idleTimeoutSeconds, session);
    return { success: true, ...issued, user: toSessionUser(user, 'admin'), session: this.timing(issued.expiresAt, session, idleTimeoutSeconds) };
  }

  private async adminIdleTimeoutSeconds(): Promise<number> {
    return (await this.settings.get('security')).sessionTimeout * this.config.sessionMinuteSeconds;
  }

  private timing(expiresAt: string, session: SlidingSession, idleTimeoutSeconds: number): SessionTiming {
    return {
      expiresAt,
      absoluteExpiresAt: new Date(session.endsBy * 1000).toISOString(),
      idleTimeoutSeconds,
      warningSeconds: Math.min(this.config.adminSessionWarningSeconds, Math.floor(idleTimeoutSeconds / 2)),
    };
  }

  async me(user: AuthUser): Promise<Me> {
    const row = await this.users.findById(user.id);
    if (!row) throw ApiError.unauthorized('Your session has ended. Please sign in again.');
    const expiresAt = new Date(user.exp * 1000).toISOString();
    const timing = user.session
      ? this.timing(expiresAt, { ...user.session, endsBy: user.session.startedAt + this.config.adminSessionMaxSeconds }, await this.adminIdleTimeoutSeconds())
      : {};
    return { user: toSessionUser(row, user.kind), session: { kind: user.kind, expiresAt, ...timing } };
  }

  async logout(user: AuthUser): Promise<void> {
    await this.tokens.revoke(user, user.session ? user.session.startedAt + this.config.adminSessionMaxSeconds : undefined);
  }

  async logoutEverywhere(user: AuthUser): Promise<void> {
    await this.users.endAllSessions(user.id);
  }

  async forgotPassword(emailInput: string, ip: string): Promise<void> {
    const email = normaliseEmail(emailInput);
    const rules = [
      { key: `acct:${email}`, max: 3 },
      { key: `ip:${ip}`, max: this.config.loginMaxFailuresPerIp },
    ];
    const wait = await this.resetRequests.reserve(rules);
    if (wait > 0) throw ApiError.tooManyRequests(`Too many reset requests. Please wait ${wait} seconds and try again.`, wait);

    // The same work for every email, known or not: an owed command, and the lookup and the mail happen in the worker, so
    // neither the answer nor its timing tells whether an account exists. Owed, it survives a Redis outage or loss.
    await this.tx.run((tx) => tx.owe('send-password-reset', { email }));
  }

  /**
   * The worker's half of "forgot password": for an account that exists and
   * may sign in, the one-time token and the owed mail with its link, written
   * together with the command's "sent" mark (one token and one mail per request).
   */
  @HandlesOwedCommand('send-password-reset')
  async sendPasswordReset({ email }: { email: string }, command: OwedCommandRef): Promise<{ sent: boolean }> {
    const user = await this.users.findByEmail(email);
    if (!user || user.status === 'suspended') return { sent: false };
    const brand = await this.brands.brandFor(user.language);
    const minutes = Math.round(this.config.resetTokenTtlSeconds / 60);
    const outcome = await this.commands.once(command, async (tx) => {
      const token = await this.resets.issue(tx.manager, user.id, this.config.resetTokenTtlSeconds);
      const link = `${this.app.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await this.mail.owe(tx, passwordResetMail(brand, user.email, link, minutes));
    });
    return { sent: outcome.applied };
  }

  /** A reset link is checked when it is opened: a used or expired one says so before any password is typed. */
  async checkResetLink(token: string): Promise<void> {
    if (!(await this.tx.run((tx) => this.resets.usable(tx.manager, token)))) throw ApiError.badRequest(RESET_INVALID);
  }

  async resetPassword(token: string, password: string, ip: string): Promise<void> {
    const rules = [{ key: `reset-ip:${ip}`, max: this.config.loginMaxFailuresPerIp }];
    const problem = passwordProblem(password);
    if (problem) throw ApiError.field('password', problem);
    const wait = await this.resetRequests.reserve(rules);
    if (wait > 0) throw ApiError.tooManyRequests(`Too many attempts. Please wait ${wait} seconds and try again.`, wait);
    await this.tx.run(async (tx) => {
      const userId = await this.resets.consume(tx.manager, token);
      if (!userId) throw ApiError.badRequest(RESET_INVALID);
      await this.users.setPassword(tx.manager, userId, password);
    });
    await this.resetRequests.release(rules);
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
    if (wait > 0) throw ApiError.tooManyRequests(`Too many wrong passwords. Please wait ${wait} seconds and try again.`, wait);
    let valid: boolean;
    try {
      valid = await verifyPassword(await this.users.passwordHashOf(user.id), password);
    } catch (err) {
      await this.loginFailures.release(rules).catch((e: Error) => this.logger.warn({ err: e.message }, 'Sign-in attempt not released'));
      throw err;
    }
    if (!valid) throw ApiError.field(field, wrong);
    await this.loginFailures.release(rules, [rules[0].key]);
  }

  async changePassword(user: AuthUser, currentPassword: string, newPassword: string): Promise<SessionResult> {
    await this.confirmPassword(user, currentPassword, 'currentPassword', 'Current password is incorrect');
    await this.tx.run((tx) => this.users.setPassword(tx.manager, user.id, newPassword));
    return this.session(user.id, user.kind, false, user.session?.secondFactor);
  }

  /**
   * The signed-in admin passed a second factor in this session (set up
   * two-factor sign-in from the console): the session is replaced by one
   * that carries it, so requiring two-factor sign-in does not end it.
   */
  async upgradeToSecondFactor(current: AuthUser): Promise<SessionResult> {
    await this.logout(current);
    return this.session(current.id, 'admin', false, true);
  }

  /**
   * The buyer's account, from a PAID and unclaimed payment bought with the
   * same email: the user (student, lifetime) is created and the payment
   * claimed in one transaction. A repeat buyer who already has an account
   * gets the new entitlement on it instead.
   */
  async createAccount(
    input: {
      email: string;
      /** The learner's full name (a repeat buyer's existing account keeps its own). */
      name: string;
      password: string;
      paymentId: string;
      claimSecret?: string;
      claimToken?: string;
    },
    pageLanguage: Language | null = null,
  ): Promise<SessionResult | PurchaseAddedToAccount> {
    const problem = passwordProblem(input.password, [input.email]);
    if (problem) throw ApiError.field('password', problem);
    const email = normaliseEmail(input.email);
    const result = await this.tx.run(async (tx) => {
      const payment = await this.payments.lockClaimable(tx.manager, input.paymentId, email, { secret: input.claimSecret, token: input.claimToken });
      const existing = await this.users.findByEmail(email, tx.manager);
      const user =
        existing ??
        // The account keeps the language of its checkout (the page's when the checkout did not say).
        (await this.users.insert(tx.manager, {
          name: input.name.trim(),
          email,
          password: input.password,
          role: 'student',
          plan: 'lifetime',
          language: isLanguage(payment.language) ? payment.language : pageLanguage,
        }));
      await this.access.grantForPayment(tx.manager, { paymentId: payment.id, email });
      await this.access.attachToUser(tx.manager, user.id, email);
      await this.payments.markClaimed(tx.manager, payment.id, user.id);
      if (!existing) {
        await tx.emit('account.created', { type: 'user', id: user.id }, { userId: user.id, email, name: user.name, paymentId: payment.id });
        // The answer signs the buyer in: that is their first sign-in, not "Never".
        await this.users.recordLoginIn(tx, user);
      }
      return { userId: user.id, existing: Boolean(existing) };
    });
    if (result.existing) {
      return { success: true, existingAccount: true, message: 'This purchase was added to your existing account. Please sign in.' };
    }
    return { ...(await this.session(result.userId, 'learner')), message: 'Account created' } as SessionResult;
  }
}

/** The user as a session of this kind shows them: an administrator's learner-portal session has no admin power, so access only from a purchase. */
export function toSessionUser(user: UserRow, kind: TokenKind): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    plan: user.plan,
    hasAccess: sessionHasAdminPower(user, kind) || Boolean(user.has_access),
    joinDate: user.join_date,
    lastLoginAt: user.last_login_at ? new Date(user.last_login_at).toISOString() : null,
    language: user.language,
  };
}

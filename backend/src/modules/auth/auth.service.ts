import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { AuthUser, TokenKind } from '../../common/auth/auth-user';
import { ApiError } from '../../common/errors/api-error';
import { appConfig, authConfig } from '../../config';
import { TransactionRunner } from '../../events/transaction-runner';
import { HandlesCommand } from '../../queue/job-decorators';
import { QueueService } from '../../queue/queue.service';
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
    private readonly queues: QueueService,
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
    // During maintenance only administrators sign in (at /admin/login); a learner gets the maintenance page instead of a session.
    if (kind === 'learner' && user.role !== 'admin' && (await this.settings.get('system')).maintenanceMode) {
      throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, MAINTENANCE_MESSAGE, { code: 'MAINTENANCE' });
    }
    return this.completeLogin(user, kind, input.rememberMe);
  }

  /**
   * The password step of a sign-in: the account exists, may use this portal,
   * the password matches and the account is active. Rate limited per
   * account and per IP; only wrong passwords count.
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
    if (!user || !valid || (kind === 'admin' && user.role !== 'admin')) throw ApiError.unauthorized(INVALID_CREDENTIALS);
    await this.loginFailures.release(rules, [`acct:${email}`]);
    if (user.status !== 'active') throw ApiError.forbidden(`Your account is ${user.status}. Please contact support.`);
    return user;
  }

  /** The sign-in is complete (password, and the second factor where one is needed): stamp it and open the session. */
  async completeLogin(user: Pick<UserRow, 'id' | 'email' | 'name' | 'role'>, kind: TokenKind, rememberMe?: boolean): Promise<SessionResult> {
    await this.users.recordLogin(user);
    return this.session(user.id, kind, rememberMe);
  }

  /**
   * Counts one attempt of a sign-in step other than the password (a
   * two-factor code) against the same account and IP limits; answers a
   * release for when the attempt turns out right.
   */
  async countAttempt(email: string, ip: string): Promise<{ succeeded: () => Promise<void>; failedForOtherReasons: () => Promise<void> }> {
    const rules = this.signInRules(normaliseEmail(email), ip);
    const wait = await this.loginFailures.reserve(rules);
    if (wait > 0) throw ApiError.tooManyRequests(`Too many failed sign-in attempts. Please wait ${wait} seconds and try again.`, wait);
    return {
      succeeded: () => this.loginFailures.release(rules, [rules[0].key]),
      failedForOtherReasons: () => this.loginFailures.release(rules),
    };
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
  async session(userId: string, kind: TokenKind, rememberMe = false): Promise<SessionResult> {
    const user = (await this.users.findById(userId))!;
    if (kind === 'admin') {
      const startedAt = Math.floor(Date.now() / 1000);
      return this.adminSession(user, { id: randomUUID(), startedAt, endsBy: startedAt + this.config.adminSessionMaxSeconds });
    }
    const ttl = rememberMe ? this.config.learnerRememberTtlSeconds : this.config.learnerTtlSeconds;
    const issued = await this.tokens.issue(user, kind, ttl);
    return { success: true, ...issued, user: toSessionUser(user) };
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
    return { success: true, ...issued, user: toSessionUser(user), session: this.timing(issued.expiresAt, session, idleTimeoutSeconds) };
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
    return { user: toSessionUser(row), session: { kind: user.kind, expiresAt, ...timing } };
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

    // The same work for every email, known or not: the lookup and the mail happen in the worker, so neither the
    // answer nor its timing tells whether an account exists (even when the queue is unreachable).
    await this.queues.enqueue('send-password-reset', { email }).catch((err: Error) => {
      this.logger.error({ err: err.message }, 'Password-reset request could not be queued');
    });
  }

  /** The worker's half of "forgot password": a one-time link for an account that exists and may sign in. */
  @HandlesCommand('send-password-reset')
  async sendPasswordReset({ email }: { email: string }): Promise<{ sent: boolean }> {
    const user = await this.users.findByEmail(email);
    if (!user || user.status === 'suspended') return { sent: false };
    const token = await this.tx.run((tx) => this.resets.issue(tx.manager, user.id, this.config.resetTokenTtlSeconds));
    const link = `${this.app.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await this.mail.send(passwordResetMail(await this.brands.brand(), user.email, link, Math.round(this.config.resetTokenTtlSeconds / 60)));
    return { sent: true };
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

  /** A wrong current password counts against the account's sign-in limit, like a failed sign-in. */
  async changePassword(user: AuthUser, currentPassword: string, newPassword: string): Promise<SessionResult> {
    const rules = [{ key: `acct:${normaliseEmail(user.email)}`, max: this.config.loginMaxFailures }];
    const wait = await this.loginFailures.reserve(rules);
    if (wait > 0) throw ApiError.tooManyRequests(`Too many wrong passwords. Please wait ${wait} seconds and try again.`, wait);
    let valid: boolean;
    try {
      valid = await verifyPassword(await this.users.passwordHashOf(user.id), currentPassword);
    } catch (err) {
      await this.loginFailures.release(rules).catch((e: Error) => this.logger.warn({ err: e.message }, 'Sign-in attempt not released'));
      throw err;
    }
    if (!valid) throw ApiError.field('currentPassword', 'Current password is incorrect');
    await this.loginFailures.release(rules, [rules[0].key]);
    await this.tx.run((tx) => this.users.setPassword(tx.manager, user.id, newPassword));
    return this.session(user.id, user.kind);
  }

  /**
   * The buyer's account, from a PAID and unclaimed payment bought with the
   * same email: the user (student, lifetime) is created and the payment
   * claimed in one transaction. A repeat buyer who already has an account
   * gets the new entitlement on it instead.
   */
  async createAccount(input: {
    email: string;
    password: string;
    paymentId: string;
    claimSecret?: string;
    claimToken?: string;
  }): Promise<SessionResult | PurchaseAddedToAccount> {
    const problem = passwordProblem(input.password, [input.email]);
    if (problem) throw ApiError.field('password', problem);
    const email = normaliseEmail(input.email);
    const result = await this.tx.run(async (tx) => {
      const payment = await this.payments.lockClaimable(tx.manager, input.paymentId, email, { secret: input.claimSecret, token: input.claimToken });
      const existing = await this.users.findByEmail(email, tx.manager);
      const user =
        existing ?? (await this.users.insert(tx.manager, { name: nameFromEmail(email), email, password: input.password, role: 'student', plan: 'lifetime' }));
      await this.access.grantForPayment(tx.manager, { paymentId: payment.id, email });
      await this.access.attachToUser(tx.manager, user.id, email);
      await this.payments.markClaimed(tx.manager, payment.id, user.id);
      if (!existing) await tx.emit('account.created', { type: 'user', id: user.id }, { userId: user.id, email, name: user.name, paymentId: payment.id });
      return { userId: user.id, existing: Boolean(existing) };
    });
    if (result.existing) {
      return { success: true, existingAccount: true, message: 'This purchase was added to your existing account. Please sign in.' };
    }
    return { ...(await this.session(result.userId, 'learner')), message: 'Account created' } as SessionResult;
  }
}

/** "sofia.martins@example.com" -> "Sofia Martins" (the learner can change it later). */
export function nameFromEmail(email: string): string {
  const local = email
    .split('@')[0]
    .replace(/[._+-]+/g, ' ')
    .trim();
  const words = local
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1));
  return (words.join(' ') || 'Learner').slice(0, 120);
}

export function toSessionUser(user: UserRow): SessionUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    plan: user.plan,
    hasAccess: user.role === 'admin' || Boolean(user.has_access),
    joinDate: user.join_date,
    lastLoginAt: user.last_login_at ? new Date(user.last_login_at).toISOString() : null,
  };
}

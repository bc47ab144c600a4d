import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import Redis from 'ioredis';
import { isAdminAccount } from '../../common/auth/admin-power';
import type { AuthUser } from '../../common/auth/auth-user';
import { CommonError } from '../../common/errors/common.error';
import type { Language } from '../../common/i18n';
import { RateLimiter } from '../../common/http/rate-limiter';
import { authConfig } from '../../config';
import { TransactionRunner } from '../../events/transaction-runner';
import { REDIS } from '../../redis/redis.module';
import { RatingsService } from '../learning';
import { MailLogRepository } from '../mail';
import { Purchases } from '../payments';
import { normaliseEmail, UsersError, UsersService, verifyPassword, type UserRow } from '../users';
import { AccountError } from './account.error';
import { EmailChangeLinks } from './email-change-links';
import { SupportMessagesRepository } from './support-messages.repository';
import type { AccountPage, AccountProfile, EmailChanged, ProfileSaved, RefundRequested } from './dto/account-views.dto';

function profileOf(user: UserRow): AccountProfile {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    plan: user.plan,
    hasAccess: Boolean(user.has_access),
    joinDate: user.join_date,
    language: user.language,
  };
}

/**
 * The learner's own account: profile, email change confirmed from the new
 * address, purchases with receipts and refund requests, and deletion, which
 * anonymises personal data in one transaction and keeps the payment records.
 * Every step that needs the current password counts wrong ones.
 */
@Injectable()
export class AccountService {
  private readonly passwordChecks: RateLimiter;

  constructor(
    private readonly users: UsersService,
    private readonly purchases: Purchases,
    private readonly ratings: RatingsService,
    private readonly mailLog: MailLogRepository,
    private readonly support: SupportMessagesRepository,
    private readonly links: EmailChangeLinks,
    private readonly tx: TransactionRunner,
    @Inject(REDIS) redis: Redis,
    @Inject(authConfig.KEY) private readonly config: ConfigType<typeof authConfig>,
  ) {
    this.passwordChecks = new RateLimiter(redis, 'account-password', config.loginWindowSeconds);
  }

  async get(caller: AuthUser): Promise<AccountPage> {
    const user = await this.current(caller);
    return { profile: profileOf(user), purchases: await this.purchases.list(user) };
  }

  async rename(caller: AuthUser, name: string): Promise<ProfileSaved> {
    return { success: true, profile: profileOf(await this.users.renameSelf(caller.id, name)) };
  }

  async setLanguage(caller: AuthUser, language: Language): Promise<ProfileSaved> {
    return { success: true, profile: profileOf(await this.users.setLanguageSelf(caller.id, language)) };
  }

  /** Sends the confirmation link to the new address (through the outbox); nothing changes until it is opened. */
  async requestEmailChange(caller: AuthUser, newEmailInput: string, currentPassword: string): Promise<{ success: true; message: string }> {
    const user = await this.current(caller);
    const newEmail = normaliseEmail(newEmailInput);
    await this.checkPassword(user, currentPassword);
    if (newEmail === user.email.toLowerCase()) throw CommonError.field('newEmail', 'This is already your email address');
    await this.users.assertEmailAvailable(newEmail, user.id).catch((err: unknown) => {
      if (err instanceof UsersError) throw CommonError.field('newEmail', err.message);
      throw err;
    });
    await this.tx.run((tx) =>
      tx.emit('account.email_change_requested', { type: 'user', id: user.id }, { userId: user.id, name: user.name, newEmail }).then(() => undefined),
    );
    return { success: true, message: `We sent a confirmation link to ${newEmail}. Your email changes when you open it.` };
  }

  /** The link from the new address: the email changes (every session ends) if the account still has the email the link was made for. */
  async confirmEmailChange(token: string): Promise<EmailChanged> {
    const change = this.links.read(token);
    if (!change) throw AccountError.emailChangeInvalid();
    await this.tx.run(async (tx) => {
      const previous = await this.users.confirmEmailChange(tx.manager, change.userId, change.currentEmail, change.newEmail);
      if (!previous) throw AccountError.emailChangeInvalid();
      await tx.emit('account.email_changed', { type: 'user', id: change.userId }, { userId: change.userId, previousEmail: previous, email: change.newEmail });
    });
    return { success: true, email: change.newEmail, message: `Your email is now ${change.newEmail}. Please sign in again.` };
  }

  /**
   * Deletes the account: personal data anonymised in one transaction (name,
   * email, password, sessions, access, review texts, support messages, mail
   * log), payments kept for accounting under the anonymous address.
   */
  async delete(caller: AuthUser, currentPassword: string): Promise<{ success: true; message: string }> {
    const user = await this.current(caller);
    if (isAdminAccount(user)) throw CommonError.forbidden('An administrator account cannot be deleted here; ask another administrator.');
    await this.checkPassword(user, currentPassword);
    await this.tx.run(async (tx) => {
      const placeholder = await this.users.anonymise(tx.manager, user);
      await this.purchases.anonymiseBuyer(tx.manager, user, placeholder);
      await this.ratings.forgetReviews(tx.manager, user.id);
      await this.support.anonymiseAuthor(tx.manager, user.id, placeholder);
      await this.mailLog.anonymiseRecipient(tx.manager, user.email, placeholder);
      await tx.emit('account.deleted', { type: 'user', id: user.id }, { userId: user.id });
    });
    return { success: true, message: 'Your account was deleted.' };
  }

  receipt(caller: AuthUser, paymentId: string): Promise<{ filename: string; content: Buffer }> {
    return this.current(caller).then((user) => this.purchases.receipt(user, paymentId));
  }

  creditNote(caller: AuthUser, paymentId: string): Promise<{ filename: string; content: Buffer }> {
    return this.current(caller).then((user) => this.purchases.creditNote(user, paymentId));
  }

  async requestRefund(caller: AuthUser, paymentId: string, reason: string): Promise<RefundRequested> {
    return this.purchases.requestRefund(await this.current(caller), paymentId, reason);
  }

  private async current(caller: AuthUser): Promise<UserRow> {
    const user = await this.users.findById(caller.id);
    if (!user) throw CommonError.unauthenticated('Your session has ended. Please sign in again.');
    return user;
  }

  /** The current password, with wrong ones counted like failed sign-ins of the account. */
  private async checkPassword(user: UserRow, password: string): Promise<void> {
    const rules = [{ key: `acct:${user.id}`, max: this.config.loginMaxFailures }];
    const wait = await this.passwordChecks.reserve(rules);
    if (wait > 0) throw CommonError.rateLimited(`Too many wrong passwords. Please wait ${wait} seconds and try again.`, wait);
    if (!(await verifyPassword(await this.users.passwordHashOf(user.id), password)))
      throw CommonError.field('currentPassword', 'Current password is incorrect');
    await this.passwordChecks.release(rules, [rules[0].key]);
  }
}

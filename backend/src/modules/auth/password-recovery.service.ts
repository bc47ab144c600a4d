import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import Redis from 'ioredis';
import { RateLimiter } from '../../common/http/rate-limiter';
import { appConfig, authConfig } from '../../config';
import { HandlesOwedCommand, OwedCommands, type OwedCommandRef } from '../../events/owed-commands.service';
import { TransactionRunner } from '../../events/transaction-runner';
import { REDIS } from '../../redis/redis.module';
import { MailBrandService, MailService, passwordResetMail } from '../mail';
import { normaliseEmail, PasswordResetService, passwordProblem, UsersError, UsersService } from '../users';
import { AuthError } from './auth.error';

export const RESET_REQUESTED = 'If an account exists for this email, a link to reset the password is on its way.';

/**
 * "Forgot password": the request (the same answer for every email), the
 * worker's one-time link by mail, the check of a link when it is opened,
 * and the new password set from it. Requests and attempts are limited per
 * account and per client address.
 */
@Injectable()
export class PasswordRecovery {
  private readonly resetRequests: RateLimiter;

  constructor(
    private readonly users: UsersService,
    private readonly resets: PasswordResetService,
    private readonly tx: TransactionRunner,
    private readonly commands: OwedCommands,
    private readonly mail: MailService,
    private readonly brands: MailBrandService,
    @Inject(REDIS) redis: Redis,
    @Inject(authConfig.KEY) private readonly config: ConfigType<typeof authConfig>,
    @Inject(appConfig.KEY) private readonly app: ConfigType<typeof appConfig>,
  ) {
    this.resetRequests = new RateLimiter(redis, 'reset', config.loginWindowSeconds);
  }

  async forgotPassword(emailInput: string, ip: string): Promise<void> {
    const email = normaliseEmail(emailInput);
    const rules = [
      { key: `acct:${email}`, max: 3 },
      { key: `ip:${ip}`, max: this.config.loginMaxFailuresPerIp },
    ];
    const wait = await this.resetRequests.reserve(rules);
    if (wait > 0) throw AuthError.tooManyResetRequests(`Too many reset requests. Please wait ${wait} seconds and try again.`, wait);

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
    if (!(await this.tx.run((tx) => this.resets.usable(tx.manager, token)))) throw AuthError.resetLinkInvalid();
  }

  async resetPassword(token: string, password: string, ip: string): Promise<void> {
    const rules = [{ key: `reset-ip:${ip}`, max: this.config.loginMaxFailuresPerIp }];
    const problem = passwordProblem(password);
    if (problem) throw UsersError.weakPassword(problem);
    const wait = await this.resetRequests.reserve(rules);
    if (wait > 0) throw AuthError.tooManyResetRequests(`Too many attempts. Please wait ${wait} seconds and try again.`, wait);
    await this.tx.run(async (tx) => {
      const userId = await this.resets.consume(tx.manager, token);
      if (!userId) throw AuthError.resetLinkInvalid();
      await this.users.setPassword(tx.manager, userId, password);
    });
    await this.resetRequests.release(rules);
  }
}

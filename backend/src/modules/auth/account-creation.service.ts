import { Injectable } from '@nestjs/common';
import { isLanguage, type Language } from '../../common/i18n';
import { TransactionRunner } from '../../events/transaction-runner';
import { PaymentsService } from '../payments';
import { AccessService, normaliseEmail, passwordProblem, UsersError, UsersService } from '../users';
import type { PurchaseAddedToAccount, SessionResult } from './dto/session.dto';
import { Sessions } from './sessions.service';

/** The buyer's account, made from their payment (there is no sign-up without one). */
@Injectable()
export class AccountCreation {
  constructor(
    private readonly users: UsersService,
    private readonly access: AccessService,
    private readonly payments: PaymentsService,
    private readonly tx: TransactionRunner,
    private readonly sessions: Sessions,
  ) {}

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
    if (problem) throw UsersError.weakPassword(problem);
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
    return { ...(await this.sessions.open(result.userId, 'learner')), message: 'Account created' } as SessionResult;
  }
}

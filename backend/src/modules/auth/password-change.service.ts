import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { TransactionRunner } from '../../events/transaction-runner';
import { UsersService } from '../users';
import type { SessionResult } from './dto/session.dto';
import { Sessions } from './sessions.service';
import { SignIn } from './sign-in.service';

/** A signed-in user's new password: the current one first (limited like a sign-in), then a fresh session; every other session ends. */
@Injectable()
export class PasswordChange {
  constructor(
    private readonly signIn: SignIn,
    private readonly users: UsersService,
    private readonly tx: TransactionRunner,
    private readonly sessions: Sessions,
  ) {}

  async changePassword(user: AuthUser, currentPassword: string, newPassword: string): Promise<SessionResult> {
    await this.signIn.confirmPassword(user, currentPassword, 'currentPassword', 'Current password is incorrect');
    await this.tx.run((tx) => this.users.setPassword(tx.manager, user.id, newPassword));
    return this.sessions.open(user.id, user.kind, false, user.session?.secondFactor);
  }
}

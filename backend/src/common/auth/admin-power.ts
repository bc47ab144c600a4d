import type { AuthUser, Role, TokenKind } from './auth-user';

/**
 * The one place that decides administrator power (DESIGN.md 13): an
 * administrator's account signed in through the admin portal, so with an
 * admin-kind token (the admin session timeout and the second factor, when it
 * is required, apply to it). The same account signed in at the learner
 * portal holds a learner session with no admin power at all.
 * ESLint refuses comparisons of `.role` with 'admin' anywhere else.
 */
export function hasAdminPower(caller: Pick<AuthUser, 'role' | 'kind'> | null | undefined): boolean {
  return Boolean(caller) && caller!.kind === 'admin' && isAdminAccount(caller!);
}

/** Power that a session of this kind gives this account (for tokens not yet turned into an AuthUser). */
export function sessionHasAdminPower(account: { role: Role }, kind: TokenKind): boolean {
  return kind === 'admin' && isAdminAccount(account);
}

/**
 * What the account is, not what the caller may do: the administrator role
 * (who may sign in at the admin portal, who an admin list shows). Never a
 * permission check on its own: use hasAdminPower for that.
 */
export function isAdminAccount(account: { role: Role | string }): boolean {
  return account.role === 'admin';
}

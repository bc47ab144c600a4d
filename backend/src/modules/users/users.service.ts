import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { isAdminAccount } from '../../common/auth/admin-power';
import type { Language } from '../../common/i18n';
import type { AuthUser, TokenKind } from '../../common/auth/auth-user';
import type { Page, PagedListQuery } from '../../common/http/list-paging';
import { TransactionRunner, type Tx } from '../../events/transaction-runner';
import { AuditService, diff } from '../audit';
import { AccessService } from './access.service';
import type { UserInputDto, UserPatchDto } from './dto/user.dto';
import type { UserSummary } from './dto/user-views.dto';
import { hashPassword } from './password-hasher';
import { normaliseEmail, passwordProblem } from './password-policy';
import type { UserPlan, UserRole, UserRow, UserStatus, UserWithPassword } from './user.model';
import { UsersError } from './users.error';
import { SelfEmailTakenError, UserSelfServiceRepository } from './user-self-service.repository';
import { EmailTakenError, UsersRepository, type UserFilter } from './users.repository';

export interface NewUser {
  name: string;
  email: string;
  password: string;
  role?: UserRole;
  status?: UserStatus;
  plan?: UserPlan;
  /** The language the customer is served in (null or absent: the site's). */
  language?: Language | null;
}

function assertPassword(password: unknown, related: readonly string[]): void {
  const problem = passwordProblem(password, related);
  if (problem) throw UsersError.weakPassword(problem);
}

/** What an admin may not do to their own account (the console would lock them out). */
export function selfChangeProblem(actorId: string, id: string, next: { role: UserRole; status: UserStatus }): UsersError | null {
  if (actorId !== id) return null;
  if (!isAdminAccount(next)) return UsersError.selfDemotion();
  if (next.status !== 'active') return UsersError.selfDeactivation();
  return null;
}

function snapshot(u: UserRow): Record<string, unknown> {
  return { name: u.name, email: u.email, role: u.role, status: u.status, plan: u.plan };
}

/**
 * Accounts: the rules (password policy, unique emails, what an admin may do
 * to their own account, sessions ending on sensitive changes) over the users
 * repository, each admin change audited and announced in its transaction.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly tx: TransactionRunner,
    private readonly access: AccessService,
    private readonly audit: AuditService,
    private readonly selfService: UserSelfServiceRepository,
  ) {}

  async findById(id: string, manager?: EntityManager): Promise<UserRow | null> {
    return (await this.users.findById(id, manager)) ?? null;
  }

  async findByEmail(email: string, manager?: EntityManager): Promise<UserWithPassword | null> {
    return (await this.users.findByEmail(email, manager)) ?? null;
  }

  passwordHashOf(id: string): Promise<string | null> {
    return this.users.passwordHashOf(id);
  }

  /** Inserts a user in the caller's transaction; a taken email is the spec's field error. */
  async insert(manager: EntityManager, user: NewUser): Promise<UserRow> {
    assertPassword(user.password, [user.email, user.name]);
    const passwordHash = await hashPassword(user.password);
    let id: string;
    try {
      id = await this.users.insert(manager, {
        name: user.name.trim(),
        email: normaliseEmail(user.email),
        passwordHash,
        role: user.role ?? 'student',
        status: user.status ?? 'active',
        plan: user.plan ?? 'free',
        language: user.language ?? null,
      });
    } catch (err) {
      if (err instanceof EmailTakenError) throw UsersError.duplicateEmail();
      throw err;
    }
    return (await this.users.findById(id, manager))!;
  }

  async setPassword(manager: EntityManager, userId: string, password: string): Promise<void> {
    const account = await this.users.nameAndEmail(manager, userId);
    assertPassword(password, account ? [account.email, account.name] : []);
    await this.users.setPasswordHash(manager, userId, await hashPassword(password));
  }

  /** Ends every session of the user at once. */
  endAllSessions(userId: string, manager?: EntityManager): Promise<void> {
    return this.users.endAllSessions(userId, manager);
  }

  /** Stamps the sign-in and records `user.logged_in`, in one statement (one round trip on the sign-in hot path). */
  async recordLogin(user: Pick<UserRow, 'id' | 'email' | 'name' | 'role'>, portal: TokenKind): Promise<void> {
    await this.tx.statementWithEvent(
      this.users.loginStamp(user.id),
      'user.logged_in',
      { type: 'user', id: user.id },
      {
        userId: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        portal,
      },
    );
  }

  /** The same sign-in, within a transaction that also opens the session's account (account creation is the buyer's first sign-in). */
  async recordLoginIn(tx: Tx, user: Pick<UserRow, 'id' | 'email' | 'name' | 'role'>): Promise<void> {
    await this.users.stampLogin(tx.manager, user.id);
    await tx.emit('user.logged_in', { type: 'user', id: user.id }, { userId: user.id, email: user.email, name: user.name, role: user.role, portal: 'learner' });
  }

  list(query: PagedListQuery): Promise<Page<UserRow>> {
    return this.users.list(query.filter as UserFilter, query.ids as string[] | undefined, query);
  }

  /** Every user of the filter, in the sort order, batch by batch (the CSV export). */
  exportBatches(query: PagedListQuery): AsyncGenerator<UserRow[]> {
    return this.users.stream(query.filter as UserFilter, query.sort);
  }

  summary(): Promise<UserSummary> {
    return this.users.summary();
  }

  /** Admin create. Without a password the new user is invited to choose one (user.created with `invited`, mailed by the worker). */
  async adminCreate(input: UserInputDto, actor: AuthUser): Promise<UserRow> {
    const invited = !input.password;
    if (!invited) assertPassword(input.password, [input.email, input.name]);
    await this.assertEmailFree(input.email);
    return this.tx.run(async (tx) => {
      const user = await this.insert(tx.manager, {
        name: input.name,
        email: input.email,
        password: invited ? `${randomBytes(24).toString('base64url')}Aa1!` : input.password!,
        role: input.role,
        status: input.status,
        plan: input.plan,
      });
      if (user.plan !== 'free') await this.access.applyAdminPlan(tx.manager, user);
      await this.audit.record(tx.manager, {
        actor,
        action: 'create',
        resource: 'users',
        resourceId: user.id,
        summary: `Created user ${user.email}`,
        after: snapshot(user),
      });
      await tx.emit(
        'user.created',
        { type: 'user', id: user.id },
        { userId: user.id, email: user.email, name: user.name, role: user.role, actorId: actor.id, invited },
      );
      return (await this.users.findById(user.id, tx.manager))!;
    });
  }

  async adminUpdate(id: string, patch: UserPatchDto, actor: AuthUser): Promise<UserRow> {
    if (patch.password) assertPassword(patch.password, [patch.email ?? '', patch.name ?? '']);
    return this.tx.run(async (tx) => {
      const before = await this.users.lockById(tx.manager, id);
      if (!before) throw UsersError.notFound();
      const next = {
        name: patch.name ?? before.name,
        email: patch.email !== undefined ? normaliseEmail(patch.email) : before.email,
        role: patch.role ?? before.role,
        status: patch.status ?? before.status,
        plan: patch.plan ?? before.plan,
      };
      const refused = selfChangeProblem(actor.id, id, next);
      if (refused) throw refused;
      if (next.email !== before.email) await this.assertEmailFree(next.email, id, tx.manager);

      const endSessions = next.status !== before.status || next.role !== before.role || next.email !== before.email;
      try {
        await this.users.update(tx.manager, id, { ...next, endSessions });
      } catch (err) {
        if (err instanceof EmailTakenError) throw UsersError.duplicateEmail();
        throw err;
      }
      if (patch.password) await this.setPassword(tx.manager, id, patch.password);
      if (next.plan !== before.plan) await this.access.applyAdminPlan(tx.manager, { id, email: next.email, plan: next.plan });

      const after = (await this.users.findById(id, tx.manager))!;
      const changes = diff(snapshot(before), snapshot(after));
      const changed = Object.keys(changes.after).concat(patch.password ? ['password'] : []);
      if (changed.length > 0) {
        await this.audit.record(tx.manager, {
          actor,
          action: 'update',
          resource: 'users',
          resourceId: id,
          summary: `Updated user ${after.email}: ${changed.join(', ')}`,
          before: changes.before,
          after: { ...changes.after, ...(patch.password ? { password: '[changed]' } : {}) },
        });
        await tx.emit('user.updated', { type: 'user', id }, { userId: id, email: after.email, name: after.name, changed, actorId: actor.id });
      }
      return after;
    });
  }

  async adminDelete(id: string, actor: AuthUser): Promise<UserRow> {
    if (actor.id === id) throw UsersError.selfDeletion();
    return this.tx.run(async (tx) => {
      const before = await this.users.findById(id, tx.manager);
      if (!before) throw UsersError.notFound();
      await this.users.delete(tx.manager, id);
      await this.audit.record(tx.manager, {
        actor,
        action: 'delete',
        resource: 'users',
        resourceId: id,
        summary: `Deleted user ${before.email}`,
        before: snapshot(before),
      });
      await tx.emit('user.deleted', { type: 'user', id }, { userId: id, email: before.email, name: before.name, actorId: actor.id });
      return before;
    });
  }

  async adminSignOutEverywhere(id: string, actor: AuthUser): Promise<void> {
    await this.tx.run(async (tx) => {
      const user = await this.users.findById(id, tx.manager);
      if (!user) throw UsersError.notFound();
      await this.users.endAllSessions(id, tx.manager);
      await this.audit.record(tx.manager, { actor, action: 'sign-out', resource: 'users', resourceId: id, summary: `Signed ${user.email} out everywhere` });
    });
  }

  /** The learner renames themself. */
  /** The owner's choice of language for mails, documents and messages (null: follow the site's). */
  async setLanguageSelf(userId: string, language: Language | null): Promise<UserRow> {
    return this.tx.run(async (tx) => {
      const before = await this.users.lockById(tx.manager, userId);
      if (!before) throw UsersError.notFound();
      await this.selfService.setLanguage(tx.manager, userId, language);
      return (await this.users.findById(userId, tx.manager))!;
    });
  }

  async renameSelf(userId: string, name: string): Promise<UserRow> {
    const clean = name.trim();
    if (!clean) throw UsersError.nameRequired();
    return this.tx.run(async (tx) => {
      const before = await this.users.lockById(tx.manager, userId);
      if (!before) throw UsersError.notFound();
      await this.selfService.setName(tx.manager, userId, clean);
      if (clean !== before.name) {
        await tx.emit('user.updated', { type: 'user', id: userId }, { userId, email: before.email, name: clean, changed: ['name'], actorId: userId });
      }
      return (await this.users.findById(userId, tx.manager))!;
    });
  }

  /** Refuses an address another account uses (the learner asked to move to it). */
  async assertEmailAvailable(email: string, userId: string): Promise<void> {
    await this.assertEmailFree(normaliseEmail(email), userId);
  }

  /**
   * A confirmed change of the account's email, in the caller's transaction,
   * only while the account still has `expectedCurrent` (a link works once):
   * every session ends. Answers the previous email, or null when the link no longer applies.
   */
  async confirmEmailChange(manager: EntityManager, userId: string, expectedCurrent: string, newEmail: string): Promise<string | null> {
    const user = await this.users.lockById(manager, userId);
    if (!user || user.status !== 'active' || user.email.toLowerCase() !== expectedCurrent.toLowerCase()) return null;
    await this.assertEmailFree(newEmail, userId, manager);
    try {
      await this.selfService.setEmail(manager, userId, normaliseEmail(newEmail));
    } catch (err) {
      if (err instanceof SelfEmailTakenError) throw UsersError.duplicateEmail();
      throw err;
    }
    await this.access.moveEmail(manager, userId, normaliseEmail(newEmail));
    return user.email;
  }

  /**
   * Deletes a learner's account in the caller's transaction by anonymising it:
   * name, email and password are replaced, sessions end and access is
   * revoked; the row stays so payments and progress keep their references.
   * Answers the placeholder email that replaced the real one.
   */
  async anonymise(manager: EntityManager, user: Pick<UserRow, 'id' | 'email'>): Promise<string> {
    const placeholder = `deleted-${user.id}@deleted.invalid`;
    await this.selfService.anonymise(manager, user.id, placeholder, await hashPassword(`${randomBytes(32).toString('base64url')}Aa1!`));
    await this.access.forgetUser(manager, user.id, user.email, placeholder);
    return placeholder;
  }

  private async assertEmailFree(email: string, exceptId?: string, manager?: EntityManager): Promise<void> {
    if (await this.users.emailTaken(email, exceptId, manager)) throw UsersError.duplicateEmail();
  }
}

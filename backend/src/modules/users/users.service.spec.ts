import type { AuthUser } from '../../common/auth/auth-user';
import { fakeAudit, fakeOf, fakeTransactions } from '../../../test/support/fakes';
import type { AccessService } from './access.service';
import type { UserRow } from './user.model';
import { UsersError, UsersErrorCode } from './users.error';
import type { UserSelfServiceRepository } from './user-self-service.repository';
import { EmailTakenError, type NewUserRow, type UserChanges, type UsersRepository } from './users.repository';
import { selfChangeProblem, UsersService } from './users.service';

/** The repository's members the service uses here: the fake must keep their signatures. */
type UsedMembers =
  | 'findById'
  | 'lockById'
  | 'findByEmail'
  | 'nameAndEmail'
  | 'emailTaken'
  | 'insert'
  | 'update'
  | 'setPasswordHash'
  | 'endAllSessions'
  | 'delete';

/** The users table in memory, with its unique email. */
class FakeUsersRepository implements Pick<UsersRepository, UsedMembers> {
  readonly rows = new Map<string, UserRow & { password_hash: string }>();
  private next = 1;

  add(row: Partial<UserRow & { password_hash: string }> & { id: string; email: string }): void {
    this.rows.set(row.id, {
      name: 'Someone',
      role: 'student',
      status: 'active',
      plan: 'free',
      join_date: '2026-01-01',
      last_login_at: null,
      token_version: 0,
      created_at: new Date(),
      updated_at: new Date(),
      has_access: false,
      language: null,
      password_hash: 'x',
      ...row,
    });
  }

  async findById(id: string) {
    const row = this.rows.get(id);
    return row && { ...row };
  }
  lockById(_m: unknown, id: string) {
    return this.findById(id);
  }
  async findByEmail(email: string) {
    return [...this.rows.values()].find((r) => r.email.toLowerCase() === email.trim().toLowerCase());
  }
  async nameAndEmail(_m: unknown, id: string) {
    return this.rows.get(id);
  }
  async emailTaken(email: string, exceptId?: string) {
    return [...this.rows.values()].some((r) => r.email.toLowerCase() === email.trim().toLowerCase() && r.id !== exceptId);
  }
  async insert(_m: unknown, user: NewUserRow) {
    if (await this.emailTaken(user.email)) throw new EmailTakenError();
    const id = `u${this.next++}`;
    this.add({ id, name: user.name, email: user.email, role: user.role, status: user.status, plan: user.plan, password_hash: user.passwordHash });
    return id;
  }
  async update(_m: unknown, id: string, next: UserChanges) {
    if (await this.emailTaken(next.email, id)) throw new EmailTakenError();
    const row = this.rows.get(id)!;
    Object.assign(row, { name: next.name, email: next.email, role: next.role, status: next.status, plan: next.plan });
    if (next.endSessions) row.token_version++;
  }
  async setPasswordHash(_m: unknown, id: string, hash: string) {
    const row = this.rows.get(id)!;
    row.password_hash = hash;
    row.token_version++;
  }
  async endAllSessions(id: string) {
    this.rows.get(id)!.token_version++;
  }
  async delete(_m: unknown, id: string) {
    this.rows.delete(id);
  }
}

const admin = (id: string): AuthUser =>
  ({
    id,
    email: `${id}@example.com`,
    name: id,
    role: 'admin',
    kind: 'admin',
    status: 'active',
    plan: 'lifetime',
    hasAccess: true,
    tokenVersion: 0,
    jti: 'j',
    exp: 0,
  }) as AuthUser;

function setup() {
  const repo = new FakeUsersRepository();
  const { runner, emitted } = fakeTransactions();
  const { audit, entries } = fakeAudit();
  const plans: Array<{ id: string; plan: string }> = [];
  const access = fakeOf<AccessService>()({ applyAdminPlan: async (_m, user) => void plans.push(user) });
  const service = new UsersService(fakeOf<UsersRepository>()<UsedMembers>(repo), runner, access, audit, fakeOf<UserSelfServiceRepository>()({}));
  repo.add({ id: 'me', email: 'me@example.com', role: 'admin' });
  repo.add({ id: 'other', email: 'other@example.com', role: 'admin' });
  repo.add({ id: 'learner', email: 'learner@example.com' });
  return { repo, service, emitted, entries, plans };
}

const codeOf = async (work: Promise<unknown>): Promise<string | undefined> => {
  try {
    await work;
    return undefined;
  } catch (err) {
    return err instanceof UsersError ? err.code : `not a UsersError: ${String(err)}`;
  }
};

describe('selfChangeProblem', () => {
  it('refuses an admin removing their own admin role or deactivating themselves, and nothing else', () => {
    expect(selfChangeProblem('me', 'me', { role: 'student', status: 'active' })?.code).toBe(UsersErrorCode.SelfDemotion);
    expect(selfChangeProblem('me', 'me', { role: 'admin', status: 'suspended' })?.code).toBe(UsersErrorCode.SelfDeactivation);
    expect(selfChangeProblem('me', 'me', { role: 'admin', status: 'active' })).toBeNull();
    expect(selfChangeProblem('me', 'other', { role: 'student', status: 'suspended' })).toBeNull();
  });
});

describe('UsersService admin changes', () => {
  it('refuses self-demotion and self-deactivation, changing nothing and recording nothing', async () => {
    const { repo, service, emitted, entries } = setup();
    expect(await codeOf(service.adminUpdate('me', { role: 'student' }, admin('me')))).toBe(UsersErrorCode.SelfDemotion);
    expect(await codeOf(service.adminUpdate('me', { status: 'inactive' }, admin('me')))).toBe(UsersErrorCode.SelfDeactivation);
    expect(repo.rows.get('me')).toMatchObject({ role: 'admin', status: 'active', token_version: 0 });
    expect(emitted).toEqual([]);
    expect(entries).toEqual([]);
  });

  it("lets an admin demote another admin, ending that admin's sessions, audited and announced", async () => {
    const { repo, service, emitted, entries } = setup();
    const after = await service.adminUpdate('other', { role: 'student' }, admin('me'));
    expect(after.role).toBe('student');
    expect(repo.rows.get('other')!.token_version).toBe(1);
    expect(entries).toEqual([expect.objectContaining({ action: 'update', resourceId: 'other', before: { role: 'admin' }, after: { role: 'student' } })]);
    expect(emitted).toEqual([expect.objectContaining({ type: 'user.updated', payload: expect.objectContaining({ changed: ['role'] }) })]);
  });

  it('keeps sessions when only the name changes, and records nothing when nothing changes', async () => {
    const { repo, service, emitted } = setup();
    await service.adminUpdate('learner', { name: 'New Name' }, admin('me'));
    expect(repo.rows.get('learner')).toMatchObject({ name: 'New Name', token_version: 0 });
    await service.adminUpdate('learner', { name: 'New Name' }, admin('me'));
    expect(emitted.map((e) => e.type)).toEqual(['user.updated']);
  });

  it('refuses a taken email (either case) and an unknown user', async () => {
    const { service } = setup();
    expect(await codeOf(service.adminUpdate('learner', { email: 'OTHER@example.com' }, admin('me')))).toBe(UsersErrorCode.DuplicateEmail);
    expect(await codeOf(service.adminUpdate('nobody', { name: 'X' }, admin('me')))).toBe(UsersErrorCode.NotFound);
  });

  it('grants or revokes access when the plan changes', async () => {
    const { service, plans } = setup();
    await service.adminUpdate('learner', { plan: 'lifetime' }, admin('me'));
    expect(plans).toEqual([expect.objectContaining({ id: 'learner', plan: 'lifetime' })]);
  });

  it('refuses deleting your own account, deletes another and announces it', async () => {
    const { repo, service, emitted } = setup();
    expect(await codeOf(service.adminDelete('me', admin('me')))).toBe(UsersErrorCode.SelfDeletion);
    await service.adminDelete('learner', admin('me'));
    expect(repo.rows.has('learner')).toBe(false);
    expect(emitted.map((e) => e.type)).toEqual(['user.deleted']);
  });

  it('refuses a guessable password before writing anything', async () => {
    const { service, emitted } = setup();
    expect(await codeOf(service.adminCreate({ name: 'New', email: 'new@example.com', password: 'Password1!' }, admin('me')))).toBe(UsersErrorCode.WeakPassword);
    expect(emitted).toEqual([]);
  });

  it('creates a user without a password as invited (the invitation consumer mails the link)', async () => {
    const { service, emitted } = setup();
    const created = await service.adminCreate({ name: 'Invited', email: 'Invited@Example.com' }, admin('me'));
    expect(created.email).toBe('invited@example.com');
    expect(emitted).toEqual([expect.objectContaining({ type: 'user.created', payload: expect.objectContaining({ invited: true }) })]);
  });
});

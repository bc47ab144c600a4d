import { HttpStatus } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import { failure, fakeOf, fakeRedis, fakeTransactions } from '../../../test/support/fakes';
import type { AuthUser, TokenKind } from '../../common/auth/auth-user';
import type { appConfig, authConfig } from '../../config';
import type { OwedCommands } from '../../events/owed-commands.service';
import type { Tx } from '../../events/transaction-runner';
import type { MailBrand, MailBrandService, MailService } from '../mail';
import { type PaymentRow, PaymentsError, PaymentsErrorCode, type PaymentsService } from '../payments';
import type { SectionName, SectionValues, SettingsService } from '../settings';
import { type AccessService, hashPassword, type PasswordResetService, type UsersService, type UserWithPassword } from '../users';
import { AuthService, INVALID_CREDENTIALS, RESET_INVALID } from './auth.service';
import type { SessionTokens } from './session-tokens.service';

const PASSWORD = 'Violet-harbour-quantum-71';
const STRONG = 'Copper-lantern-meadow-94';
const MAX_FAILURES = 3;
const MAX_PER_IP = 5;
let passwordHash: string;

// Every password check runs the real Argon2id verification (a few hundred milliseconds each on a loaded machine).
jest.setTimeout(60_000);

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

function account(over: Partial<UserWithPassword> = {}): UserWithPassword {
  return {
    id: 'u1',
    name: 'Ana Lopez',
    email: 'ana@example.com',
    role: 'student',
    status: 'active',
    plan: 'lifetime',
    join_date: '2026-01-01',
    last_login_at: null,
    token_version: 1,
    created_at: new Date(),
    updated_at: new Date(),
    has_access: true,
    password_hash: passwordHash,
    language: null,
    ...over,
  };
}

interface Options {
  accounts?: UserWithPassword[];
  maintenance?: boolean;
  claimRefusal?: PaymentsError;
  resetTokens?: Record<string, string>;
  databaseDown?: boolean;
}

function setup(o: Options = {}) {
  const accounts = [...(o.accounts ?? [account()])];
  const issued: Array<{ userId: string; kind: TokenKind; ttl: number; endsBy?: number; secondFactor?: boolean }> = [];
  const revoked: string[] = [];
  const logins: Array<{ userId: string; kind: TokenKind }> = [];
  const firstLogins: string[] = [];
  const inserted: Array<{ name: string; email: string; role: string; plan: string }> = [];
  const granted: Array<{ paymentId: string; email: string }> = [];
  const attached: Array<{ userId: string; email: string }> = [];
  const claimed: Array<{ paymentId: string; userId: string }> = [];
  const claimChecks: Array<{ paymentId: string; email: string; secret?: string; token?: string }> = [];
  const passwordsSet: Array<{ userId: string; password: string }> = [];
  const mails: string[] = [];
  const resetTokens = { ...(o.resetTokens ?? {}) };

  const users = fakeOf<UsersService>()({
    findByEmail: async (email: string) => {
      if (o.databaseDown) throw new Error('database down');
      return accounts.find((a) => a.email === email) ?? null;
    },
    findById: async (id: string) => accounts.find((a) => a.id === id) ?? null,
    passwordHashOf: async (id: string) => accounts.find((a) => a.id === id)?.password_hash ?? null,
    recordLogin: async (user, kind) => void logins.push({ userId: user.id, kind }),
    recordLoginIn: async (_tx: Tx, user) => void firstLogins.push(user.id),
    insert: async (_m, user) => {
      inserted.push({ name: user.name, email: user.email, role: user.role ?? '', plan: user.plan ?? '' });
      const row = account({ id: `u${accounts.length + 1}`, name: user.name, email: user.email, password_hash: 'new' });
      accounts.push(row);
      return row;
    },
    setPassword: async (_m, userId, password) => void passwordsSet.push({ userId, password }),
  });
  const access = fakeOf<AccessService>()({
    grantForPayment: async (_m, payment) => (granted.push(payment), true),
    attachToUser: async (_m, userId, email) => void attached.push({ userId, email }),
  });
  const tokens = fakeOf<SessionTokens>()({
    issue: async (user, kind, ttl, session) => {
      issued.push({ userId: user.id, kind, ttl, endsBy: session?.endsBy, secondFactor: session?.secondFactor });
      return { token: `token-${issued.length}`, expiresAt: new Date(Date.now() + ttl * 1000).toISOString() };
    },
    revoke: async (user) => void revoked.push(user.jti),
  });
  const resets = fakeOf<PasswordResetService>()({
    usable: async (_m: EntityManager, token: string) => token in resetTokens,
    consume: async (_m: EntityManager, token: string) => {
      const userId = resetTokens[token] ?? null;
      delete resetTokens[token];
      return userId;
    },
    issue: async () => 'reset-token',
  });
  const { runner, emitted, owed } = fakeTransactions();
  const mail = fakeOf<MailService>()({ owe: async (_tx, m) => (mails.push(`${m.to}: ${m.subject}`), null) });
  const settings = fakeOf<SettingsService>()({
    get: async <S extends SectionName>(section: S) => {
      const sections: Record<string, unknown> = {
        system: { maintenanceMode: o.maintenance ?? false },
        security: { sessionTimeout: 30, twoFactorEnabled: false },
      };
      return sections[section] as SectionValues<S>;
    },
  });
  const payments = fakeOf<PaymentsService>()({
    lockClaimable: async (_m: EntityManager, paymentId: string, email: string, proof) => {
      claimChecks.push({ paymentId, email, ...proof });
      if (o.claimRefusal) throw o.claimRefusal;
      return fakeOf<PaymentRow>()({ id: paymentId, email });
    },
    markClaimed: async (_m, paymentId, userId) => void claimed.push({ paymentId, userId }),
  });
  const commands = fakeOf<OwedCommands>()({ once: async (_command, effect) => ({ applied: true as const, result: await runner.run(effect) }) });
  const mailBrand: MailBrand = {
    siteName: 'Courses',
    publicUrl: 'https://courses.example.com',
    supportEmail: '',
    supportUrl: '',
    timeZone: 'UTC',
    language: 'en',
  };
  const brands = fakeOf<MailBrandService>()({ brand: async () => mailBrand, brandFor: async () => mailBrand });
  const { redis, counts } = fakeRedis();
  const service = new AuthService(
    users,
    access,
    tokens,
    resets,
    runner,
    mail,
    settings,
    payments,
    commands,
    brands,
    redis,
    fakeOf<ConfigType<typeof authConfig>>()({
      loginMaxFailures: MAX_FAILURES,
      loginMaxFailuresPerIp: MAX_PER_IP,
      loginWindowSeconds: 60,
      learnerTtlSeconds: 3600,
      learnerRememberTtlSeconds: 30 * 86_400,
      adminSessionMaxSeconds: 12 * 3600,
      adminSessionWarningSeconds: 120,
      sessionMinuteSeconds: 60,
      resetTokenTtlSeconds: 3600,
    }),
    fakeOf<ConfigType<typeof appConfig>>()({ publicUrl: 'https://courses.example.com' }),
  );
  return {
    service,
    accounts,
    issued,
    revoked,
    logins,
    firstLogins,
    inserted,
    granted,
    attached,
    claimed,
    claimChecks,
    passwordsSet,
    mails,
    emitted,
    owed,
    counts,
  };
}

const signIn = (email: string, password: string, ip = '10.0.0.1') => ({ email, password, ip });

describe('AuthService.login (sign-in rules)', () => {
  it('signs in with the right password (email in any case), records the sign-in and issues a learner session', async () => {
    const t = setup();
    const result = await t.service.login(signIn(' ANA@example.com ', PASSWORD), 'learner');
    expect(result).toMatchObject({ success: true, token: 'token-1', user: { id: 'u1', email: 'ana@example.com', hasAccess: true } });
    expect(t.logins).toEqual([{ userId: 'u1', kind: 'learner' }]);
    expect(t.issued).toEqual([expect.objectContaining({ userId: 'u1', kind: 'learner', ttl: 3600 })]);
  });

  it('"remember me" gives the long learner session', async () => {
    const t = setup();
    await t.service.login({ ...signIn('ana@example.com', PASSWORD), rememberMe: true }, 'learner');
    expect(t.issued[0].ttl).toBe(30 * 86_400);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const t = setup();
    for (const attempt of [signIn('ana@example.com', 'wrong-password'), signIn('nobody@example.com', PASSWORD)]) {
      const err = await failure(t.service.login(attempt, 'learner'));
      expect(err.getStatus()).toBe(401);
      expect(err.message).toBe(INVALID_CREDENTIALS);
    }
    expect(t.issued).toEqual([]);
    expect(t.logins).toEqual([]);
  });

  it('refuses a suspended or inactive account (403) even with the right password', async () => {
    for (const status of ['suspended', 'inactive'] as const) {
      const t = setup({ accounts: [account({ status })] });
      const err = await failure(t.service.login(signIn('ana@example.com', PASSWORD), 'learner'));
      expect(err.getStatus()).toBe(403);
      expect(err.message).toBe(`Your account is ${status}. Please contact support.`);
      expect(t.issued).toEqual([]);
    }
  });

  it('lets only administrator accounts sign in at the admin portal (a student gets the same 401 as a wrong password)', async () => {
    const t = setup({ accounts: [account(), account({ id: 'a1', email: 'admin@example.com', role: 'admin' })] });
    const err = await failure(t.service.login(signIn('ana@example.com', PASSWORD), 'admin'));
    expect(err.getStatus()).toBe(401);
    expect(err.message).toBe(INVALID_CREDENTIALS);
    const admin = await t.service.login(signIn('admin@example.com', PASSWORD), 'admin');
    expect(admin.user).toMatchObject({ id: 'a1', hasAccess: true });
    // Admin sessions slide: the Security timeout (30 minutes) until the absolute end; the console is told both.
    expect(admin.session).toMatchObject({ idleTimeoutSeconds: 30 * 60, warningSeconds: 120 });
    expect(t.issued).toEqual([expect.objectContaining({ userId: 'a1', kind: 'admin', ttl: 30 * 60, secondFactor: false })]);
  });

  it("an administrator's learner-portal session has no admin power: access only from a purchase", async () => {
    const t = setup({ accounts: [account({ id: 'a1', email: 'admin@example.com', role: 'admin', has_access: false })] });
    expect((await t.service.login(signIn('admin@example.com', PASSWORD), 'learner')).user.hasAccess).toBe(false);
    expect((await t.service.login(signIn('admin@example.com', PASSWORD), 'admin')).user.hasAccess).toBe(true);
  });

  it('during maintenance refuses learner sign-ins (503 MAINTENANCE) but not administrators at the admin portal', async () => {
    const t = setup({ maintenance: true, accounts: [account(), account({ id: 'a1', email: 'admin@example.com', role: 'admin' })] });
    const err = await failure(t.service.login(signIn('ana@example.com', PASSWORD), 'learner'));
    expect(err.getStatus()).toBe(503);
    expect(err.details.code).toBe('MAINTENANCE');
    expect(t.issued).toEqual([]);
    await expect(t.service.login(signIn('admin@example.com', PASSWORD), 'admin')).resolves.toMatchObject({ success: true });
  });

  it('blocks an account after too many wrong passwords (429 with the wait), even with the right one', async () => {
    const t = setup();
    for (let i = 0; i < MAX_FAILURES; i++) await failure(t.service.login(signIn('ana@example.com', 'wrong'), 'learner'));
    const err = await failure(t.service.login(signIn('ana@example.com', PASSWORD, '10.0.0.9'), 'learner'));
    expect(err.getStatus()).toBe(429);
    expect(err.details.retryAfterSeconds).toBe(60);
    expect(t.issued).toEqual([]);
  });

  it('a successful sign-in starts the count afresh; right passwords never count', async () => {
    const t = setup();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < MAX_FAILURES - 1; i++) await failure(t.service.login(signIn('ana@example.com', 'wrong', `10.1.${round}.${i}`), 'learner'));
      await t.service.login(signIn('ana@example.com', PASSWORD, `10.0.${round}.1`), 'learner');
    }
    expect(t.issued).toHaveLength(3);
    expect(t.counts.get('rl:login:acct:ana@example.com')).toBeUndefined();
  });

  it('limits the failures from one IP across accounts', async () => {
    const t = setup();
    for (let i = 0; i < MAX_PER_IP; i++) await failure(t.service.login(signIn(`guess${i}@example.com`, 'wrong'), 'learner'));
    const err = await failure(t.service.login(signIn('ana@example.com', PASSWORD), 'learner'));
    expect(err.getStatus()).toBe(429);
    await expect(t.service.login(signIn('ana@example.com', PASSWORD, '10.0.0.2'), 'learner')).resolves.toMatchObject({ success: true });
  });

  it('a database failure is not counted as a failed attempt', async () => {
    const t = setup({ databaseDown: true });
    for (let i = 0; i < MAX_FAILURES + 1; i++)
      expect((await failure(t.service.login(signIn('ana@example.com', PASSWORD), 'learner'))).message).toBe('database down');
    expect(t.counts.get('rl:login:acct:ana@example.com')).toBe(0);
  });

  it('the password step alone (before a second factor) neither records a sign-in nor clears earlier failures', async () => {
    const t = setup();
    await failure(t.service.login(signIn('ana@example.com', 'wrong'), 'learner'));
    await expect(t.service.checkPassword(signIn('ana@example.com', PASSWORD), 'learner')).resolves.toMatchObject({ id: 'u1' });
    expect(t.logins).toEqual([]);
    expect(t.issued).toEqual([]);
    expect(t.counts.get('rl:login:acct:ana@example.com')).toBe(1);
    await t.service.completeLogin(account(), 'admin', { secondFactor: true });
    expect(t.counts.get('rl:login:acct:ana@example.com')).toBeUndefined();
    expect(t.issued).toEqual([expect.objectContaining({ kind: 'admin', secondFactor: true })]);
  });

  it('counts second-factor attempts against the IP limit, with a release for a right code', async () => {
    const t = setup();
    for (let i = 0; i < MAX_PER_IP; i++) await t.service.countAddressAttempt('10.0.0.1');
    expect((await failure(t.service.countAddressAttempt('10.0.0.1'))).getStatus()).toBe(429);
    const other = await t.service.countAddressAttempt('10.0.0.2');
    await other.release();
    expect(t.counts.get('rl:login:ip:10.0.0.2')).toBe(0);
  });
});

describe('AuthService admin sessions', () => {
  const current = (over: Partial<AuthUser> = {}): AuthUser => ({
    id: 'a1',
    email: 'admin@example.com',
    name: 'Admin',
    role: 'admin',
    status: 'active',
    plan: 'lifetime',
    kind: 'admin',
    hasAccess: true,
    tokenVersion: 1,
    jti: 'jti-1',
    exp: Math.floor(Date.now() / 1000) + 600,
    session: { id: 's1', startedAt: 1_000_000, secondFactor: true },
    ...over,
  });
  const admins = [account({ id: 'a1', email: 'admin@example.com', role: 'admin' })];

  it('renews an admin session without passing its absolute end (sign-in plus the maximum), keeping its second factor', async () => {
    const t = setup({ accounts: admins });
    await t.service.renewAdminSession(current());
    expect(t.issued).toEqual([expect.objectContaining({ kind: 'admin', endsBy: 1_000_000 + 12 * 3600, secondFactor: true })]);
  });

  it('refuses to renew a learner session or a deleted account (401)', async () => {
    const t = setup({ accounts: admins });
    expect((await failure(t.service.renewAdminSession(current({ kind: 'learner', session: undefined })))).getStatus()).toBe(401);
    expect((await failure(t.service.renewAdminSession(current({ id: 'gone' })))).getStatus()).toBe(401);
    expect(t.issued).toEqual([]);
  });

  it('upgrading to a second factor revokes the current token and issues one that carries it', async () => {
    const t = setup({ accounts: admins });
    await t.service.upgradeToSecondFactor(current({ session: { id: 's1', startedAt: 1_000_000, secondFactor: false } }));
    expect(t.revoked).toEqual(['jti-1']);
    expect(t.issued).toEqual([expect.objectContaining({ kind: 'admin', secondFactor: true })]);
  });
});

describe('AuthService passwords', () => {
  const me = { id: 'u1', email: 'ana@example.com' };

  it('confirmPassword: a wrong password is a field error and counts against the account; a right one clears the count', async () => {
    const t = setup();
    const err = await failure(t.service.confirmPassword(me, 'wrong', 'current', 'Nope'));
    expect(err.getStatus()).toBe(400);
    expect(err.details.errors).toEqual({ current: 'Nope' });
    expect(t.counts.get('rl:login:acct:ana@example.com')).toBe(1);
    await t.service.confirmPassword(me, PASSWORD);
    expect(t.counts.get('rl:login:acct:ana@example.com')).toBeUndefined();
    for (let i = 0; i < MAX_FAILURES; i++) await failure(t.service.confirmPassword(me, 'wrong'));
    expect((await failure(t.service.confirmPassword(me, PASSWORD))).getStatus()).toBe(429);
  });

  it('changePassword needs the current password, then sets the new one and issues a fresh session', async () => {
    const t = setup();
    const user = fakeOf<AuthUser>()({ id: 'u1', email: 'ana@example.com', kind: 'learner', session: undefined });
    const err = await failure(t.service.changePassword(user, 'wrong', STRONG));
    expect(err.details.errors).toEqual({ currentPassword: 'Current password is incorrect' });
    expect(t.passwordsSet).toEqual([]);
    await expect(t.service.changePassword(user, PASSWORD, STRONG)).resolves.toMatchObject({ success: true, token: 'token-1' });
    expect(t.passwordsSet).toEqual([{ userId: 'u1', password: STRONG }]);
  });

  it('forgotPassword owes the same command for every email, known or not, and is limited per email', async () => {
    const t = setup();
    await t.service.forgotPassword(' ANA@example.com', '10.0.0.1');
    await t.service.forgotPassword('nobody@example.com', '10.0.0.1');
    expect(t.owed).toEqual([
      { name: 'send-password-reset', data: { email: 'ana@example.com' }, key: undefined },
      { name: 'send-password-reset', data: { email: 'nobody@example.com' }, key: undefined },
    ]);
    await t.service.forgotPassword('ana@example.com', '10.0.0.2');
    await t.service.forgotPassword('ana@example.com', '10.0.0.3');
    expect((await failure(t.service.forgotPassword('ana@example.com', '10.0.0.4'))).getStatus()).toBe(429);
    expect(t.owed).toHaveLength(4);
  });

  it('the worker mails a reset link only to an account that exists and is not suspended', async () => {
    const t = setup({ accounts: [account(), account({ id: 'u2', email: 'sus@example.com', status: 'suspended' })] });
    const command = { id: 'cmd-1', name: 'send-password-reset' as const };
    expect(await t.service.sendPasswordReset({ email: 'nobody@example.com' }, command)).toEqual({ sent: false });
    expect(await t.service.sendPasswordReset({ email: 'sus@example.com' }, command)).toEqual({ sent: false });
    expect(t.mails).toEqual([]);
    expect(await t.service.sendPasswordReset({ email: 'ana@example.com' }, command)).toEqual({ sent: true });
    expect(t.mails).toEqual([expect.stringMatching(/^ana@example.com: /)]);
  });

  it('resetPassword refuses a weak password before using the token, and an unknown or used token (400)', async () => {
    const t = setup({ resetTokens: { good: 'u1' } });
    const weak = await failure(t.service.resetPassword('good', 'password', '10.0.0.1'));
    expect(weak.details.errors).toHaveProperty('password');
    await expect(t.service.checkResetLink('good')).resolves.toBeUndefined();
    await t.service.resetPassword('good', STRONG, '10.0.0.1');
    expect(t.passwordsSet).toEqual([{ userId: 'u1', password: STRONG }]);
    const used = await failure(t.service.resetPassword('good', STRONG, '10.0.0.1'));
    expect(used.getStatus()).toBe(400);
    expect(used.message).toBe(RESET_INVALID);
    expect((await failure(t.service.checkResetLink('good'))).message).toBe(RESET_INVALID);
    expect(t.passwordsSet).toHaveLength(1);
  });
});

describe('AuthService.createAccount (from a PAID, unclaimed payment)', () => {
  const input = (over: Record<string, string> = {}) => ({
    email: ' New@Example.com',
    name: '  Bea Moreno ',
    password: STRONG,
    paymentId: 'p1',
    claimSecret: 'secret-1',
    ...over,
  });

  it('creates the student (lifetime), grants and attaches the purchase, claims the payment and signs the buyer in', async () => {
    const t = setup();
    const result = await t.service.createAccount(input());
    expect(t.claimChecks).toEqual([{ paymentId: 'p1', email: 'new@example.com', secret: 'secret-1', token: undefined }]);
    expect(t.inserted).toEqual([{ name: 'Bea Moreno', email: 'new@example.com', role: 'student', plan: 'lifetime' }]);
    expect(t.granted).toEqual([{ paymentId: 'p1', email: 'new@example.com' }]);
    expect(t.attached).toEqual([{ userId: 'u2', email: 'new@example.com' }]);
    expect(t.claimed).toEqual([{ paymentId: 'p1', userId: 'u2' }]);
    expect(t.emitted).toEqual([
      { type: 'account.created', aggregateId: 'u2', payload: { userId: 'u2', email: 'new@example.com', name: 'Bea Moreno', paymentId: 'p1' } },
    ]);
    expect(t.firstLogins).toEqual(['u2']);
    expect(result).toMatchObject({ success: true, message: 'Account created', token: 'token-1', user: { id: 'u2' } });
    expect(t.issued).toEqual([expect.objectContaining({ userId: 'u2', kind: 'learner' })]);
  });

  it('adds the purchase to an existing account with that email, without a new user, password or session', async () => {
    const t = setup();
    const result = await t.service.createAccount(input({ email: 'ana@example.com' }));
    expect(result).toEqual({ success: true, existingAccount: true, message: 'This purchase was added to your existing account. Please sign in.' });
    expect(t.inserted).toEqual([]);
    expect(t.granted).toEqual([{ paymentId: 'p1', email: 'ana@example.com' }]);
    expect(t.claimed).toEqual([{ paymentId: 'p1', userId: 'u1' }]);
    expect(t.emitted).toEqual([]);
    expect(t.issued).toEqual([]);
  });

  it('refuses a weak password or one built from the email before looking at the payment', async () => {
    for (const password of ['password', 'new@example.com']) {
      const t = setup();
      const err = await failure(t.service.createAccount(input({ password })));
      expect(err.getStatus()).toBe(400);
      expect(err.details.errors).toHaveProperty('password');
      expect(t.claimChecks).toEqual([]);
    }
  });

  it("passes on the payment's refusal and writes nothing", async () => {
    const refusal = new PaymentsError(HttpStatus.FORBIDDEN, PaymentsErrorCode.ClaimProofRequired, 'proof');
    const t = setup({ claimRefusal: refusal });
    expect(await failure(t.service.createAccount(input({ claimSecret: '', claimToken: 'tok' })))).toBe(refusal);
    expect(t.claimChecks[0]).toMatchObject({ token: 'tok' });
    expect(t.inserted).toEqual([]);
    expect(t.claimed).toEqual([]);
    expect(t.emitted).toEqual([]);
    expect(t.issued).toEqual([]);
  });
});

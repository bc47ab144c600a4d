import type { ConfigType } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import type { TokenKind } from '../../src/common/auth/auth-user';
import type { appConfig, authConfig } from '../../src/config';
import type { OwedCommands } from '../../src/events/owed-commands.service';
import type { Tx } from '../../src/events/transaction-runner';
import { Sessions } from '../../src/modules/auth/sessions.service';
import type { SessionTokens } from '../../src/modules/auth/session-tokens.service';
import type { MailBrand, MailBrandService, MailService } from '../../src/modules/mail';
import type { PaymentRow, PaymentsError, PaymentsService } from '../../src/modules/payments';
import type { SectionName, SectionValues, SettingsService } from '../../src/modules/settings';
import { type AccessService, hashPassword, type PasswordResetService, type UsersService, type UserWithPassword } from '../../src/modules/users';
import { fakeOf, fakeRedis, fakeTransactions } from './fakes';

/**
 * The world the auth module's services run in, for their unit specs: the
 * users, tokens, settings, payments, mail and Redis they call, in memory,
 * each recording what it was asked; and the real Sessions over them (a
 * service's session is part of what its spec checks).
 */
export const PASSWORD = 'Violet-harbour-quantum-71';
export const STRONG = 'Copper-lantern-meadow-94';
export const MAX_FAILURES = 3;
export const MAX_PER_IP = 5;

let passwordHash: string | undefined;

/** The Argon2id hash of PASSWORD, computed once per spec file (call in beforeAll). */
export async function hashTestPassword(): Promise<void> {
  passwordHash ??= await hashPassword(PASSWORD);
}

export function account(over: Partial<UserWithPassword> = {}): UserWithPassword {
  if (!passwordHash) throw new Error('Call hashTestPassword() in beforeAll first');
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

export interface AuthFakeOptions {
  accounts?: UserWithPassword[];
  maintenance?: boolean;
  claimRefusal?: PaymentsError;
  resetTokens?: Record<string, string>;
  databaseDown?: boolean;
}

export function authFakes(o: AuthFakeOptions = {}) {
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
  const config = fakeOf<ConfigType<typeof authConfig>>()({
    loginMaxFailures: MAX_FAILURES,
    loginMaxFailuresPerIp: MAX_PER_IP,
    loginWindowSeconds: 60,
    learnerTtlSeconds: 3600,
    learnerRememberTtlSeconds: 30 * 86_400,
    adminSessionMaxSeconds: 12 * 3600,
    adminSessionWarningSeconds: 120,
    sessionMinuteSeconds: 60,
    resetTokenTtlSeconds: 3600,
  });
  const app = fakeOf<ConfigType<typeof appConfig>>()({ publicUrl: 'https://courses.example.com' });
  const sessions = new Sessions(users, tokens, settings, config);
  return {
    // What the services are built from.
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
    config,
    app,
    sessions,
    // What they were asked to do.
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

import { account, authFakes, type AuthFakeOptions, hashTestPassword, MAX_FAILURES, MAX_PER_IP, PASSWORD } from '../../../test/support/auth-fakes';
import { failure } from '../../../test/support/fakes';
import { CommonErrorCode } from '../../common/errors/common.error';
import { statusOfErrorCode } from '../../common/errors/error-status';
import { AuthErrorCode, INVALID_CREDENTIALS } from './auth.error';
import { SignIn } from './sign-in.service';

// Every password check runs the real Argon2id verification (a few hundred milliseconds each on a loaded machine).
jest.setTimeout(60_000);

beforeAll(hashTestPassword);

function setup(o: AuthFakeOptions = {}) {
  const t = authFakes(o);
  return { ...t, service: new SignIn(t.users, t.settings, t.sessions, t.redis, t.config) };
}

const signIn = (email: string, password: string, ip = '10.0.0.1') => ({ email, password, ip });

describe('SignIn.login (sign-in rules)', () => {
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
      expect(err.code).toBe(AuthErrorCode.InvalidCredentials);
      expect(statusOfErrorCode(err.code)).toBe(401);
      expect(err.message).toBe(INVALID_CREDENTIALS);
    }
    expect(t.issued).toEqual([]);
    expect(t.logins).toEqual([]);
  });

  it('refuses a suspended or inactive account (403) even with the right password', async () => {
    for (const status of ['suspended', 'inactive'] as const) {
      const t = setup({ accounts: [account({ status })] });
      const err = await failure(t.service.login(signIn('ana@example.com', PASSWORD), 'learner'));
      expect(err.code).toBe(AuthErrorCode.AccountInactive);
      expect(statusOfErrorCode(err.code)).toBe(403);
      expect(err.message).toBe(`Your account is ${status}. Please contact support.`);
      expect(t.issued).toEqual([]);
    }
  });

  it('lets only administrator accounts sign in at the admin portal (a student gets the same 401 as a wrong password)', async () => {
    const t = setup({ accounts: [account(), account({ id: 'a1', email: 'admin@example.com', role: 'admin' })] });
    const err = await failure(t.service.login(signIn('ana@example.com', PASSWORD), 'admin'));
    expect(err.code).toBe(AuthErrorCode.InvalidCredentials);
    expect(statusOfErrorCode(err.code)).toBe(401);
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
    // The web apps read this exact code to show their maintenance page.
    expect(err.code).toBe('MAINTENANCE');
    expect(statusOfErrorCode(err.code)).toBe(503);
    expect(t.issued).toEqual([]);
    await expect(t.service.login(signIn('admin@example.com', PASSWORD), 'admin')).resolves.toMatchObject({ success: true });
  });

  it('blocks an account after too many wrong passwords (429 with the wait), even with the right one', async () => {
    const t = setup();
    for (let i = 0; i < MAX_FAILURES; i++) await failure(t.service.login(signIn('ana@example.com', 'wrong'), 'learner'));
    const err = await failure(t.service.login(signIn('ana@example.com', PASSWORD, '10.0.0.9'), 'learner'));
    expect(err.code).toBe(AuthErrorCode.TooManySignIns);
    expect(statusOfErrorCode(err.code)).toBe(429);
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
    expect(err.code).toBe(AuthErrorCode.TooManySignIns);
    expect(statusOfErrorCode(err.code)).toBe(429);
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
    expect((await failure(t.service.countAddressAttempt('10.0.0.1'))).code).toBe(AuthErrorCode.TooManySignIns);
    const other = await t.service.countAddressAttempt('10.0.0.2');
    await other.release();
    expect(t.counts.get('rl:login:ip:10.0.0.2')).toBe(0);
  });
});

describe('SignIn.confirmPassword', () => {
  const me = { id: 'u1', email: 'ana@example.com' };
  it('a wrong password is a field error and counts against the account; a right one clears the count', async () => {
    const t = setup();
    const err = await failure(t.service.confirmPassword(me, 'wrong', 'current', 'Nope'));
    expect(err.code).toBe(CommonErrorCode.ValidationFailed);
    expect(statusOfErrorCode(err.code)).toBe(400);
    expect(err.details.errors).toEqual({ current: 'Nope' });
    expect(t.counts.get('rl:login:acct:ana@example.com')).toBe(1);
    await t.service.confirmPassword(me, PASSWORD);
    expect(t.counts.get('rl:login:acct:ana@example.com')).toBeUndefined();
    for (let i = 0; i < MAX_FAILURES; i++) await failure(t.service.confirmPassword(me, 'wrong'));
    const limited = await failure(t.service.confirmPassword(me, PASSWORD));
    expect(limited.code).toBe(AuthErrorCode.TooManyWrongPasswords);
    expect(statusOfErrorCode(limited.code)).toBe(429);
    expect(limited.details.retryAfterSeconds).toBe(60);
  });
});

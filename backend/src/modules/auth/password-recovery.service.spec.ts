import { account, authFakes, type AuthFakeOptions, hashTestPassword, STRONG } from '../../../test/support/auth-fakes';
import { failure } from '../../../test/support/fakes';
import { statusOfErrorCode } from '../../common/errors/error-status';
import { UsersErrorCode } from '../users';
import { AuthErrorCode, RESET_INVALID } from './auth.error';
import { PasswordRecovery } from './password-recovery.service';

beforeAll(hashTestPassword);

function setup(o: AuthFakeOptions = {}) {
  const t = authFakes(o);
  return { ...t, service: new PasswordRecovery(t.users, t.resets, t.runner, t.commands, t.mail, t.brands, t.redis, t.config, t.app) };
}

describe('PasswordRecovery', () => {
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
    const limited = await failure(t.service.forgotPassword('ana@example.com', '10.0.0.4'));
    expect(limited.code).toBe(AuthErrorCode.TooManyResetRequests);
    expect(statusOfErrorCode(limited.code)).toBe(429);
    expect(limited.details.retryAfterSeconds).toBeGreaterThan(0);
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
    expect(weak.code).toBe(UsersErrorCode.WeakPassword);
    expect(statusOfErrorCode(weak.code)).toBe(400);
    expect(weak.details.errors).toHaveProperty('password');
    await expect(t.service.checkResetLink('good')).resolves.toBeUndefined();
    await t.service.resetPassword('good', STRONG, '10.0.0.1');
    expect(t.passwordsSet).toEqual([{ userId: 'u1', password: STRONG }]);
    const used = await failure(t.service.resetPassword('good', STRONG, '10.0.0.1'));
    expect(used.code).toBe(AuthErrorCode.ResetLinkInvalid);
    expect(statusOfErrorCode(used.code)).toBe(400);
    expect(used.message).toBe(RESET_INVALID);
    const opened = await failure(t.service.checkResetLink('good'));
    expect(opened.code).toBe(AuthErrorCode.ResetLinkInvalid);
    expect(opened.message).toBe(RESET_INVALID);
    expect(t.passwordsSet).toHaveLength(1);
  });
});

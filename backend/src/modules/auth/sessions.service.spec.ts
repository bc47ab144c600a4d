import type { AuthUser } from '../../common/auth/auth-user';
import { account, authFakes, type AuthFakeOptions, hashTestPassword } from '../../../test/support/auth-fakes';
import { failure } from '../../../test/support/fakes';
import { CommonErrorCode } from '../../common/errors/common.error';
import { statusOfErrorCode } from '../../common/errors/error-status';
import { Sessions } from './sessions.service';

beforeAll(hashTestPassword);

function setup(o: AuthFakeOptions = {}) {
  const t = authFakes(o);
  return { ...t, service: new Sessions(t.users, t.tokens, t.settings, t.config) };
}

describe('Sessions (admin)', () => {
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
  const admins = () => [account({ id: 'a1', email: 'admin@example.com', role: 'admin' })];

  it('renews an admin session without passing its absolute end (sign-in plus the maximum), keeping its second factor', async () => {
    const t = setup({ accounts: admins() });
    await t.service.renewAdminSession(current());
    expect(t.issued).toEqual([expect.objectContaining({ kind: 'admin', endsBy: 1_000_000 + 12 * 3600, secondFactor: true })]);
  });

  it('refuses to renew a learner session or a deleted account (401)', async () => {
    const t = setup({ accounts: admins() });
    for (const refused of [current({ kind: 'learner', session: undefined }), current({ id: 'gone' })]) {
      const err = await failure(t.service.renewAdminSession(refused));
      expect(err.code).toBe(CommonErrorCode.Unauthenticated);
      expect(statusOfErrorCode(err.code)).toBe(401);
    }
    expect(t.issued).toEqual([]);
  });

  it('upgrading to a second factor revokes the current token and issues one that carries it', async () => {
    const t = setup({ accounts: admins() });
    await t.service.upgradeToSecondFactor(current({ session: { id: 's1', startedAt: 1_000_000, secondFactor: false } }));
    expect(t.revoked).toEqual(['jti-1']);
    expect(t.issued).toEqual([expect.objectContaining({ kind: 'admin', secondFactor: true })]);
  });
});

import type { AuthUser } from '../../common/auth/auth-user';
import { authFakes, hashTestPassword, PASSWORD, STRONG } from '../../../test/support/auth-fakes';
import { failure, fakeOf } from '../../../test/support/fakes';
import { PasswordChange } from './password-change.service';
import { SignIn } from './sign-in.service';

// Every password check runs the real Argon2id verification (a few hundred milliseconds each on a loaded machine).
jest.setTimeout(60_000);

beforeAll(hashTestPassword);

function setup() {
  const t = authFakes();
  const signIn = new SignIn(t.users, t.settings, t.sessions, t.redis, t.config);
  return { ...t, service: new PasswordChange(signIn, t.users, t.runner, t.sessions) };
}

describe('PasswordChange', () => {
  it('needs the current password, then sets the new one and issues a fresh session', async () => {
    const t = setup();
    const user = fakeOf<AuthUser>()({ id: 'u1', email: 'ana@example.com', kind: 'learner', session: undefined });
    const err = await failure(t.service.changePassword(user, 'wrong', STRONG));
    expect(err.details.errors).toEqual({ currentPassword: 'Current password is incorrect' });
    expect(t.passwordsSet).toEqual([]);
    await expect(t.service.changePassword(user, PASSWORD, STRONG)).resolves.toMatchObject({ success: true, token: 'token-1' });
    expect(t.passwordsSet).toEqual([{ userId: 'u1', password: STRONG }]);
  });
});

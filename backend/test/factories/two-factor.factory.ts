import { Secret, TOTP } from 'otpauth';
import type { TestApp } from '../support/test-app';
import { createUser, login, type CreatedUser } from './users.factory';

/** The code an authenticator app shows for `secret`, `stepsAhead` periods from now. */
export const codeFor = (secret: string, stepsAhead = 0): string =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

export interface AdminWithTwoFactor {
  user: CreatedUser;
  /** A session that passed the second factor (what enrolling from the console answers). */
  token: string;
  secret: string;
  recoveryCodes: string[];
}

/** An administrator who set up two-factor sign-in from the console, as the console does it (password again, then one code). */
export async function adminWithTwoFactor(app: TestApp): Promise<AdminWithTwoFactor> {
  const user = await createUser(app.db, { role: 'admin' });
  const first = await login(app, user, 'admin');
  const as = { authorization: `Bearer ${first}` };
  const setup = await app.http.post('/api/admin/two-factor/setup').set(as).send({ password: user.password }).expect(200);
  const confirmed = await app.http
    .post('/api/admin/two-factor/confirm')
    .set(as)
    .send({ code: codeFor(setup.body.secret) })
    .expect(200);
  return { user, token: confirmed.body.token, secret: setup.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
}

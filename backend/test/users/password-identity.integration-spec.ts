import { IDENTITY_PASSWORD_MESSAGE } from '../../src/modules/users/password-policy';
import { buy } from '../factories/payments.factory';
import { adminToken, createUser, login, PASSWORD } from '../factories/users.factory';
import { linkToken, waitForMail } from '../support/mailbox';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * An attacker who knows someone's email (or name) tries it, with "1!"
 * added, as the password. Wherever a password is set (account creation,
 * change, reset, an admin creating or editing a user; the admin:create
 * command line calls the same passwordProblem with the email and name),
 * one built from the account's own email or name is refused on the
 * password field, and nothing changes.
 */
describe("passwords built from the account's own email or name", () => {
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
    admin = (await adminToken(app)).token;
  });
  afterAll(() => app?.close());

  const passwordField = (body: { errors?: Record<string, string> }) => body.errors?.password ?? body.errors?.newPassword;
  const canSignIn = async (email: string, password: string) => (await app.http.post('/api/auth/login').send({ email, password })).status === 200;

  it('an administrator creating or editing a user', async () => {
    const created = await app.http
      .post('/api/admin/users')
      .set('authorization', `Bearer ${admin}`)
      .send({ name: 'Margaret Holloway', email: 'margaret.holloway@example.com', password: 'Margaret.Holloway1!' })
      .expect(400);
    expect(passwordField(created.body)).toBe(IDENTITY_PASSWORD_MESSAGE);
    expect(await app.db.query(`SELECT id FROM users WHERE email = 'margaret.holloway@example.com'`)).toEqual([]);

    const user = await createUser(app.db, { name: 'Quentin Vandermeer', email: 'kettleorbit@example.com' });
    for (const password of ['kettleorbit@example.com', 'QuentinVandermeer2024!', 'Quentin-Vandermeer']) {
      const edited = await app.http.put(`/api/admin/users/${user.id}`).set('authorization', `Bearer ${admin}`).send({ password }).expect(400);
      expect({ password, message: passwordField(edited.body) }).toEqual({ password, message: IDENTITY_PASSWORD_MESSAGE });
    }
    // An edit that changes the name and the password at once is checked against the new name.
    const renamed = await app.http
      .put(`/api/admin/users/${user.id}`)
      .set('authorization', `Bearer ${admin}`)
      .send({ name: 'Octavia Brightwater', password: 'Octavia-Brightwater' })
      .expect(400);
    expect(passwordField(renamed.body)).toBe(IDENTITY_PASSWORD_MESSAGE);
    expect(await canSignIn(user.email, PASSWORD)).toBe(true);
  });

  it('a signed-in user changing their password', async () => {
    const user = await createUser(app.db, { name: 'Bartholomew Quince', email: 'b.quince@example.com' });
    const token = await login(app, user);
    for (const newPassword of ['b.quince@example.com', 'BQuince1990!', 'Bartholomew.Quince!']) {
      const res = await app.http
        .post('/api/auth/change-password')
        .set('authorization', `Bearer ${token}`)
        .send({ currentPassword: PASSWORD, newPassword })
        .expect(400);
      expect({ newPassword, message: passwordField(res.body) }).toEqual({ newPassword, message: IDENTITY_PASSWORD_MESSAGE });
    }
    expect(await canSignIn(user.email, PASSWORD)).toBe(true);
  });

  it('a password reset, whose link keeps working for a good password', async () => {
    const user = await createUser(app.db, { name: 'Perpetua Lindqvist', email: 'perpetua.lindqvist@example.com' });
    await app.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    const token = linkToken(await waitForMail(app, user.email, 'password-reset'));
    const refused = await app.http.post('/api/auth/reset-password').send({ token, password: 'Perpetua.Lindqvist2!' }).expect(400);
    expect(passwordField(refused.body)).toBe(IDENTITY_PASSWORD_MESSAGE);
    expect(await canSignIn(user.email, 'Perpetua.Lindqvist2!')).toBe(false);
    await app.http.post('/api/auth/reset-password').send({ token, password: 'Amber-Quarry-Lantern-84' }).expect(200);
    expect(await canSignIn(user.email, 'Amber-Quarry-Lantern-84')).toBe(true);
  });

  it("a buyer creating the account: not the purchase's email", async () => {
    const { paymentId, email, claimSecret } = await buy(app, 'ignatius.featherstone@example.com');
    const res = await app.http
      .post('/api/auth/create-account')
      .send({ name: 'Nathaniel Brook', email, password: 'Ignatius.Featherstone9', paymentId, claimSecret })
      .expect(400);
    expect(passwordField(res.body)).toBe(IDENTITY_PASSWORD_MESSAGE);
    expect(await app.db.query('SELECT id FROM users WHERE email = $1', [email])).toEqual([]);
    await app.http
      .post('/api/auth/create-account')
      .send({ name: 'Nathaniel Brook', email, password: 'Amber-Quarry-Lantern-84', paymentId, claimSecret })
      .expect(200);
  });
});

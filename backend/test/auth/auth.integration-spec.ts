import { createHmac } from 'node:crypto';
import { adminToken, createUser, login, PASSWORD } from '../factories/users.factory';
import { linkToken, waitForMail } from '../support/mailbox';
import { QueueName } from '../../src/queue/queue-names';
import { QueueService } from '../../src/queue/queue.service';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

function base64url(value: object | string): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

/** A token signed independently of the product's code, to probe what the verifier accepts. */
function forge(secret: string, claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }): string {
  const unsigned = `${base64url(header)}.${base64url(claims)}`;
  if (header.alg === 'none') return `${unsigned}.`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe('sign-in, sessions and guards', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ worker: true, env: { LOGIN_WINDOW_SECONDS: '2' } });
  });
  afterAll(() => app.close());

  const me = (token?: string) => {
    const req = app.http.get('/api/auth/me');
    return token ? req.set('authorization', `Bearer ${token}`) : req;
  };

  it('signs a learner in and out; the token stops working after logout', async () => {
    const user = await createUser(app.db);
    const res = await app.http.post('/api/auth/login').send({ email: user.email.toUpperCase(), password: PASSWORD }).expect(200);
    expect(res.body).toMatchObject({ success: true, user: { email: user.email, role: 'student', hasAccess: true } });
    expect(res.body.user.passwordHash).toBeUndefined();
    const token = res.body.token;
    await me(token).expect(200);
    const [{ last_login_at }] = await app.db.query('SELECT last_login_at FROM users WHERE id = $1', [user.id]);
    expect(last_login_at).not.toBeNull();
    const events = await app.db.query(`SELECT payload FROM outbox_events WHERE type = 'user.logged_in' AND aggregate_id = $1`, [user.id]);
    expect(events).toHaveLength(1);

    await app.http.post('/api/auth/logout').set('authorization', `Bearer ${token}`).expect(200);
    const after = await me(token).expect(401);
    expect(after.body).toMatchObject({ statusCode: 401, success: false });
  });

  it('refuses wrong passwords and unknown emails with the same message', async () => {
    const user = await createUser(app.db);
    const wrong = await app.http.post('/api/auth/login').send({ email: user.email, password: 'Nope1234!' }).expect(401);
    const unknown = await app.http.post('/api/auth/login').send({ email: 'nobody-here@example.com', password: 'Nope1234!' }).expect(401);
    expect(wrong.body.message).toBe('Invalid email or password');
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('validates the login body', async () => {
    const res = await app.http.post('/api/auth/login').send({ email: '', password: 'x', extra: 1 }).expect(400);
    expect(res.body.errors).toMatchObject({ email: 'Email is required', extra: 'Unknown field extra' });
    const malformed = await app.http.post('/api/auth/login').set('content-type', 'application/json').send('{"email":').expect(400);
    expect(malformed.body).toMatchObject({ statusCode: 400, success: false });
    const wrongType = await app.http.post('/api/auth/login').send({ email: 'a@example.com', password: 12345 }).expect(400);
    expect(wrongType.body.errors.password).toBeDefined();
  });

  it('lets only admins through the admin portal and the admin API', async () => {
    const learner = await createUser(app.db);
    await app.http.post('/api/admin/login').send({ email: learner.email, password: PASSWORD }).expect(401);
    const learnerToken = await login(app, learner);
    await app.http.get('/api/admin/users').expect(401);
    await app.http.get('/api/admin/users').set('authorization', `Bearer ${learnerToken}`).expect(403);
    // The router decodes the path: an encoded "admin" still reaches the admin controllers, and is guarded as such.
    for (const path of ['/api/%61dmin/users', '/api/%61dmin/users/00000000-0000-0000-0000-000000000000', '/api//admin/users']) {
      const res = await app.http.get(path).set('authorization', `Bearer ${learnerToken}`);
      expect([403, 404]).toContain(res.status);
      expect(Array.isArray(res.body)).toBe(false);
    }
    await app.http.get('/api/%61dmin/users').set('authorization', `Bearer ${learnerToken}`).expect(403);

    const admin = await createUser(app.db, { role: 'admin' });
    const adminLearnerToken = await login(app, admin);
    const viaLearnerPortal = await app.http.get('/api/admin/users').set('authorization', `Bearer ${adminLearnerToken}`).expect(403);
    expect(viaLearnerPortal.body.message).toMatch(/admin portal/);
    const token = await login(app, admin, 'admin');
    await app.http.get('/api/admin/users').set('authorization', `Bearer ${token}`).expect(200);
  });

  it('refuses expired, tampered and unsigned tokens', async () => {
    const user = await createUser(app.db);
    const token = await login(app, user);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const secret = app.env.JWT_SECRET;

    const expired = forge(secret, { ...claims, iat: claims.iat - 7200, exp: Math.floor(Date.now() / 1000) - 60 });
    expect((await me(expired).expect(401)).body.message).toMatch(/expired/);

    const tampered = `${header}.${base64url({ ...claims, role: 'admin' })}.${signature}`;
    await me(tampered).expect(401);
    const unsigned = forge(secret, claims, { alg: 'none', typ: 'JWT' });
    await me(unsigned).expect(401);
    const otherSecret = forge('x'.repeat(64), claims);
    await me(otherSecret).expect(401);
    const wrongAudience = forge(secret, { ...claims, aud: 'someone-else' });
    await me(wrongAudience).expect(401);
    await me(forge(secret, claims)).expect(200);
  });

  it('ends every session at once: sign out everywhere', async () => {
    const user = await createUser(app.db);
    const a = await login(app, user);
    const b = await login(app, user);
    await app.http.post('/api/auth/logout-everywhere').set('authorization', `Bearer ${a}`).expect(200);
    await me(a).expect(401);
    await me(b).expect(401);
    await me(await login(app, user)).expect(200);
  });

  it('blocks the 6th rapid failed login with 429, and a correct login works after the window', async () => {
    const user = await createUser(app.db);
    for (let i = 0; i < 5; i++)
      await app.http
        .post('/api/auth/login')
        .send({ email: user.email, password: `Wrong${i}!aA` })
        .expect(401);
    const blocked = await app.http.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(429);
    expect(blocked.body.message).toMatch(/Too many failed sign-in attempts/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 2200));
    await app.http.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
  });

  it('counts parallel failed logins atomically: a burst gets no more than 5 password checks', async () => {
    const user = await createUser(app.db);
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => app.http.post('/api/auth/login').send({ email: user.email, password: `Wrong${i}!aA` })),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    await new Promise((r) => setTimeout(r, 2200));
    await app.http.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
  });

  it('resets a password through the emailed one-time link and ends old sessions', async () => {
    const user = await createUser(app.db);
    const oldToken = await login(app, user);
    const unknown = await app.http.post('/api/auth/forgot-password').send({ email: 'ghost@example.com' }).expect(200);
    const known = await app.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    expect(known.body).toEqual(unknown.body);

    const mail = await waitForMail(app, user.email, 'password-reset');
    expect(mail.text).toContain('/reset-password?token=');
    const token = linkToken(mail);
    const [{ token_hash }] = await app.db.query('SELECT token_hash FROM password_reset_tokens WHERE user_id = $1', [user.id]);
    expect(token_hash).not.toBe(token);

    // Opening the link checks it without using it up (twice, still good).
    await app.http.post('/api/auth/reset-password/check').send({ token }).expect(200);
    await app.http.post('/api/auth/reset-password/check').send({ token }).expect(200);
    const bogus = await app.http.post('/api/auth/reset-password/check').send({ token: 'not-a-real-token' }).expect(400);
    expect(bogus.body.message).toMatch(/invalid or has expired/);
    const weak = await app.http.post('/api/auth/reset-password').send({ token, password: 'weakpass' }).expect(400);
    expect(weak.body.errors.password).toBe('Please choose a stronger password');
    const reset = await app.http.post('/api/auth/reset-password').send({ token, password: 'N3w-Kettle-Orbit7' });
    expect(reset.body).toMatchObject({ success: true });
    const reused = await app.http.post('/api/auth/reset-password').send({ token, password: 'An0ther-Pass' }).expect(400);
    expect(reused.body.message).toMatch(/invalid or has expired/);
    // A used link is refused as soon as it is opened again, before any password is typed.
    const reopened = await app.http.post('/api/auth/reset-password/check').send({ token }).expect(400);
    expect(reopened.body.message).toMatch(/invalid or has expired/);

    await me(oldToken).expect(401);
    await app.http.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(401);
    await app.http.post('/api/auth/login').send({ email: user.email, password: 'N3w-Kettle-Orbit7' }).expect(200);
  });

  it('changes the password of a signed-in user and returns a fresh session', async () => {
    const user = await createUser(app.db);
    const token = await login(app, user);
    const wrong = await app.http
      .post('/api/auth/change-password')
      .set('authorization', `Bearer ${token}`)
      .send({ currentPassword: 'nope', newPassword: 'Fresh-Pass1' })
      .expect(400);
    expect(wrong.body.errors.currentPassword).toBe('Current password is incorrect');
    const res = await app.http
      .post('/api/auth/change-password')
      .set('authorization', `Bearer ${token}`)
      .send({ currentPassword: PASSWORD, newPassword: 'Fresh-Pass1' })
      .expect(200);
    await me(token).expect(401);
    await me(res.body.token).expect(200);
  });

  it('counts wrong current passwords against the account, like failed sign-ins', async () => {
    const user = await createUser(app.db);
    const token = await login(app, user);
    const change = (currentPassword: string) =>
      app.http.post('/api/auth/change-password').set('authorization', `Bearer ${token}`).send({ currentPassword, newPassword: 'Fresh-Kettle-Orbit9' });
    for (let i = 0; i < 5; i++) expect((await change(`guess-${i}`)).status).toBe(400);
    const blocked = await change(PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many wrong passwords/);
    // The same account limit guards sign-in.
    await app.http.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(429);
    await new Promise((r) => setTimeout(r, 2200));
    await change(PASSWORD).expect(200);
  });

  it('does the same work on the request path for known and unknown emails (the lookup happens in the worker)', async () => {
    const user = await createUser(app.db);
    const queue = app.api.get(QueueService).queue(QueueName.Notifications);
    const resetJobs = async () => (await queue.getJobs(['waiting', 'active', 'completed', 'delayed'])).filter((j) => j.name === 'send-password-reset');
    const owed = async () => (await app.db.query(`SELECT count(*)::int AS n FROM owed_commands WHERE name = 'send-password-reset'`))[0].n as number;
    const [before, owedBefore] = [(await resetJobs()).length, await owed()];
    await app.http.post('/api/auth/forgot-password').send({ email: 'nobody-here@example.com' }).expect(200);
    await app.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    // Each request owes the same command, written before the answer (it survives a lost queue), then published.
    expect((await owed()) - owedBefore).toBe(2);
    const jobs = await eventually(async () => {
      const all = await resetJobs();
      return all.length - before === 2 ? all : null;
    });
    expect(jobs.map((j) => j.data.data.email)).toEqual(expect.arrayContaining(['nobody-here@example.com', user.email]));
    await waitForMail(app, user.email, 'password-reset');
  });

  it('refuses common passwords on reset, change and account creation, with the reason', async () => {
    const user = await createUser(app.db);
    const token = await login(app, user);
    const res = await app.http
      .post('/api/auth/change-password')
      .set('authorization', `Bearer ${token}`)
      .send({ currentPassword: PASSWORD, newPassword: 'Qwerty123!' })
      .expect(400);
    expect(res.body.errors.newPassword ?? res.body.errors.password).toBe('This password is too common or easy to guess. Please choose a less predictable one.');
  });

  it('answers a NUL character anywhere with a 400 field error, on public routes too', async () => {
    const login = await app.http.post('/api/auth/login').send({ email: 'a\u0000@example.com', password: 'x' }).expect(400);
    expect(login.body).toMatchObject({ statusCode: 400, errors: { email: 'email must not contain NUL characters' } });
    await app.http.post('/api/auth/forgot-password').send({ email: '\u0000' }).expect(400);
    const surrogate = await app.http.post('/api/auth/login').send({ email: 'a\ud800@example.com', password: 'x' }).expect(400);
    expect(surrogate.body.errors.email).toBe('email must be valid Unicode text (it holds a lone surrogate character)');
    const search = await app.http.get('/api/search').query({ q: 'a\u0000b' });
    expect(search.status).toBeLessThan(500);
    expect([400, 401]).toContain(search.status);
    const checkout = await app.http
      .post('/api/payments/create')
      .send({ amount: 497, currency: 'USDT\u0000', blockchain: 'Tron (TRC-20)', email: 'n@example.com' })
      .expect(400);
    expect(checkout.body.errors).toHaveProperty('currency');
    const { token } = await adminToken(app);
    const dated = await app.http
      .get('/api/admin/audit-log')
      .query({ filter: JSON.stringify({ from: '+275760-09-13' }) })
      .set('authorization', `Bearer ${token}`)
      .expect(400);
    expect(dated.body.errors['filter.from']).toMatch(/between the years 1 and 9999/);
  });

  it('switches off powerful browser features on every answer', async () => {
    const res = await app.http.get('/api/health').expect(200);
    expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/);
    expect(res.headers['permissions-policy']).toMatch(/geolocation=\(\)/);
  });

  it('stores argon2id hashes only', async () => {
    const rows: Array<{ password_hash: string }> = await app.db.query('SELECT password_hash FROM users');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
  });

  it('gives admin tokens the session timeout of the Security settings', async () => {
    const { token } = await adminToken(app);
    const claimsOf = (t: string) => JSON.parse(Buffer.from(t.split('.')[1], 'base64url').toString());
    expect(claimsOf(token).exp - claimsOf(token).iat).toBe(30 * 60);
    const bad = await app.http.put('/api/admin/settings/security').set('authorization', `Bearer ${token}`).send({ sessionTimeout: 4 }).expect(400);
    expect(bad.body.errors.sessionTimeout).toBe('Session timeout must be between 5 and 480 minutes');
    await app.http.put('/api/admin/settings/security').set('authorization', `Bearer ${token}`).send({ sessionTimeout: 5 }).expect(200);
    const { token: next } = await adminToken(app);
    expect(claimsOf(next).exp - claimsOf(next).iat).toBe(5 * 60);
    const learnerToken = await login(app, await createUser(app.db));
    expect(claimsOf(learnerToken).exp - claimsOf(learnerToken).iat).toBe(24 * 3600);
    const remembered = await app.http
      .post('/api/auth/login')
      .send({ email: (await createUser(app.db, { email: `r-${Date.now()}@example.com` })).email, password: PASSWORD, rememberMe: true });
    expect(claimsOf(remembered.body.token).exp - claimsOf(remembered.body.token).iat).toBe(30 * 24 * 3600);
    await app.http.put('/api/admin/settings/security').set('authorization', `Bearer ${next}`).send({ sessionTimeout: 30 }).expect(200);
  });
});

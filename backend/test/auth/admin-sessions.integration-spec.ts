import { adminToken, createUser, login } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, number | string>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sliding admin sessions. A "minute" of the session clocks lasts one second
 * here (SESSION_MINUTE_SECONDS=1), so the 5-minute minimum is a 5-second
 * session and the one-hour absolute maximum is 60 seconds.
 */
describe('sliding admin sessions', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { SESSION_MINUTE_SECONDS: '1', ADMIN_SESSION_MAX_HOURS: '1', ADMIN_SESSION_WARNING_SECONDS: '120' } });
  });
  afterAll(() => app.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const refresh = (token: string) => app.http.post('/api/admin/session/refresh').set(bearer(token));
  const setTimeoutSetting = (token: string, minutes: number) =>
    app.http.put('/api/admin/settings/security').set(bearer(token)).send({ sessionTimeout: minutes }).expect(200);

  it('answers the session timing at sign-in: the inactivity timeout from Security, the absolute end, the warning', async () => {
    const user = await createUser(app.db, { role: 'admin' });
    const res = await app.http.post('/api/admin/login').send({ email: user.email, password: user.password }).expect(200);
    const claims = claimsOf(res.body.token);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(30);
    expect(res.body.session).toMatchObject({ idleTimeoutSeconds: 30, warningSeconds: 15 });
    expect(Date.parse(res.body.session.absoluteExpiresAt) / 1000).toBe(Number(claims.sst) + 60);
    expect(res.body.session.expiresAt).toBe(res.body.expiresAt);
    const me = await app.http.get('/api/auth/me').set(bearer(res.body.token)).expect(200);
    expect(me.body.session).toMatchObject({ kind: 'admin', idleTimeoutSeconds: 30, absoluteExpiresAt: res.body.session.absoluteExpiresAt });
  });

  it('renews with activity past the timeout, and an idle session ends', async () => {
    const { token } = await adminToken(app);
    await setTimeoutSetting(token, 5);
    let current = (await app.http.post('/api/admin/login').send({ email: (await createUser(app.db, { role: 'admin' })).email, password: 'Passw0rd!' })).body
      .token as string;
    const first = claimsOf(current);
    // Active for three times the 5-second timeout, renewing every 2 seconds: never signed out.
    for (let i = 0; i < 8; i += 1) {
      await sleep(2000);
      const res = await refresh(current).expect(200);
      expect(claimsOf(res.body.token).sid).toBe(first.sid);
      expect(claimsOf(res.body.token).sst).toBe(first.sst);
      current = res.body.token;
      await app.http.get('/api/admin/stats').set(bearer(current)).expect(200);
    }
    expect(Number(claimsOf(current).exp)).toBeGreaterThan(Number(first.exp) + 10);
    // Idle longer than the timeout: the session is over and cannot be renewed.
    await sleep(6000);
    await app.http.get('/api/admin/stats').set(bearer(current)).expect(401);
    await refresh(current).expect(401);
    // The first admin's session was idle all along: by now (past 5 s) it has ended too, so a fresh sign-in restores the setting.
    await setTimeoutSetting((await adminToken(app)).token, 30);
  });

  it('never renews past the absolute maximum', async () => {
    const { token } = await adminToken(app);
    await setTimeoutSetting(token, 480);
    const user = await createUser(app.db, { role: 'admin' });
    const signIn = await app.http.post('/api/admin/login').send({ email: user.email, password: user.password }).expect(200);
    const start = Number(claimsOf(signIn.body.token).sst);
    expect(Number(claimsOf(signIn.body.token).exp)).toBe(start + 60);
    await sleep(1100);
    const renewed = await refresh(signIn.body.token).expect(200);
    expect(Number(claimsOf(renewed.body.token).exp)).toBe(start + 60);
    expect(renewed.body.session.absoluteExpiresAt).toBe(signIn.body.session.absoluteExpiresAt);
    await setTimeoutSetting(token, 30);
  });

  it('logout ends every renewal of the session; learners and bad tokens cannot renew', async () => {
    const { token } = await adminToken(app);
    const renewed = (await refresh(token).expect(200)).body.token as string;
    await app.http.post('/api/auth/logout').set(bearer(token)).expect(200);
    await app.http.get('/api/admin/stats').set(bearer(renewed)).expect(401);
    await refresh(renewed).expect(401);

    const learner = await login(app, await createUser(app.db));
    await refresh(learner).expect(403);
    await app.http.post('/api/admin/session/refresh').expect(401);
    const garbled = await refresh('not-a-token').expect(401);
    expect(garbled.body).toMatchObject({ statusCode: 401 });
  });
});

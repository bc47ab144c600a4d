import { Secret, TOTP } from 'otpauth';
import { resetTwoFactor } from '../../src/modules/auth/two-factor/reset-two-factor';
import { adminToken, createUser, PASSWORD } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

/** The code an authenticator app shows for `secret`, `stepsAhead` periods from now. */
const codeFor = (secret: string, stepsAhead = 0): string =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

/**
 * Administrators' two-factor sign-in: TOTP (RFC 6238) and single-use
 * recovery codes. With the Security setting on, a password alone never
 * gives an admin session.
 */
describe('admin two-factor sign-in', () => {
  let app: TestApp;
  let owner: string;

  beforeAll(async () => {
    app = await startTestApp({ env: { LOGIN_WINDOW_SECONDS: '2' } });
    owner = (await adminToken(app)).token;
  });
  afterAll(() => app.close());

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const password = (email: string) => app.http.post('/api/admin/login').send({ email, password: PASSWORD });
  const second = (challenge: string, code: string) => app.http.post('/api/admin/login/two-factor').send({ challenge, code });

  it('is set up from the console: QR code rendered locally, secret stored encrypted, 10 recovery codes shown once', async () => {
    const admin = await createUser(app.db, { role: 'admin' });
    const token = (await password(admin.email).expect(200)).body.token as string;
    expect((await app.http.get('/api/admin/two-factor').set(as(token)).expect(200)).body).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });

    const setup = await app.http.post('/api/admin/two-factor/setup').set(as(token)).expect(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.*[?&]secret=[A-Z2-7]+&algorithm=SHA1&digits=6&period=30$/);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
    const [stored] = await app.db.query('SELECT pending_secret_encrypted FROM admin_two_factor WHERE user_id = $1', [admin.id]);
    expect(stored.pending_secret_encrypted).not.toContain(setup.body.secret);

    const wrong = await app.http.post('/api/admin/two-factor/confirm').set(as(token)).send({ code: '000000' }).expect(400);
    expect(wrong.body.errors.code).toMatch(/not right/);
    const confirmed = await app.http
      .post('/api/admin/two-factor/confirm')
      .set(as(token))
      .send({ code: codeFor(setup.body.secret) })
      .expect(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    for (const code of confirmed.body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hashes = await app.db.query('SELECT encode(code_hash, $2) AS h FROM admin_recovery_codes WHERE user_id = $1', [admin.id, 'hex']);
    expect(hashes).toHaveLength(10);
    expect(JSON.stringify(hashes)).not.toContain(confirmed.body.recoveryCodes[0].replace('-', ''));
    expect((await app.http.get('/api/admin/two-factor').set(as(token)).expect(200)).body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const [audit] = await app.db.query(`SELECT summary FROM audit_log WHERE resource = 'two-factor' AND resource_id = $1`, [admin.id]);
    expect(audit.summary).toBe(`Set up two-factor sign-in for ${admin.email}`);

    // From now on the password gives a challenge, not a session.
    const challenged = await password(admin.email).expect(200);
    expect(challenged.body).toEqual({
      twoFactorRequired: true,
      enrolmentRequired: false,
      challenge: expect.stringMatching(/^[\w-]{43}$/),
      expiresInSeconds: 300,
    });
    expect(challenged.body.token).toBeUndefined();
    await app.http.get('/api/admin/users').set(as(challenged.body.challenge)).expect(401);

    const wrongCode = await second(challenged.body.challenge, '123456').expect(401);
    expect(wrongCode.body.message).toMatch(/That code is not right/);
    const next = codeFor(setup.body.secret, 1);
    const signedIn = await second(challenged.body.challenge, next).expect(200);
    await app.http.get('/api/admin/users').set(as(signedIn.body.token)).expect(200);
    await second(challenged.body.challenge, next).expect(401);

    // The same code, replayed on a new sign-in within its window, is refused.
    const again = await password(admin.email).expect(200);
    expect((await second(again.body.challenge, next).expect(401)).body.message).toMatch(/That code is not right/);

    // A recovery code works once.
    const recovery = confirmed.body.recoveryCodes[3].toUpperCase();
    await second(again.body.challenge, recovery).expect(200);
    const third = await password(admin.email).expect(200);
    await second(third.body.challenge, recovery).expect(401);
    expect((await app.http.get('/api/admin/two-factor').set(as(signedIn.body.token)).expect(200)).body.recoveryCodesLeft).toBe(9);
  });

  it('with the Security setting on, sends an admin without an authenticator to enrolment, and gives no session until it is done', async () => {
    await app.http.put('/api/admin/settings/security').set(as(owner)).send({ twoFactorEnabled: true }).expect(200);
    try {
      const admin = await createUser(app.db, { role: 'admin' });
      const first = await password(admin.email).expect(200);
      expect(first.body).toMatchObject({ twoFactorRequired: true, enrolmentRequired: true });
      const setup = await app.http.post('/api/admin/login/two-factor/setup').send({ challenge: first.body.challenge }).expect(200);
      expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
      await second(first.body.challenge, '000000').expect(401);
      const done = await second(first.body.challenge, codeFor(setup.body.secret)).expect(200);
      expect(done.body.recoveryCodes).toHaveLength(10);
      const me = await app.http.get('/api/auth/me').set(as(done.body.token)).expect(200);
      expect(me.body.session.kind).toBe('admin');
      // A learner's sign-in is not affected.
      const learner = await createUser(app.db);
      await app.http.post('/api/auth/login').send({ email: learner.email, password: PASSWORD }).expect(200);
    } finally {
      await app.http.put('/api/admin/settings/security').set(as(owner)).send({ twoFactorEnabled: false }).expect(200);
    }
  });

  it('counts wrong codes against the sign-in limit', async () => {
    await app.http.put('/api/admin/settings/security').set(as(owner)).send({ twoFactorEnabled: true }).expect(200);
    try {
      const admin = await createUser(app.db, { role: 'admin' });
      const { challenge } = (await password(admin.email).expect(200)).body;
      const setup = await app.http.post('/api/admin/login/two-factor/setup').send({ challenge }).expect(200);
      for (let i = 0; i < 5; i++) await second(challenge, `00000${i}`).expect(401);
      const blocked = await second(challenge, codeFor(setup.body.secret));
      expect(blocked.status).toBe(429);
      await password(admin.email).expect(429);
    } finally {
      await app.http.put('/api/admin/settings/security').set(as(owner)).send({ twoFactorEnabled: false }).expect(200);
    }
  });

  it('is reset by another administrator (audited), never by the admin alone', async () => {
    const lost = await createUser(app.db, { role: 'admin' });
    const token = (await password(lost.email).expect(200)).body.token as string;
    const setup = await app.http.post('/api/admin/two-factor/setup').set(as(token)).expect(200);
    await app.http
      .post('/api/admin/two-factor/confirm')
      .set(as(token))
      .send({ code: codeFor(setup.body.secret) })
      .expect(200);

    const self = await app.http.delete(`/api/admin/users/${lost.id}/two-factor`).set(as(token)).expect(400);
    expect(self.body.message).toMatch(/Another administrator must reset/);
    await app.http.delete(`/api/admin/users/${lost.id}/two-factor`).set(as(owner)).expect(200);
    const [audit] = await app.db.query(`SELECT summary FROM audit_log WHERE resource = 'two-factor' AND summary LIKE 'Reset%' AND resource_id = $1`, [lost.id]);
    expect(audit.summary).toBe(`Reset two-factor sign-in of ${lost.email}`);
    expect((await password(lost.email).expect(200)).body.token).toBeDefined();
    await app.http.delete(`/api/admin/users/${lost.id}/two-factor`).set(as(owner)).expect(404);
  });

  it('is reset from the server command line when no other administrator can (npm run admin:create -- --reset-2fa EMAIL)', async () => {
    const alone = await createUser(app.db, { role: 'admin' });
    const token = (await password(alone.email).expect(200)).body.token as string;
    const setup = await app.http.post('/api/admin/two-factor/setup').set(as(token)).expect(200);
    await app.http
      .post('/api/admin/two-factor/confirm')
      .set(as(token))
      .send({ code: codeFor(setup.body.secret) })
      .expect(200);
    expect((await password(alone.email).expect(200)).body.twoFactorRequired).toBe(true);

    const lines: string[] = [];
    expect(await resetTwoFactor(app.env.DATABASE_URL, alone.email.toUpperCase(), (l) => lines.push(l))).toBe(0);
    expect(lines).toEqual([`Two-factor sign-in of ${alone.email} is reset: they set it up again at their next sign-in.`]);
    expect((await password(alone.email).expect(200)).body.token).toBeDefined();
    const [audit] = await app.db.query(
      `SELECT actor_email, summary FROM audit_log WHERE resource = 'two-factor' AND resource_id = $1 AND summary LIKE 'Reset%'`,
      [alone.id],
    );
    expect(audit).toEqual({ actor_email: 'cli', summary: `Reset two-factor sign-in of ${alone.email} from the server command line` });
    expect(await resetTwoFactor(app.env.DATABASE_URL, 'nobody@example.com', () => undefined)).toBe(1);
  });

  it('refuses an expired or made-up challenge', async () => {
    await second('x'.repeat(43), '123456').expect(401);
    await app.http.post('/api/admin/login/two-factor').send({ challenge: '', code: '123456' }).expect(400);
  });
});

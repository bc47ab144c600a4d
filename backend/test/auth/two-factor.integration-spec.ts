import { resetTwoFactor } from '../../src/modules/auth/two-factor/reset-two-factor';
import { adminWithTwoFactor, codeFor } from '../factories/two-factor.factory';
import { createUser, login, PASSWORD } from '../factories/users.factory';
import { capturedMail } from '../support/mailbox';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

/**
 * Administrators' two-factor sign-in: TOTP (RFC 6238) and single-use
 * recovery codes. With the Security setting on, a password alone never
 * gives an admin session.
 */
describe('admin two-factor sign-in', () => {
  let app: TestApp;
  let owner: string;

  beforeAll(async () => {
    // TRUST_PROXY: the attacks below come from several client addresses (X-Forwarded-For sets req.ip).
    app = await startTestApp({ worker: true, env: { LOGIN_WINDOW_SECONDS: '2', TRUST_PROXY: 'true' } });
    // The owner turns the Security setting on and off: only a session that passed a second factor may require it.
    owner = (await adminWithTwoFactor(app)).token;
    await app.http.put('/api/admin/settings/general').set(as(owner)).send({ adminEmail: 'owner@two-factor.test' }).expect(200);
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

    // Setting it up asks for the password again: a session alone (a token left on a shared computer) cannot.
    const noPassword = await app.http.post('/api/admin/two-factor/setup').set(as(token)).send({}).expect(400);
    expect(noPassword.body.errors.password).toBe('Enter your password');
    const wrongPassword = await app.http.post('/api/admin/two-factor/setup').set(as(token)).send({ password: 'Not-the-password1' }).expect(400);
    expect(wrongPassword.body.errors.password).toBe('Your password is not right');
    expect(await app.db.query('SELECT 1 FROM admin_two_factor WHERE user_id = $1', [admin.id])).toHaveLength(0);
    const setup = await app.http.post('/api/admin/two-factor/setup').set(as(token)).send({ password: PASSWORD }).expect(200);
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
    // The answer carries a session that passed the second factor; the one it replaces has ended.
    await app.http.get('/api/admin/users').set(as(token)).expect(401);
    const upgraded = confirmed.body.token as string;
    await app.http.get('/api/admin/users').set(as(upgraded)).expect(200);
    for (const code of confirmed.body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hashes = await app.db.query('SELECT encode(code_hash, $2) AS h FROM admin_recovery_codes WHERE user_id = $1', [admin.id, 'hex']);
    expect(hashes).toHaveLength(10);
    expect(JSON.stringify(hashes)).not.toContain(confirmed.body.recoveryCodes[0].replace('-', ''));
    expect((await app.http.get('/api/admin/two-factor').set(as(upgraded)).expect(200)).body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
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

  it('caps wrong codes per account whatever the addresses: the password re-entered from 3 addresses, 60 wrong codes, at most 5 checked', async () => {
    const target = await adminWithTwoFactor(app);
    const from = (i: number) => ({ 'x-forwarded-for': `203.0.113.${10 + (i % 3)}` });
    const answers: number[] = [];
    for (let round = 0; round < 15; round++) {
      // The attacker knows the password: each round signs in again (from another address) and tries 4 codes.
      const signedIn = await app.http.post('/api/admin/login').set(from(round)).send({ email: target.user.email, password: PASSWORD }).expect(200);
      for (let i = 0; i < 4; i++) {
        const res = await second(signedIn.body.challenge, String(100000 + round * 4 + i)).set(from(round));
        answers.push(res.status);
      }
    }
    const checked = answers.filter((s) => s === 401).length;
    const refused = answers.filter((s) => s === 429).length;
    expect(answers).toHaveLength(60);
    expect(checked).toBeLessThanOrEqual(5);
    expect(checked + refused).toBe(60);

    // Locked: a right code is not checked either, from any address.
    const challenge = (await app.http.post('/api/admin/login').set(from(1)).send({ email: target.user.email, password: PASSWORD }).expect(200)).body.challenge;
    const locked = await second(challenge, codeFor(target.secret, 1)).set(from(2)).expect(429);
    expect(locked.body.message).toMatch(/Too many wrong codes for this account/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);

    // The administrators hear of it (audit trail, and a system alert mail).
    const [audit] = await app.db.query(`SELECT actor_email, summary FROM audit_log WHERE action = 'lock-two-factor' AND resource_id = $1`, [target.user.id]);
    expect(audit.actor_email).toBe('security');
    expect(audit.summary).toContain(`Two-factor sign-in of ${target.user.email} locked for 15 minutes`);
    const alert = await eventually(async () => capturedMail(app).find((m) => m.to === 'owner@two-factor.test' && /Two-factor sign-in locked/.test(m.subject)), {
      what: 'the lock alert',
    });
    expect(alert.text).toContain(target.user.email);
  });

  describe('with short locks and a minute-long sign-in window', () => {
    let short: TestApp;
    beforeAll(async () => {
      short = await startTestApp({ env: { TWO_FACTOR_MAX_FAILURES: '2', TWO_FACTOR_LOCK_SECONDS: '1', LOGIN_WINDOW_SECONDS: '60' } });
    });
    afterAll(() => short.close());
    const challengeFor = async (email: string) =>
      (await short.http.post('/api/admin/login').send({ email, password: PASSWORD }).expect(200)).body.challenge as string;
    const code = (c: string, value: string) => short.http.post('/api/admin/login/two-factor').send({ challenge: c, code: value });

    it('locks longer at each new series of wrong codes, and a whole sign-in starts the account afresh', async () => {
      const target = await adminWithTwoFactor(short);
      const c1 = await challengeFor(target.user.email);
      await code(c1, '111111').expect(401);
      await code(c1, '111112').expect(401);
      expect(Number((await code(c1, '111113').expect(429)).headers['retry-after'])).toBe(1);
      await new Promise((r) => setTimeout(r, 1100));
      const c2 = await challengeFor(target.user.email);
      await code(c2, '111114').expect(401);
      await code(c2, '111115').expect(401);
      // The second lock of the day lasts twice the first.
      expect(Number((await code(c2, '111116').expect(429)).headers['retry-after'])).toBe(2);
      await new Promise((r) => setTimeout(r, 2100));
      await code(await challengeFor(target.user.email), codeFor(target.secret, 1)).expect(200);
      // Afresh: two wrong codes are checked again.
      const c3 = await challengeFor(target.user.email);
      await code(c3, '111117').expect(401);
      await code(c3, '111118').expect(401);
    });

    it('clears the password failures only when the whole sign-in succeeds, not at the password step', async () => {
      const target = await adminWithTwoFactor(short);
      const wrong = (i: number) => short.http.post('/api/admin/login').send({ email: target.user.email, password: `Wrong-${i}-aA` });
      for (let i = 0; i < 4; i++) await wrong(i).expect(401);
      // A right password (the second factor still to come) does not wipe the 4 failures: one more wrong one is the 5th.
      await challengeFor(target.user.email);
      await wrong(5).expect(401);
      await short.http.post('/api/admin/login').send({ email: target.user.email, password: PASSWORD }).expect(429);
    });
  });

  it('ends every admin session that has no second factor once it is required, and refuses to require it from such a session', async () => {
    const plain = await createUser(app.db, { role: 'admin' });
    const plainToken = await login(app, plain, 'admin');
    const refused = await app.http.put('/api/admin/settings/security').set(as(plainToken)).send({ twoFactorEnabled: true }).expect(400);
    expect(refused.body.errors.twoFactorEnabled).toMatch(/Set up two-factor authentication for your own account first/);
    await app.http.get('/api/admin/users').set(as(plainToken)).expect(200);

    await app.http.put('/api/admin/settings/security').set(as(owner)).send({ twoFactorEnabled: true }).expect(200);
    try {
      const ended = await app.http.get('/api/admin/users').set(as(plainToken)).expect(401);
      expect(ended.body.message).toBe('Two-factor sign-in is now required for administrators. Please sign in again.');
      await app.http.post('/api/admin/session/refresh').set(as(plainToken)).expect(401);
      await app.http.get('/api/admin/users').set(as(owner)).expect(200);
    } finally {
      await app.http.put('/api/admin/settings/security').set(as(owner)).send({ twoFactorEnabled: false }).expect(200);
    }
  });

  it('is reset by another administrator who confirms it is them (audited, the target signed out everywhere), never by the admin alone', async () => {
    const lost = await adminWithTwoFactor(app);
    const theirSession = lost.token;

    const self = await app.http.post(`/api/admin/users/${lost.user.id}/two-factor/reset`).set(as(lost.token)).send({ password: PASSWORD }).expect(400);
    expect(self.body.message).toMatch(/Another administrator must reset/);
    // Without re-authenticating, a hijacked admin session cannot turn off a colleague's second factor.
    const bare = await app.http.post(`/api/admin/users/${lost.user.id}/two-factor/reset`).set(as(owner)).send({}).expect(400);
    expect(bare.body.errors.password).toMatch(/Enter your password/);
    await app.http.post(`/api/admin/users/${lost.user.id}/two-factor/reset`).set(as(owner)).send({ password: 'Wrong-pass1' }).expect(400);
    await app.http.post(`/api/admin/users/${lost.user.id}/two-factor/reset`).set(as(owner)).send({ code: '000000' }).expect(400);
    expect(await app.db.query('SELECT 1 FROM admin_two_factor WHERE user_id = $1', [lost.user.id])).toHaveLength(1);

    await app.http.post(`/api/admin/users/${lost.user.id}/two-factor/reset`).set(as(owner)).send({ password: PASSWORD }).expect(200);
    const [audit] = await app.db.query(`SELECT summary FROM audit_log WHERE resource = 'two-factor' AND summary LIKE 'Reset%' AND resource_id = $1`, [
      lost.user.id,
    ]);
    expect(audit.summary).toBe(`Reset two-factor sign-in of ${lost.user.email}`);
    await app.http.get('/api/admin/users').set(as(theirSession)).expect(401);
    expect((await password(lost.user.email).expect(200)).body.token).toBeDefined();
    await app.http.post(`/api/admin/users/${lost.user.id}/two-factor/reset`).set(as(owner)).send({ password: PASSWORD }).expect(404);
  });

  it('is reset from the server command line when no other administrator can (npm run admin:create -- --reset-2fa EMAIL)', async () => {
    const { user: alone } = await adminWithTwoFactor(app);
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

import { PinoLogger } from 'nestjs-pino';
import { SettingsService } from '../../src/modules/settings/settings.service';
import { adminToken, createUser, login, type CreatedUser } from '../factories/users.factory';
import { capturedMail, waitForMail } from '../support/mailbox';
import { eventually, startTestApp, type TestApp } from '../support/test-app';
import { closedPort, FakeSmtpServer } from './fake-smtp';

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { iat: number; exp: number };

describe('admin settings API', () => {
  let app: TestApp;
  let admin: string;
  let adminEmail: string;
  let learner: string;
  let learnerUser: CreatedUser;

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
    const signedIn = await adminToken(app);
    admin = signedIn.token;
    adminEmail = signedIn.user.email;
    learnerUser = await createUser(app.db);
    learner = await login(app, learnerUser);
  });
  afterAll(() => app.close());

  const get = () => app.http.get('/api/admin/settings').set('authorization', `Bearer ${admin}`);
  const put = (section: string, body: unknown, token = admin) =>
    app.http
      .put(`/api/admin/settings/${section}`)
      .set('authorization', `Bearer ${token}`)
      .send(body as object);
  const settingsRows = (): Promise<Array<{ section: string; key: string; value: unknown; encrypted: boolean }>> =>
    app.db.query('SELECT section, key, value, encrypted FROM settings ORDER BY section, key');

  it('answers 401 without a token and 403 for a learner on every settings endpoint', async () => {
    const calls = [
      (t?: string) => (t ? app.http.get('/api/admin/settings').set('authorization', `Bearer ${t}`) : app.http.get('/api/admin/settings')),
      (t?: string) => (t ? put('system', { debugMode: true }, t) : app.http.put('/api/admin/settings/system').send({ debugMode: true })),
      (t?: string) =>
        t
          ? app.http.post('/api/admin/settings/test-email').set('authorization', `Bearer ${t}`).send({})
          : app.http.post('/api/admin/settings/test-email').send({}),
    ];
    for (const call of calls) {
      const anonymous = await call();
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ statusCode: 401, error: 'Unauthorized', message: expect.any(String) });
      const asLearner = await call(learner);
      expect(asLearner.status).toBe(403);
      expect(asLearner.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    }
    expect(await settingsRows()).toEqual([]);
  });

  it('returns every section with the spec defaults before anything is saved', async () => {
    const res = await get().expect(200);
    expect(res.body).toEqual({
      general: {
        siteName: expect.any(String),
        siteDescription: expect.any(String),
        adminEmail: expect.any(String),
        timezone: 'UTC',
        language: 'en',
        groupChatUrl: expect.stringMatching(/^https:\/\//),
        supportEmail: '',
        supportUrl: '',
        sellerName: '',
        sellerAddress: expect.stringContaining('Belize'),
        sellerTaxId: '',
        taxRates: '',
      },
      security: { twoFactorEnabled: false, sessionTimeout: 30 },
      notifications: { emailNotifications: true, newUserNotifications: true, courseCompletionNotifications: false, lessonDigest: true, systemAlerts: true },
      system: { maintenanceMode: false, debugMode: false, cacheEnabled: true, backupFrequency: 'daily', backupRetentionDays: 30 },
      payments: {
        cardPublicKey: '',
        cardSecretKey: '',
        cardWebhookSecret: '',
        paypalClientId: '',
        paypalClientSecret: '',
        paypalWebhookId: '',
        currency: 'USD',
        priceUSD: '497.00',
        compareAtUSD: '997.00',
        priceEUR: '497.00',
        compareAtEUR: '997.00',
        priceGBP: '497.00',
        compareAtGBP: '997.00',
        priceCAD: '497.00',
        compareAtCAD: '997.00',
        cryptoApiKey: '',
        cryptoIpnSecret: '',
      },
      affiliates: {
        enabled: true,
        attributionWindowDays: 30,
        attributionModel: 'last_click',
        commissionType: 'percent',
        commissionPercent: 30,
        commissionFixedUSD: '50.00',
        commissionFixedEUR: '50.00',
        commissionFixedGBP: '50.00',
        commissionFixedCAD: '50.00',
        holdDays: 30,
      },
      recovery: { remindersEnabled: true, delayMinutes: 60, secondReminder: true, couponCode: '' },
      email: { smtpHost: '', smtpPort: 587, smtpUsername: '', smtpPassword: '', smtpEncryption: 'tls', fromEmail: '' },
    });
  });

  it('validates each field and answers in the single error shape, saving nothing', async () => {
    for (const sessionTimeout of [4, 481, 'abc', 12.5]) {
      const res = await put('security', { sessionTimeout }).expect(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Session timeout must be between 5 and 480 minutes',
        errors: { sessionTimeout: 'Session timeout must be between 5 and 480 minutes' },
      });
    }
    const many = await put('general', { timezone: 'Mars', language: 'xx', adminEmail: 'nope', unknownField: 1 }).expect(400);
    expect(Object.keys(many.body.errors).sort()).toEqual(['adminEmail', 'language', 'timezone', 'unknownField']);
    expect(many.body.errors.adminEmail).toBe('Please enter a valid email address');
    expect((await put('email', { smtpPort: 70000, smtpEncryption: 'starttls' }).expect(400)).body.errors).toEqual({
      smtpPort: 'SMTP port must be between 1 and 65535',
      smtpEncryption: 'Encryption must be one of tls, ssl, none',
    });
    expect((await put('system', { maintenanceMode: 'yes' }).expect(400)).body.errors).toEqual({ maintenanceMode: 'Maintenance mode must be on or off' });
    expect((await put('payments', { currency: 'JPY' }).expect(400)).body.errors).toEqual({ currency: 'Currency must be one of USD, EUR, GBP, CAD' });
    expect((await put('nonsense', {}).expect(404)).body).toMatchObject({ statusCode: 404, message: expect.stringContaining('Unknown settings section') });
    const notObject = await app.http
      .put('/api/admin/settings/general')
      .set('authorization', `Bearer ${admin}`)
      .set('content-type', 'application/json')
      .send('[1,2]');
    expect(notObject.status).toBe(400);
    expect(await settingsRows()).toEqual([]);
    const boundaries = await put('security', { sessionTimeout: 480 }).expect(200);
    expect(boundaries.body).toEqual({ twoFactorEnabled: false, sessionTimeout: 480 });
    await put('security', { sessionTimeout: 30 }).expect(200);
  });

  it('encrypts secrets at rest and never returns them; a masked or empty value keeps them, null removes them', async () => {
    const secrets = { cryptoApiKey: 'np-live-KEY-0001', cryptoIpnSecret: 'ipn-S3CRET-0002', cardSecretKey: 'sk_live_CARD_0003' };
    const saved = await put('payments', { ...secrets, cardPublicKey: 'pk_live_public', currency: 'EUR' }).expect(200);
    expect(saved.body).toEqual({
      cardPublicKey: 'pk_live_public',
      cardSecretKey: '********',
      cardWebhookSecret: '',
      paypalClientId: '',
      paypalClientSecret: '',
      paypalWebhookId: '',
      currency: 'EUR',
      priceUSD: '497.00',
      compareAtUSD: '997.00',
      priceEUR: '497.00',
      compareAtEUR: '997.00',
      priceGBP: '497.00',
      compareAtGBP: '997.00',
      priceCAD: '497.00',
      compareAtCAD: '997.00',
      cryptoApiKey: '********',
      cryptoIpnSecret: '********',
    });
    await put('email', { smtpPassword: 'smtp-PASSWORD-0004' }).expect(200);

    const all = await get().expect(200);
    expect(all.body.payments).toMatchObject({
      cryptoApiKey: '********',
      cryptoIpnSecret: '********',
      cardSecretKey: '********',
      cardPublicKey: 'pk_live_public',
    });
    expect(all.body.email.smtpPassword).toBe('********');

    const plainTexts = [...Object.values(secrets), 'smtp-PASSWORD-0004'];
    const rows = await settingsRows();
    for (const key of ['cryptoApiKey', 'cryptoIpnSecret', 'cardSecretKey', 'smtpPassword']) expect(rows.find((r) => r.key === key)?.encrypted).toBe(true);
    expect(rows.find((r) => r.key === 'cardPublicKey')).toMatchObject({ value: 'pk_live_public', encrypted: false });
    const everywhere = JSON.stringify([
      rows,
      all.body,
      await app.db.query('SELECT changes, summary FROM audit_log'),
      await app.db.query('SELECT payload FROM outbox_events'),
    ]);
    for (const plain of plainTexts) expect(everywhere).not.toContain(plain);

    // The console sends the section back with the mask, or an empty field: the secret stays.
    await put('payments', { ...all.body.payments, cryptoApiKey: '********', cryptoIpnSecret: '', paypalClientId: 'paypal-client' }).expect(200);
    const service = app.api.get(SettingsService);
    service.clearCache();
    expect(await service.get('payments')).toMatchObject({ ...secrets, paypalClientId: 'paypal-client', currency: 'EUR' });

    const replaced = await put('payments', { cryptoApiKey: 'np-live-KEY-0005', cardSecretKey: null }).expect(200);
    expect(replaced.body).toMatchObject({ cryptoApiKey: '********', cardSecretKey: '' });
    service.clearCache();
    expect(await service.get('payments')).toMatchObject({ cryptoApiKey: 'np-live-KEY-0005', cryptoIpnSecret: secrets.cryptoIpnSecret, cardSecretKey: '' });
    expect(JSON.stringify(await settingsRows())).not.toContain('np-live-KEY-0005');
  });

  it('audits every change with who, what and before/after, and emits settings.updated through the outbox', async () => {
    const [{ n: auditsBefore }] = await app.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE resource = 'settings'`);
    await put('general', { siteName: 'Affiliate Academy Pro', timezone: 'Pacific' }).expect(200);
    const [row] = await app.db.query(`SELECT * FROM audit_log WHERE resource = 'settings' ORDER BY id DESC LIMIT 1`);
    expect(row).toMatchObject({ action: 'update', resource_id: 'general', actor_email: adminEmail, summary: 'Updated general settings: siteName, timezone' });
    expect(row.changes).toEqual({
      before: { siteName: expect.any(String), timezone: 'UTC' },
      after: { siteName: 'Affiliate Academy Pro', timezone: 'Pacific' },
    });
    const [event] = await app.db.query(
      `SELECT aggregate_type, aggregate_id, payload FROM outbox_events WHERE type = 'settings.updated' ORDER BY occurred_at DESC LIMIT 1`,
    );
    expect(event).toEqual({
      aggregate_type: 'settings',
      aggregate_id: 'general',
      payload: { section: 'general', keys: ['siteName', 'timezone'], actorId: expect.any(String) },
    });
    await eventually(
      async () => (await app.db.query(`SELECT published_at FROM outbox_events WHERE type = 'settings.updated' AND published_at IS NULL`)).length === 0,
      { what: 'outbox published' },
    );

    // Saving the same values again is not a change: nothing audited, nothing emitted.
    await put('general', { siteName: 'Affiliate Academy Pro', timezone: 'Pacific' }).expect(200);
    const [{ n: auditsAfter }] = await app.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE resource = 'settings'`);
    const [{ n: updates }] = await app.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = 'settings.updated' AND aggregate_id = 'general'`);
    expect(auditsAfter).toBe(auditsBefore + 1);
    expect(updates).toBe(1);

    // The audit list shows it to the console, secrets redacted.
    const list = await app.http
      .get('/api/admin/audit-log')
      .query({ filter: JSON.stringify({ resource: 'settings' }) })
      .set('authorization', `Bearer ${admin}`)
      .expect(200);
    expect(list.body.map((r: { resourceId: string }) => r.resourceId)).toEqual(expect.arrayContaining(['general', 'payments', 'email']));
    expect(JSON.stringify(list.body)).not.toMatch(/np-live|ipn-S3CRET|sk_live_CARD|smtp-PASSWORD/);
  });

  it('uses the General site name and description in the public configuration of both apps', async () => {
    await put('general', { siteName: 'Growth Lab', siteDescription: 'Learn to grow.' }).expect(200);
    const res = await app.http.get('/api/public-config').expect(200);
    expect(res.body).toMatchObject({ siteName: 'Growth Lab', siteDescription: 'Learn to grow.' });
  });

  it('maintenance mode answers learner calls with 503 and a message while admins keep working', async () => {
    await app.http.get('/api/courses').expect(200);
    await put('system', { maintenanceMode: true }).expect(200);
    try {
      const blocked = await app.http.get('/api/courses').set('authorization', `Bearer ${learner}`).expect(503);
      expect(blocked.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable', message: expect.stringMatching(/maintenance/i) });
      // An anonymous visitor gets the same, even for a response the cache holds.
      expect((await app.http.get('/api/courses').expect(503)).body.message).toMatch(/maintenance/i);
      expect((await app.http.get('/api/public-config').expect(200)).body.maintenanceMode).toBe(true);
      await app.http.get('/api/admin/settings').set('authorization', `Bearer ${admin}`).expect(200);
      await app.http.get('/api/courses').set('authorization', `Bearer ${admin}`).expect(200);
      await login(app, { email: adminEmail, password: 'Passw0rd!' }, 'admin');
      // A learner cannot sign in meanwhile: the right password answers the maintenance page, not a session.
      const refused = await app.http.post('/api/auth/login').send({ email: learnerUser.email, password: learnerUser.password }).expect(503);
      expect(refused.body).toMatchObject({ code: 'MAINTENANCE', message: expect.stringMatching(/maintenance/i) });
      expect(refused.body.token).toBeUndefined();
      // A wrong password is still just wrong (nothing about the account is revealed).
      await app.http.post('/api/auth/login').send({ email: learnerUser.email, password: 'Wrong-pass-1!' }).expect(401);
    } finally {
      await put('system', { maintenanceMode: false }).expect(200);
    }
    await app.http.post('/api/auth/login').send({ email: learnerUser.email, password: learnerUser.password }).expect(200);
    await app.http.get('/api/courses').set('authorization', `Bearer ${learner}`).expect(200);
  });

  it('gives new admin tokens the Security session timeout (5 minutes)', async () => {
    await put('security', { sessionTimeout: 5 }).expect(200);
    try {
      const { token } = await adminToken(app);
      const claims = claimsOf(token);
      expect(claims.exp - claims.iat).toBe(5 * 60);
      const me = await app.http.get('/api/auth/me').set('authorization', `Bearer ${token}`).expect(200);
      const left = Date.parse(me.body.session.expiresAt) - Date.now();
      expect(left).toBeGreaterThan(4 * 60_000);
      expect(left).toBeLessThanOrEqual(5 * 60_000);
    } finally {
      await put('security', { sessionTimeout: 30 }).expect(200);
    }
    const { token } = await adminToken(app);
    expect(claimsOf(token).exp - claimsOf(token).iat).toBe(30 * 60);
  });

  it('debug mode switches the instance to debug logging, and back to LOG_LEVEL', async () => {
    // Every instance applies the change when it hears of it (at once here, through Redis elsewhere).
    const level = (expected: string) => eventually(async () => PinoLogger.root.level === expected, { what: `log level ${expected}` });
    await level(app.env.LOG_LEVEL);
    await put('system', { debugMode: true }).expect(200);
    try {
      await level('debug');
    } finally {
      await put('system', { debugMode: false }).expect(200);
    }
    await level(app.env.LOG_LEVEL);
  });

  it('sends a test email through the notifications queue to the admin email (captured locally)', async () => {
    await put('general', { adminEmail: 'owner@academy.test' }).expect(200);
    const res = await app.http.post('/api/admin/settings/test-email').set('authorization', `Bearer ${admin}`).send({}).expect(200);
    expect(res.body).toEqual({ success: true, message: 'Test email sent to owner@academy.test' });
    const mail = await waitForMail(app, 'owner@academy.test', 'test');
    expect(mail.subject).toBe('Growth Lab: test email');
    const [audit] = await app.db.query(`SELECT action, actor_email, summary FROM audit_log WHERE action = 'test-email'`);
    expect(audit).toEqual({ action: 'test-email', actor_email: adminEmail, summary: 'Sent a test email to owner@academy.test' });
  });

  describe('with an SMTP server in the Email settings', () => {
    const smtp = new FakeSmtpServer();
    let port: number;
    beforeAll(async () => {
      port = await smtp.start();
    });
    afterAll(async () => {
      await put('email', { smtpHost: '' });
      await smtp.stop();
    });

    it('sends through that server with the saved credentials instead of the local capture', async () => {
      const capturedBefore = capturedMail(app).length;
      await put('email', {
        smtpHost: '127.0.0.1',
        smtpPort: port,
        smtpUsername: 'mailer',
        smtpPassword: 'smtp-relay-pw',
        smtpEncryption: 'none',
        fromEmail: 'hello@academy.test',
      }).expect(200);
      const res = await app.http.post('/api/admin/settings/test-email').set('authorization', `Bearer ${admin}`).send({}).expect(200);
      expect(res.body.success).toBe(true);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({ auth: { user: 'mailer', pass: 'smtp-relay-pw' }, from: 'hello@academy.test', to: ['owner@academy.test'] });
      expect(smtp.received[0].data).toContain('Subject: Growth Lab: test email');
      expect(capturedMail(app)).toHaveLength(capturedBefore);
    });

    it("answers the mail server's error when the test email cannot be sent", async () => {
      await put('email', { smtpHost: '127.0.0.1', smtpPort: await closedPort(), smtpEncryption: 'none' }).expect(200);
      const res = await app.http.post('/api/admin/settings/test-email').set('authorization', `Bearer ${admin}`).send({});
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({
        statusCode: 502,
        error: 'Bad Gateway',
        message: expect.stringMatching(/^The test email to owner@academy.test could not be sent: .*ECONNREFUSED/),
      });
    });
  });

  it('saves a cleared optional text (sent as null, as the console does) as not set, and refuses to clear a required one', async () => {
    const general = { supportUrl: 'https://help.example.com', supportEmail: 'help@example.com', sellerName: 'Academy Ltd' };
    await put('general', general).expect(200);
    await put('email', { smtpHost: 'smtp.example.com' }).expect(200);

    const cleared = await put('general', { ...general, supportUrl: null, supportEmail: null, sellerName: null }).expect(200);
    expect(cleared.body).toMatchObject({ supportUrl: '', supportEmail: '', sellerName: '' });
    expect((await put('email', { smtpHost: null, smtpPort: 587 }).expect(200)).body).toMatchObject({ smtpHost: '', smtpPort: 587 });
    const stored = (await get().expect(200)).body;
    expect(stored.general).toMatchObject({ supportUrl: '', supportEmail: '', sellerName: '' });
    expect(stored.email.smtpHost).toBe('');

    const required = await put('general', { siteName: null, supportUrl: 'https://help.example.com' }).expect(400);
    expect(required.body).toMatchObject({ statusCode: 400, message: 'Site name is required', errors: { siteName: 'Site name is required' } });
    expect((await get().expect(200)).body.general).toMatchObject({ siteName: stored.general.siteName, supportUrl: '' });
  });
});

import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { restoreBackup } from '../../src/modules/ops';
import { createCourse } from '../factories/courses.factory';
import { buy } from '../factories/payments.factory';
import { adminToken, createUser, PASSWORD } from '../factories/users.factory';
import { binary } from '../support/http';
import { dropDatabase } from '../support/services';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

const LEARNER_PASSWORD = 'Restore-Me-2026!';

/**
 * Backup -> restore round trip, in the default set-up's conditions: no
 * pg_dump matching the server (PG_DUMP_PATH points nowhere), so the worker
 * uses the built-in exporter. The backup is taken through the console's API
 * from a populated database, restored into a fresh database with the restore
 * command's code, and the product is started on it.
 */
describe('backup and restore', () => {
  let app: TestApp;
  let restored: TestApp | undefined;
  const restoredDb = `cp_restored_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    app = await startTestApp({ worker: true, env: { PG_DUMP_PATH: '/nonexistent/bin/pg_dump' } });
  });
  afterAll(async () => {
    await restored?.close();
    await dropDatabase(restoredDb);
    await app.close();
  });

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function backupThroughTheConsole(admin: string): Promise<{ body: Record<string, unknown>; file: string }> {
    const started = await app.http.post('/api/admin/backups').set(bearer(admin)).send({}).expect(202);
    const id = started.body.backup.id as string;
    const done = await eventually(
      async () => {
        const res = await app.http.get(`/api/admin/backups/${id}`).set(bearer(admin)).expect(200);
        if (res.body.status === 'failed') throw new Error(`backup failed: ${res.body.error}`);
        return res.body.status === 'completed' ? (res.body as Record<string, unknown>) : null;
      },
      { timeoutMs: 60_000, what: 'backup completed' },
    );
    const download = await binary(app.http.get(done.downloadUrl as string).set(bearer(admin))).expect(200);
    const file = join(app.dataDir, done.name as string);
    writeFileSync(file, download.body as Buffer);
    return { body: done, file };
  }

  it('restores the same users, payments, progress and settings into a fresh database, and the product runs on it', async () => {
    const { token: admin } = await adminToken(app);
    const plain = await createUser(app.db, { name: 'Plain Learner' });
    const paid = await buy(app);
    const account = await app.http
      .post('/api/auth/create-account')
      .send({ email: paid.email, password: LEARNER_PASSWORD, paymentId: paid.paymentId, claimSecret: paid.claimSecret })
      .expect(200);
    const learner = account.body.token as string;
    const course = await createCourse(app.db, { title: 'Restorable Course', lessons: [{ title: 'One' }, { title: 'Two' }] });
    await app.http.post(`/api/courses/${course.id}/lessons/${course.lessonIds[0]}/complete`).set(bearer(learner)).send({}).expect(200);
    await app.http.put('/api/admin/settings/general').set(bearer(admin)).send({ siteName: 'Restored Academy', timezone: 'Pacific' }).expect(200);
    await app.http.put('/api/admin/settings/email').set(bearer(admin)).send({ smtpHost: 'smtp.example.com', smtpPassword: 'smtp-secret-1' }).expect(200);

    const before = {
      users: await app.db.query(`SELECT id, email, name, role, status, plan, password_hash FROM users ORDER BY email`),
      payments: await app.db.query(`SELECT id, email, amount::text, currency, state, claimed_by_user_id FROM payments ORDER BY id`),
      entitlements: await app.db.query(`SELECT payment_id, user_id, revoked_at FROM entitlements ORDER BY payment_id`),
      progress: await app.db.query(`SELECT user_id, lesson_id, completed_at FROM lesson_progress ORDER BY user_id, lesson_id`),
      settings: (await app.http.get('/api/admin/settings').set(bearer(admin)).expect(200)).body,
    };
    expect(before.progress).toHaveLength(1);

    const { body: backup, file } = await backupThroughTheConsole(admin);
    expect(backup).toMatchObject({ method: 'built-in', name: expect.stringMatching(/^backup-\d{8}-\d{6}-[0-9a-f]{8}\.json\.gz$/) });
    expect(backup.note).toContain('No pg_dump for PostgreSQL');
    expect(backup.size).toBe(readFileSync(file).length);

    const result = await restoreBackup({ databaseUrl: app.env.DATABASE_URL, file, database: restoredDb });
    expect(result.database).toBe(restoredDb);
    restored = await startTestApp({
      env: { DATABASE_URL: result.url, SETTINGS_ENCRYPTION_KEY: app.env.SETTINGS_ENCRYPTION_KEY, JWT_SECRET: app.env.JWT_SECRET },
    });
    const db = restored.db;
    expect(await db.query(`SELECT current_database() AS name`)).toEqual([{ name: restoredDb }]);
    expect(await db.query(`SELECT id, email, name, role, status, plan, password_hash FROM users ORDER BY email`)).toEqual(before.users);
    expect(await db.query(`SELECT id, email, amount::text, currency, state, claimed_by_user_id FROM payments ORDER BY id`)).toEqual(before.payments);
    expect(await db.query(`SELECT payment_id, user_id, revoked_at FROM entitlements ORDER BY payment_id`)).toEqual(before.entitlements);
    expect(await db.query(`SELECT user_id, lesson_id, completed_at FROM lesson_progress ORDER BY user_id, lesson_id`)).toEqual(before.progress);

    // The product runs on it: people sign in with their passwords, see their progress and settings, and new rows get fresh ids.
    const http = restored.http;
    const relogin = await http.post('/api/auth/login').send({ email: paid.email, password: LEARNER_PASSWORD }).expect(200);
    expect(relogin.body.user).toMatchObject({ email: paid.email, hasAccess: true, plan: 'lifetime' });
    await http.post('/api/auth/login').send({ email: plain.email, password: PASSWORD }).expect(200);
    const viewed = await http.get(`/api/courses/${course.id}`).set(bearer(relogin.body.token)).expect(200);
    expect(viewed.body.course.lessons.map((l: { title: string; completed: boolean }) => [l.title, l.completed])).toEqual([
      ['One', true],
      ['Two', false],
    ]);
    const restoredAdmin = (await adminToken(restored)).token;
    expect((await http.get('/api/admin/settings').set(bearer(restoredAdmin)).expect(200)).body).toEqual(before.settings);
    expect(before.settings.email.smtpPassword).toBe('********');
    const payments = await http.get('/api/admin/payments').set(bearer(restoredAdmin)).expect(200);
    expect(payments.body.map((p: { id: string }) => p.id)).toContain(paid.paymentId);
    const created = await http
      .post('/api/admin/courses')
      .set(bearer(restoredAdmin))
      .send({ title: 'After the restore', description: 'New', instructor: 'Ada', duration: '1h 0m', totalLessons: 0, lessons: [] })
      .expect(201);
    expect(created.body.id).toBeGreaterThan(course.id);
  }, 180_000);

  it('refuses a cut-off backup and leaves no database behind', async () => {
    const { token: admin } = await adminToken(app);
    const { file } = await backupThroughTheConsole(admin);
    const bytes = readFileSync(file);
    const cut = join(app.dataDir, 'cut.json.gz');
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const name = `cp_cut_${randomBytes(4).toString('hex')}`;
    await expect(restoreBackup({ databaseUrl: app.env.DATABASE_URL, file: cut, database: name })).rejects.toThrow(
      'The backup is damaged or incomplete (unexpected end of file): nothing was restored',
    );
    const left = await app.db.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
    expect(left).toEqual([]);
    await expect(restoreBackup({ databaseUrl: app.env.DATABASE_URL, file: join(app.dataDir, 'nothing-here.json.gz'), database: name })).rejects.toThrow(
      /ENOENT/,
    );
    writeFileSync(join(app.dataDir, 'not-a-backup.txt'), 'hello');
    await expect(restoreBackup({ databaseUrl: app.env.DATABASE_URL, file: join(app.dataDir, 'not-a-backup.txt'), database: name })).rejects.toThrow(
      'is not a backup of this product',
    );
  }, 120_000);
});

import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source';
import { restoreBackup } from '../../src/modules/ops';
import { loadLogicalBackup, writeLogicalBackup } from '../../src/modules/ops/backups/logical-backup';
import { createCourse } from '../factories/courses.factory';
import { buy } from '../factories/payments.factory';
import { adminToken, createUser, PASSWORD } from '../factories/users.factory';
import { binary } from '../support/http';
import { databaseUrl, dropDatabase } from '../support/services';
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
      .send({ email: paid.email, name: 'Restored Learner', password: LEARNER_PASSWORD, paymentId: paid.paymentId, claimSecret: paid.claimSecret })
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

  describe('a restore reads what it was given', () => {
    const scratchDb = `cp_scratch_${randomBytes(4).toString('hex')}`;
    let scratch: DataSource;
    let good: string;
    const pause = () => new Promise<void>((r) => setTimeout(r, randomInt(20, 120)));
    const usersIn = async (db: DataSource) => (await db.query(`SELECT email FROM users ORDER BY email`)).map((r: { email: string }) => r.email) as string[];
    /** The backup's lines, changed by `edit`, gzip'd again: a file whose gzip is sound but whose content is not what was written. */
    const rewritten = (name: string, edit: (lines: string[]) => string[]) => {
      const lines = gunzipSync(readFileSync(good)).toString('utf8').split('\n').filter(Boolean);
      const file = join(app.dataDir, name);
      writeFileSync(file, gzipSync(`${edit(lines).join('\n')}\n`));
      return file;
    };

    beforeAll(async () => {
      good = join(app.dataDir, 'good.json.gz');
      await writeLogicalBackup(app.db, good);
      // A database at the backup's schema, holding a restore already: what a refused load must leave as it is.
      await restoreBackup({ databaseUrl: app.env.DATABASE_URL, file: good, database: scratchDb });
      scratch = new DataSource(dataSourceOptions(databaseUrl(scratchDb), 1));
      await scratch.initialize();
    });
    afterAll(async () => {
      await scratch?.destroy();
      await dropDatabase(scratchDb);
    });

    it('restores 50 backups in a row, each with the start of its transaction delayed, and every one is accepted whole', async () => {
      for (let i = 0; i < 50; i++) {
        // Each backup differs from the one before by a learner.
        await createUser(app.db, { email: `restore-${i}-${randomBytes(3).toString('hex')}@example.com`, access: false });
        const file = join(app.dataDir, `run-${i}.json.gz`);
        const written = await writeLogicalBackup(app.db, file);
        const expected = await usersIn(app.db);
        // The file is being read while the transaction opens late: before, the lines read meanwhile were lost ("is not a backup of this product").
        const rows = await loadLogicalBackup(scratch, file, { beforeTransaction: pause });
        expect(rows).toBe(written.rows);
        expect(await usersIn(scratch)).toEqual(expected);
      }
      // The restore command takes the same path (checked whole, then loaded), delayed too.
      const name = `cp_delayed_${randomBytes(4).toString('hex')}`;
      try {
        const result = await restoreBackup({ databaseUrl: app.env.DATABASE_URL, file: good, database: name, beforeLoadTransaction: pause });
        expect(result.rows).toBeGreaterThan(0);
      } finally {
        await dropDatabase(name);
      }
    }, 300_000);

    it('refuses a changed byte, a cut-off file, an altered or removed row and a missing checksum, before changing anything', async () => {
      const bytes = readFileSync(good);
      const flipped = join(app.dataDir, 'flipped.json.gz');
      const changed = Buffer.from(bytes);
      changed[Math.floor(changed.length / 2)] ^= 0x5a;
      writeFileSync(flipped, changed);
      const cut = join(app.dataDir, 'cut-short.json.gz');
      writeFileSync(cut, bytes.subarray(0, bytes.length - 200));
      const firstRow = (lines: string[]) => lines.findIndex((l) => l.startsWith('['));
      const altered = rewritten('altered.json.gz', (lines) => {
        const i = firstRow(lines);
        lines[i] = lines[i].replace(/"[^"]*"/, '"tampered"');
        return lines;
      });
      const removed = rewritten('removed.json.gz', (lines) => lines.filter((_l, i) => i !== firstRow(lines)));
      const unsigned = rewritten('unsigned.json.gz', (lines) => {
        const end = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
        delete end.sha256;
        return [...lines.slice(0, -1), JSON.stringify(end)];
      });
      const before = await usersIn(scratch);
      expect(before.length).toBeGreaterThan(0);
      const cases: Array<[string, RegExp]> = [
        // A flipped byte inside the compressed data is caught by gzip (bad data or CRC) or, when it still inflates, by the line it garbles.
        [flipped, /The backup is damaged( or incomplete)? \(.+\): nothing was restored/],
        [cut, /The backup is damaged or incomplete \(unexpected end of file\): nothing was restored/],
        [altered, /The backup is damaged \(its checksum does not match its content\): nothing was restored/],
        [removed, /The backup is damaged \(it announces \d+ rows, \d+ were read\): nothing was restored/],
        [unsigned, /The backup is damaged \(its checksum is missing\): nothing was restored/],
      ];
      for (const [file, message] of cases) {
        // Into a database that holds data: refused, the data as it was.
        await expect(loadLogicalBackup(scratch, file)).rejects.toThrow(message);
        expect(await usersIn(scratch)).toEqual(before);
        // Through the restore command: refused before any database is created.
        const name = `cp_refused_${randomBytes(4).toString('hex')}`;
        await expect(restoreBackup({ databaseUrl: app.env.DATABASE_URL, file, database: name })).rejects.toThrow(message);
        expect(await app.db.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name])).toEqual([]);
      }
    }, 180_000);

    it('still restores a backup from before the checksum (version 1: gzip CRC, row count and end line checked)', async () => {
      const older = rewritten('version-1.json.gz', (lines) => {
        const header = JSON.parse(lines[0]) as Record<string, unknown>;
        const end = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
        return [JSON.stringify({ ...header, version: 1 }), ...lines.slice(1, -1), JSON.stringify({ end: true, rows: end.rows })];
      });
      const expected = gunzipSync(readFileSync(good))
        .toString('utf8')
        .split('\n')
        .filter((l) => l.startsWith('[')).length;
      expect(await loadLogicalBackup(scratch, older)).toBe(expected);
    });
  });
});

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { restoreBackup } from '../../src/modules/ops';
import { BACKUP_CRON } from '../../src/modules/ops/backups/backups.service';
import { JobHandlers } from '../../src/queue/job-handlers';
import { QueueName } from '../../src/queue/queue-names';
import { QueueService } from '../../src/queue/queue.service';
import { adminToken, createUser, login } from '../factories/users.factory';
import { waitForMail } from '../support/mailbox';
import { databaseUrl, dropDatabase } from '../support/services';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

/** supertest parser keeping a download's bytes. */
const binary = (res: unknown, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  const stream = res as NodeJS.ReadableStream;
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('database backups', () => {
  let app: TestApp;
  let admin: string;
  let learner: string;

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
    admin = (await adminToken(app)).token;
    learner = await login(app, await createUser(app.db));
  });
  afterAll(() => app.close());

  const asAdmin = <T extends { set: (k: string, v: string) => T }>(req: T) => req.set('authorization', `Bearer ${admin}`);

  it('answers 401 without a token and 403 for a learner on every backup endpoint', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      () => app.http.post('/api/admin/backups').send({}),
      () => app.http.get('/api/admin/backups'),
      () => app.http.get(`/api/admin/backups/${id}`),
      () => app.http.get(`/api/admin/backups/${id}/download`),
      () => app.http.delete(`/api/admin/backups/${id}`),
    ];
    for (const call of calls) {
      expect((await call()).status).toBe(401);
      expect((await call().set('authorization', `Bearer ${learner}`)).status).toBe(403);
    }
    expect((await app.db.query('SELECT count(*)::int AS n FROM backups'))[0].n).toBe(0);
  });

  it('runs a pg_dump matching the server in the maintenance queue into a downloadable dump that the restore command restores', async () => {
    const canary = `canary-${randomBytes(4).toString('hex')}@example.com`;
    await createUser(app.db, { email: canary, name: 'Backup Canary' });
    const [{ n: usersAtBackup }] = await app.db.query('SELECT count(*)::int AS n FROM users');

    const started = await asAdmin(app.http.post('/api/admin/backups')).send({}).expect(202);
    expect(started.body).toMatchObject({
      success: true,
      message: expect.stringMatching(/^Backup initiated/),
      backup: { id: expect.any(String), status: 'pending', downloadUrl: null },
    });
    const { id } = started.body.backup;
    const [audit] = await app.db.query(`SELECT action, resource, resource_id FROM audit_log WHERE action = 'backup'`);
    expect(audit).toEqual({ action: 'backup', resource: 'backups', resource_id: id });

    const done = await eventually(
      async () => {
        const res = await asAdmin(app.http.get(`/api/admin/backups/${id}`)).expect(200);
        if (res.body.status === 'failed') throw new Error(`backup failed: ${res.body.error}`);
        return res.body.status === 'completed' ? res.body : null;
      },
      { timeoutMs: 60000, what: 'backup completed' },
    );
    expect(done).toMatchObject({
      id,
      name: expect.stringMatching(/^backup-\d{8}-\d{6}-[0-9a-f]{8}\.dump$/),
      status: 'completed',
      size: expect.any(Number),
      downloadUrl: `/api/admin/backups/${id}/download`,
      error: null,
      method: expect.stringMatching(/^pg_dump \d+\.\d+$/),
      note: null,
    });
    expect(done.size).toBeGreaterThan(1000);

    const list = await asAdmin(app.http.get('/api/admin/backups'))
      .query({ sort: JSON.stringify(['createdAt', 'DESC']), range: '[0,9]' })
      .expect(200);
    expect(list.headers['content-range']).toBe('backups 0-0/1');
    expect(list.body).toEqual([
      expect.objectContaining({ id, name: done.name, size: done.size, status: 'completed', createdAt: expect.any(String), downloadUrl: done.downloadUrl }),
    ]);
    expect((await asAdmin(app.http.get('/api/admin/backups')).query({ sort: '["password","ASC"]' })).status).toBe(400);

    const file = await asAdmin(app.http.get(done.downloadUrl)).buffer(true).parse(binary).expect(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${done.name}"`);
    const dump = file.body as Buffer;
    expect(dump.length).toBe(done.size);
    expect(dump.subarray(0, 5).toString()).toBe('PGDMP');

    const scratch = `cp_restore_${randomBytes(4).toString('hex')}`;
    const path = join(app.dataDir, 'downloaded.dump');
    writeFileSync(path, dump);
    try {
      await restoreBackup({ databaseUrl: app.env.DATABASE_URL, file: path, database: scratch });
      const psql = (sql: string) => execFileSync('psql', ['-At', '-c', sql, databaseUrl(scratch)], { encoding: 'utf8' }).trim();
      expect(psql(`SELECT name FROM users WHERE email = '${canary}'`)).toBe('Backup Canary');
      expect(Number(psql('SELECT count(*) FROM users'))).toBe(usersAtBackup);
      expect(Number(psql('SELECT count(*) FROM schema_migrations'))).toBeGreaterThan(0);
    } finally {
      await dropDatabase(scratch);
    }
  }, 90_000);

  it('schedules backups at the Settings > System backup frequency (daily by default)', async () => {
    const declared = () =>
      app
        .worker!.get(JobHandlers)
        .declaredSchedules()
        .find((spec) => spec.name === 'scheduled-backup');
    expect(declared()).toEqual({ name: 'scheduled-backup', when: { cron: BACKUP_CRON.daily }, data: {} });
    await asAdmin(app.http.put('/api/admin/settings/system')).send({ backupFrequency: 'hourly' }).expect(200);
    try {
      await eventually(async () => (declared()?.when as { cron: string }).cron === '0 * * * *', { what: 'worker re-declared the hourly schedule' });
      // What the worker does with its declarations every minute:
      await app.api.get(QueueService).applySchedule(declared()!);
      const scheduler = await app.api.get(QueueService).queue(QueueName.Maintenance).getJobScheduler('scheduled-backup');
      expect(scheduler).toMatchObject({ pattern: '0 * * * *', tz: 'UTC' });
    } finally {
      await asAdmin(app.http.put('/api/admin/settings/system')).send({ backupFrequency: 'daily' }).expect(200);
      await app.api.get(QueueService).queue(QueueName.Maintenance).removeJobScheduler('scheduled-backup');
    }
  });

  it('runs a scheduled backup, then deletes the backups older than the retention setting (the newest completed one stays)', async () => {
    mkdirSync(join(app.dataDir, 'backups'), { recursive: true });
    const old = async (name: string, daysAgo: number, trigger = 'scheduled') => {
      writeFileSync(join(app.dataDir, 'backups', name), 'old dump');
      await app.db.query(
        `INSERT INTO backups (file_name, trigger, status, size_bytes, created_at) VALUES ($1, $2, 'completed', 8, now() - interval '1 day' * $3::int)`,
        [name, trigger, daysAgo],
      );
    };
    await old('backup-old-40d.dump', 40);
    await old('backup-old-manual-35d.dump', 35, 'manual');
    await old('backup-old-10d.dump', 10);
    const runScheduled = async () => {
      const maintenance = app.api.get(QueueService).queue(QueueName.Maintenance);
      const job = await maintenance.add('scheduled-backup', {});
      await eventually(
        async () => {
          const state = await maintenance.getJobState(job.id!);
          if (state === 'failed') throw new Error(`scheduled backup failed: ${(await maintenance.getJob(job.id!))?.failedReason}`);
          return state === 'completed';
        },
        { timeoutMs: 60000, what: 'scheduled backup job completed' },
      );
    };
    await runScheduled();
    const [fresh] = await app.db.query(`SELECT status, size_bytes FROM backups WHERE trigger = 'scheduled' AND file_name NOT LIKE 'backup-old-%'`);
    expect(fresh.status).toBe('completed');
    expect(Number(fresh.size_bytes)).toBeGreaterThan(1000);
    const names = async () =>
      (await app.db.query(`SELECT file_name FROM backups WHERE file_name LIKE 'backup-old-%' ORDER BY file_name`)).map(
        (r: { file_name: string }) => r.file_name,
      );
    // Default retention, 30 days: both kinds older than that are gone, files included.
    expect(await names()).toEqual(['backup-old-10d.dump']);
    expect(existsSync(join(app.dataDir, 'backups', 'backup-old-40d.dump'))).toBe(false);
    expect(existsSync(join(app.dataDir, 'backups', 'backup-old-manual-35d.dump'))).toBe(false);
    expect(existsSync(join(app.dataDir, 'backups', 'backup-old-10d.dump'))).toBe(true);

    const bad = await asAdmin(app.http.put('/api/admin/settings/system')).send({ backupRetentionDays: 0 }).expect(400);
    expect(bad.body.errors.backupRetentionDays).toBe('Keep backups for must be between 1 and 3650 days');
    await asAdmin(app.http.put('/api/admin/settings/system')).send({ backupRetentionDays: 5 }).expect(200);
    try {
      await runScheduled();
      expect(await names()).toEqual([]);
      expect(existsSync(join(app.dataDir, 'backups', 'backup-old-10d.dump'))).toBe(false);
    } finally {
      await asAdmin(app.http.put('/api/admin/settings/system')).send({ backupRetentionDays: 30 }).expect(200);
    }
  }, 120_000);

  it('refuses to download a backup that is not complete or to start a second one, and 404s an unknown one', async () => {
    const [{ id }] = await app.db.query(`INSERT INTO backups (file_name, status) VALUES ('backup-pending-test.dump', 'pending') RETURNING id`);
    expect((await asAdmin(app.http.get(`/api/admin/backups/${id}/download`))).status).toBe(409);
    const second = await asAdmin(app.http.post('/api/admin/backups')).send({});
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('A backup is already in progress (backup-pending-test.dump); wait for it to finish');
    expect((await asAdmin(app.http.get('/api/admin/backups/00000000-0000-4000-8000-000000000000/download'))).status).toBe(404);
    expect((await asAdmin(app.http.get('/api/admin/backups/not-a-uuid'))).status).toBe(400);
    const removed = await asAdmin(app.http.delete(`/api/admin/backups/${id}`)).expect(200);
    expect(removed.body).toMatchObject({ id, name: 'backup-pending-test.dump' });
    expect((await asAdmin(app.http.get(`/api/admin/backups/${id}`))).status).toBe(404);
  });
});

describe('database backups that cannot be written', () => {
  let app: TestApp;

  beforeAll(async () => {
    // A folder that cannot exist (inside a device file): every attempt fails, as a full or read-only disk would.
    app = await startTestApp({ env: { BACKUP_DIR: '/dev/null/course-platform-backups' } });
  });
  afterAll(() => app.close());

  it('marks the backup failed after its last attempt, with the reason, and alerts the admin', async () => {
    const { token } = await adminToken(app);
    const started = await app.http.post('/api/admin/backups').set('authorization', `Bearer ${token}`).send({}).expect(202);
    const id = started.body.backup.id as string;
    await app.startWorker();
    const row = await eventually(
      async () => {
        const [r] = await app.db.query('SELECT status, error FROM backups WHERE id = $1', [id]);
        return r.status === 'failed' ? r : null;
      },
      { timeoutMs: 60_000, what: 'backup marked failed' },
    );
    expect(row.error).toMatch(/\/dev\/null\/course-platform-backups/);
    const alert = await waitForMail(app, 'admin@example.com', 'admin-notice');
    expect(alert.subject).toMatch(/: Backup failed$/);
    expect(alert.text).toContain(`${started.body.backup.name} failed`);
    const job = await app.api.get(QueueService).queue(QueueName.Maintenance).getJob(`backup-${id}`);
    expect(await job?.getState()).toBe('failed');
    expect(job?.attemptsMade).toBe(2);
    const listed = await app.http.get('/api/admin/backups').set('authorization', `Bearer ${token}`).expect(200);
    expect(listed.body).toEqual([expect.objectContaining({ id, status: 'failed', downloadUrl: null, size: null })]);
  }, 90_000);
});

import { OwedCommandPublisher } from '../../src/events/owed-command-publisher';
import { RedriveService } from '../../src/events/redrive.service';
import { TransactionRunner } from '../../src/events/transaction-runner';
import { MailService, type OutgoingMail } from '../../src/modules/mail';
import { QueueName } from '../../src/queue/queue-names';
import { QueueService } from '../../src/queue/queue.service';
import { adminToken } from '../factories/users.factory';
import { capturedMail } from '../support/mailbox';
import { closedPort } from '../settings/fake-smtp';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

/**
 * Commands are owed rows, like events: a mail is written as an
 * owed_commands row in the transaction that decides it, published after the
 * commit, sent once (mail_log), re-driven when its job is lost, and a dead
 * letter with a console alert when it keeps failing. Mail delivery is part
 * of the system's health (the overview, system status, /api/health).
 */
describe('owed commands: mail is delivered at least once and sent once', () => {
  let app: TestApp;
  let admin: string;
  const bearer = () => ({ authorization: `Bearer ${admin}` });
  const notifications = () => app.api.get(QueueService).queue(QueueName.Notifications);
  const mailsTo = (to: string) => capturedMail(app).filter((m) => m.to === to);
  const command = async (id: string) =>
    (await app.db.query(`SELECT state, attempts, redrives, job_id, payload, summary, last_error FROM owed_commands WHERE id = $1`, [id]))[0];
  const owe = (mail: OutgoingMail) => app.api.get(TransactionRunner).run((tx) => app.api.get(MailService).owe(tx, mail));
  const redriveUntil = (done: () => Promise<boolean>, what: string) =>
    eventually(
      async () => {
        await app.worker!.get(RedriveService).sweep();
        return done();
      },
      { timeoutMs: 30_000, intervalMs: 300, what },
    );
  const smtp = (values: Record<string, unknown>) => app.http.put('/api/admin/settings/email').set(bearer()).send(values).expect(200);

  beforeAll(async () => {
    app = await startTestApp({
      env: { REDRIVE_GRACE_SECONDS: '1', QUEUE_JOB_ATTEMPTS: '3', QUEUE_BACKOFF_BASE_MS: '100', QUEUE_BACKOFF_CAP_SECONDS: '1' },
    });
    admin = (await adminToken(app)).token;
  });
  afterAll(() => app.close());

  it('a mail decided in a transaction that rolls back is never owed; one that commits is owed, published, then sent once', async () => {
    const to = `owed-${Date.now()}@example.com`;
    await expect(
      app.api.get(TransactionRunner).run(async (tx) => {
        await app.api.get(MailService).owe(tx, { to, subject: 'Never', text: 'Rolled back', tag: 'probe' });
        throw new Error('the decision is undone');
      }),
    ).rejects.toThrow('the decision is undone');
    expect((await app.db.query(`SELECT count(*)::int AS n FROM owed_commands WHERE summary->>'to' = $1`, [to]))[0].n).toBe(0);

    const id = (await owe({ to, subject: 'Once', text: 'Owed then sent', tag: 'probe', dedupeKey: `probe-${to}` }))!;
    // Deciding the same mail again (a redelivered event) owes nothing more.
    expect(await owe({ to, subject: 'Once', text: 'Owed then sent', tag: 'probe', dedupeKey: `probe-${to}` })).toBeNull();
    expect(await command(id)).toMatchObject({ state: 'owed', attempts: 0, job_id: `send-email-${id}`, summary: { to, subject: 'Once', tag: 'probe' } });
    await app.api.get(OwedCommandPublisher).idle();
    expect(await notifications().getJobState(`send-email-${id}`)).toBe('waiting');

    await app.startWorker();
    await eventually(async () => (await command(id)).state === 'sent', { what: 'the mail sent' });
    expect(await command(id)).toMatchObject({ state: 'sent', attempts: 1, payload: null });
    expect(mailsTo(to)).toHaveLength(1);
    expect((await app.db.query(`SELECT count(*)::int AS n FROM mail_log WHERE dedupe_key = $1`, [`probe-${to}`]))[0].n).toBe(1);
  });

  it('a mail whose job Redis lost (owed, waiting or retrying) is enqueued again by the re-drive and sent once', async () => {
    await app.stopWorker();
    const to = `lost-${Date.now()}@example.com`;
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await owe({ to, subject: `Lost ${i}`, text: 'Its job is gone', tag: 'probe' }))!);
    await app.api.get(OwedCommandPublisher).idle();
    // Redis loses the jobs (a flush, a failover to an empty replica).
    for (const id of ids) await (await notifications().getJob(`send-email-${id}`))!.remove();
    await app.startWorker();
    await redriveUntil(async () => mailsTo(to).length === 3, 'the three mails sent after the re-drive');
    for (const id of ids) expect(await command(id)).toMatchObject({ state: 'sent', redrives: 1, attempts: 1 });
    // A later pass changes nothing: nothing is owed.
    await app.worker!.get(RedriveService).sweep();
    expect(mailsTo(to)).toHaveLength(3);
  });

  it('a mail that keeps failing becomes a dead letter: health says failing, the console alerts; once mail works a retry sends it once', async () => {
    await smtp({ smtpHost: '127.0.0.1', smtpPort: await closedPort(), smtpEncryption: 'none' });
    const to = `dead-${Date.now()}@example.com`;
    const id = (await owe({ to, subject: 'Doomed', text: 'The server refuses', tag: 'probe', dedupeKey: `doomed-${to}` }))!;
    await eventually(async () => (await command(id)).state === 'dead', { timeoutMs: 30_000, what: 'a dead letter after 3 attempts' });
    expect(await command(id)).toMatchObject({ state: 'dead', attempts: 3, last_error: expect.stringMatching(/ECONNREFUSED/) });

    // The console lists it with its attempts, among the dead and the failing.
    const dead = await app.http
      .get('/api/admin/mail-log')
      .query({ filter: JSON.stringify({ state: 'dead' }) })
      .set(bearer())
      .expect(200);
    expect(dead.body).toEqual([expect.objectContaining({ id, to, subject: 'Doomed', tag: 'probe', state: 'dead', attempts: 3, sentAt: null })]);
    expect(dead.headers['content-range']).toBe('mail-log 0-0/1');
    const all = await app.http.get('/api/admin/mail-log').set(bearer()).expect(200);
    expect(all.body.map((m: { state: string }) => m.state)).toEqual(expect.arrayContaining(['dead', 'sent']));
    await app.http
      .get('/api/admin/mail-log')
      .query({ filter: JSON.stringify({ state: 'lost' }) })
      .set(bearer())
      .expect(400);

    // Mail failing is part of health: the overview is not "Healthy", system status is degraded, /api/health reports it (still ready).
    const stats = await app.http.get('/api/admin/stats').set(bearer()).expect(200);
    expect(stats.body.systemHealth).toBe('Degraded: mail failing');
    const status = await app.http.get('/api/admin/system-status').set(bearer()).expect(200);
    expect(status.body).toMatchObject({ status: 'degraded', mail: { status: 'failing', deadRecently: 1, lastError: expect.stringMatching(/ECONNREFUSED/) } });
    const health = await app.http.get('/api/health').expect(200);
    expect(health.body.status).toBe('ok');
    expect(health.body.details.mail).toMatchObject({ status: 'down', delivery: 'failing', message: expect.stringMatching(/^mail failing: .*ECONNREFUSED/) });
    // The alert reaches the console, a channel that does not depend on mail.
    const alerts = await app.http.get('/api/admin/alerts').set(bearer()).expect(200);
    expect(alerts.body.alerts).toEqual([expect.objectContaining({ kind: 'mail-failing', subject: expect.any(String) })]);
    expect(alerts.body.alerts[0].count).toBeGreaterThanOrEqual(3);

    // Mail works again (local capture); the admin retries the dead mail: sent once, the alert closes, the overview is healthy.
    await smtp({ smtpHost: '' });
    const retried = await app.http
      .post('/api/admin/mail-log/retry')
      .set(bearer())
      .send({ ids: [id] })
      .expect(200);
    expect(retried.body).toEqual({ success: true, retried: 1 });
    await redriveUntil(async () => (await command(id)).state === 'sent', 'the retried mail sent');
    expect(mailsTo(to)).toHaveLength(1);
    expect((await app.http.get('/api/admin/alerts').set(bearer()).expect(200)).body.alerts).toEqual([]);
    expect((await app.http.get('/api/admin/stats').set(bearer()).expect(200)).body.systemHealth).toBe('Healthy');
    expect((await app.http.get('/api/health').expect(200)).body.details.mail).toMatchObject({ status: 'up', delivery: 'ok' });
    // Retrying it again does nothing: it is sent.
    expect(
      (
        await app.http
          .post('/api/admin/mail-log/retry')
          .set(bearer())
          .send({ ids: [id] })
          .expect(200)
      ).body.retried,
    ).toBe(0);
  });

  it('an admin dismisses an open alert; an unknown one is a 404', async () => {
    await app.http.post('/api/admin/alerts/999999/dismiss').set(bearer()).send({}).expect(404);
    await app.http.post('/api/admin/alerts/not-a-number/dismiss').set(bearer()).send({}).expect(404);
    await app.db.query(`INSERT INTO system_alerts (kind, subject, text) VALUES ('backup-failed', 'Backup failed', 'disk full')`);
    const [open] = (await app.http.get('/api/admin/alerts').set(bearer()).expect(200)).body.alerts;
    const dismissed = await app.http.post(`/api/admin/alerts/${open.id}/dismiss`).set(bearer()).send({}).expect(200);
    expect(dismissed.body).toMatchObject({ id: open.id, kind: 'backup-failed', subject: 'Backup failed' });
    expect((await app.http.get('/api/admin/alerts').set(bearer()).expect(200)).body.alerts).toEqual([]);
  });
});

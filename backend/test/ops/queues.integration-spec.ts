import { randomUUID } from 'node:crypto';
import { defineConsumer, EventConsumers } from '../../src/events/event-consumers';
import { TransactionRunner } from '../../src/events/transaction-runner';
import { MailService } from '../../src/modules/mail';
import { JobHandlers } from '../../src/queue/job-handlers';
import { QueueName } from '../../src/queue/queue-names';
import { QueueService } from '../../src/queue/queue.service';
import { adminToken, createUser, login } from '../factories/users.factory';
import { closedPort } from '../settings/fake-smtp';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

const DEAD_PROBE = defineConsumer({ name: 'ops-test-consumer', events: ['settings.updated'], queue: QueueName.Maintenance });

describe('queues admin API', () => {
  let app: TestApp;
  let admin: string;
  let learner: string;
  /** The test job fails while this is set, like a job whose dependency is down. */
  let failing = true;
  const ran: string[] = [];

  const delivered: string[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    app.api.get(EventConsumers).register(DEAD_PROBE, async () => undefined);
    await app.startWorker((worker) => {
      worker.get(JobHandlers).consumer('ops-test-flaky', async (_data, job) => {
        ran.push(String(job.id));
        if (failing) throw new Error('Upstream unavailable: connect ECONNREFUSED');
        return { ok: true };
      });
      worker.get(EventConsumers).register(DEAD_PROBE, async (event) => {
        delivered.push(event.id);
      });
    });
    admin = (await adminToken(app)).token;
    learner = await login(app, await createUser(app.db));
  });
  afterAll(() => app.close());

  const asAdmin = <T extends { set: (k: string, v: string) => T }>(req: T) => req.set('authorization', `Bearer ${admin}`);
  const maintenance = () => app.api.get(QueueService).queue(QueueName.Maintenance);
  const addFlaky = (jobId: string) => maintenance().add('ops-test-flaky', { step: jobId, apiKey: 'k-123', note: 'visible' }, { jobId, attempts: 1 });
  const failedIds = async () =>
    (await asAdmin(app.http.get('/api/admin/queues/maintenance/failed')).expect(200)).body.jobs.map((j: { id: string }) => j.id) as string[];

  it('answers 401 without a token and 403 for a learner on every queue endpoint', async () => {
    const calls = [
      () => app.http.get('/api/admin/queues'),
      () => app.http.get('/api/admin/queues/maintenance/failed'),
      () => app.http.post('/api/admin/queues/maintenance/jobs/x/retry').send({}),
      () => app.http.delete('/api/admin/queues/maintenance/jobs/x'),
    ];
    for (const call of calls) {
      expect((await call()).status).toBe(401);
      expect((await call().set('authorization', `Bearer ${learner}`)).status).toBe(403);
    }
  });

  it('lists every queue with its waiting, active, delayed, completed and failed counts', async () => {
    const res = await asAdmin(app.http.get('/api/admin/queues')).expect(200);
    expect(res.body.queues.map((q: { name: string }) => q.name)).toEqual(['payments', 'analytics', 'notifications', 'maintenance']);
    for (const q of res.body.queues)
      expect(q).toEqual({
        name: q.name,
        waiting: expect.any(Number),
        active: expect.any(Number),
        delayed: expect.any(Number),
        completed: expect.any(Number),
        failed: expect.any(Number),
      });
    await maintenance().add('ops-test-flaky', { step: 'later' }, { jobId: 'delayed-one', delay: 60_000 });
    const after = await asAdmin(app.http.get('/api/admin/queues')).expect(200);
    expect(after.body.queues.find((q: { name: string }) => q.name === 'maintenance').delayed).toBe(1);
    await maintenance().remove('delayed-one');
  });

  it('lists a failed job with its error, retries it, and it completes', async () => {
    await addFlaky('flaky-retry');
    await eventually(async () => (await failedIds()).includes('flaky-retry'), { what: 'job failed' });
    const { jobs } = (await asAdmin(app.http.get('/api/admin/queues/maintenance/failed')).expect(200)).body;
    expect(jobs.find((j: { id: string }) => j.id === 'flaky-retry')).toEqual({
      id: 'flaky-retry',
      name: 'ops-test-flaky',
      failedReason: 'Upstream unavailable: connect ECONNREFUSED',
      attemptsMade: 1,
      timestamp: expect.any(Number),
      finishedOn: expect.any(Number),
      data: { step: 'flaky-retry', apiKey: '[redacted]', note: 'visible' },
    });
    const counts = (await asAdmin(app.http.get('/api/admin/queues')).expect(200)).body.queues.find((q: { name: string }) => q.name === 'maintenance');
    expect(counts.failed).toBeGreaterThanOrEqual(1);

    failing = false;
    expect((await asAdmin(app.http.post('/api/admin/queues/maintenance/jobs/flaky-retry/retry')).send({}).expect(200)).body).toEqual({ success: true });
    await eventually(async () => (await maintenance().getJobState('flaky-retry')) === 'completed', { what: 'retried job completed' });
    expect(ran.filter((id) => id === 'flaky-retry')).toHaveLength(2);
    expect(await failedIds()).not.toContain('flaky-retry');

    // Only a failed job can be retried.
    const again = await asAdmin(app.http.post('/api/admin/queues/maintenance/jobs/flaky-retry/retry')).send({});
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ statusCode: 409, message: 'Job flaky-retry is completed; only a failed job can be retried' });
    const [audit] = await app.db.query(`SELECT action, resource, resource_id FROM audit_log WHERE action = 'retry-job'`);
    expect(audit).toEqual({ action: 'retry-job', resource: 'queues', resource_id: 'maintenance/flaky-retry' });
  });

  it('removes a failed job', async () => {
    failing = true;
    await addFlaky('flaky-remove');
    await eventually(async () => (await failedIds()).includes('flaky-remove'), { what: 'job failed' });
    expect((await asAdmin(app.http.delete('/api/admin/queues/maintenance/jobs/flaky-remove')).expect(200)).body).toEqual({ success: true });
    expect(await failedIds()).not.toContain('flaky-remove');
    expect(await maintenance().getJob('flaky-remove')).toBeUndefined();
    const [audit] = await app.db.query(`SELECT action, resource_id FROM audit_log WHERE action = 'remove-job'`);
    expect(audit).toEqual({ action: 'remove-job', resource_id: 'maintenance/flaky-remove' });
    expect((await asAdmin(app.http.delete('/api/admin/queues/maintenance/jobs/flaky-remove'))).status).toBe(404);
  });

  it('hides mail bodies, which may carry one-time links', async () => {
    const email = (values: Record<string, unknown>) => asAdmin(app.http.put('/api/admin/settings/email')).send(values).expect(200);
    await email({ smtpHost: '127.0.0.1', smtpPort: await closedPort(), smtpEncryption: 'none' });
    const mail = {
      to: 'a@example.com',
      subject: 'Reset',
      text: 'https://x.test/reset?token=secret-link',
      html: '<a href="https://x.test/reset?token=secret-link">x</a>',
    };
    try {
      // An owed mail as the product enqueues it, and a job of a version before owed commands (the mail itself).
      const commandId = (await app.api.get(TransactionRunner).run((tx) => app.api.get(MailService).owe(tx, mail, { attempts: 1 })))!;
      await app.api.get(QueueService).queue(QueueName.Notifications).add('send-email', mail, { jobId: 'mail-hidden', attempts: 1 });
      const failed = () => asAdmin(app.http.get('/api/admin/queues/notifications/failed')).expect(200);
      const listed = await eventually(
        async () => {
          const jobs = (await failed()).body.jobs as Array<{ id: string; failedReason: string; data: Record<string, unknown> }>;
          const owed = jobs.find((j) => j.id === `send-email-${commandId}`);
          const legacy = jobs.find((j) => j.id === 'mail-hidden');
          return owed && legacy ? { owed, legacy } : null;
        },
        { what: 'mail jobs failed' },
      );
      expect(listed.legacy.failedReason).toContain('ECONNREFUSED');
      expect(listed.legacy.data).toEqual({ to: 'a@example.com', subject: 'Reset', text: '[hidden]', html: '[hidden]' });
      expect(listed.owed.data).toEqual({
        commandId,
        data: { to: 'a@example.com', subject: 'Reset', text: '[hidden]', html: '[hidden]' },
        origin: expect.any(String),
      });
      expect(JSON.stringify((await failed()).body)).not.toContain('secret-link');
    } finally {
      await email({ smtpHost: '' });
    }
  });

  it('answers 404 for an unknown queue or job', async () => {
    for (const res of [
      await asAdmin(app.http.get('/api/admin/queues/nope/failed')),
      await asAdmin(app.http.post('/api/admin/queues/nope/jobs/1/retry')).send({}),
      await asAdmin(app.http.delete('/api/admin/queues/nope/jobs/1')),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found', message: expect.stringContaining('Unknown queue "nope"') });
    }
    const missing = await asAdmin(app.http.post('/api/admin/queues/payments/jobs/no-such-job/retry')).send({});
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No job no-such-job in queue payments');
  });

  it('pages through every failed job with a total, and retries them all at once', async () => {
    failing = true;
    const ids = Array.from({ length: 30 }, (_, i) => `bulk-${i}`);
    await Promise.all(ids.map((id) => addFlaky(id)));
    await eventually(async () => (await maintenance().getFailedCount()) >= 30, { what: '30 failed jobs' });
    const total = await maintenance().getFailedCount();

    const first = await asAdmin(app.http.get('/api/admin/queues/maintenance/failed?range=[0,24]')).expect(200);
    expect(first.body.jobs).toHaveLength(25);
    expect(first.body.total).toBe(total);
    expect(first.headers['content-range']).toBe(`jobs 0-24/${total}`);
    const second = await asAdmin(app.http.get(`/api/admin/queues/maintenance/failed?range=[25,49]`)).expect(200);
    expect(second.body.jobs).toHaveLength(total - 25);
    const seen = new Set([...first.body.jobs, ...second.body.jobs].map((j: { id: string }) => j.id));
    for (const id of ids) expect(seen.has(id)).toBe(true);
    expect((await asAdmin(app.http.get('/api/admin/queues/maintenance/failed?range=[0,500]'))).status).toBe(400);

    failing = false;
    const retried = await asAdmin(app.http.post('/api/admin/queues/maintenance/failed/retry')).send({}).expect(200);
    expect(retried.body).toEqual({ success: true, retried: total });
    await eventually(async () => (await maintenance().getFailedCount()) === 0, { what: 'every failed job retried' });
    await eventually(async () => (await Promise.all(ids.map((id) => maintenance().getJobState(id)))).every((s) => s === 'completed'), {
      what: 'bulk retries completed',
    });
  });

  it('retries only the failed jobs asked for', async () => {
    failing = true;
    await Promise.all(['pick-a', 'pick-b'].map((id) => addFlaky(id)));
    await eventually(async () => (await failedIds()).includes('pick-b') && (await failedIds()).includes('pick-a'), { what: 'two failed jobs' });
    failing = false;
    const res = await asAdmin(app.http.post('/api/admin/queues/maintenance/failed/retry'))
      .send({ ids: ['pick-a', 'not-a-job'] })
      .expect(200);
    expect(res.body.retried).toBe(1);
    await eventually(async () => (await maintenance().getJobState('pick-a')) === 'completed', { what: 'pick-a completed' });
    expect(await maintenance().getJobState('pick-b')).toBe('failed');
    const bad = await asAdmin(app.http.post('/api/admin/queues/maintenance/failed/retry')).send({ ids: 'pick-b' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('ids');
  });

  it('lists dead letters with their error, page by page, and delivers the chosen ones again', async () => {
    const eventIds = Array.from({ length: 3 }, () => randomUUID());
    for (const id of eventIds) {
      await app.db.query(
        `INSERT INTO outbox_events (id, type, aggregate_type, aggregate_id, payload, occurred_at, published_at)
         VALUES ($1, 'settings.updated', 'settings', 'x', '{"section":"x","keys":[],"actorId":null}', now(), now())`,
        [id],
      );
      await app.db.query(
        `INSERT INTO event_deliveries (consumer, event_id, queue, job_id, check_at, dead_at, last_error, redrives)
         VALUES ($1::text, $2::uuid, 'maintenance', $1::text || '-' || $2::text, now(), now(), 'Still failing: upstream 502', 8)`,
        [DEAD_PROBE.name, id],
      );
    }
    for (const call of [() => app.http.get('/api/admin/dead-letters'), () => app.http.post('/api/admin/dead-letters/retry').send({})]) {
      expect((await call()).status).toBe(401);
      expect((await call().set('authorization', `Bearer ${learner}`)).status).toBe(403);
    }
    const page = await asAdmin(app.http.get('/api/admin/dead-letters?range=[0,1]')).expect(200);
    expect(page.body).toHaveLength(2);
    expect(page.headers['content-range']).toBe('dead-letters 0-1/3');
    expect(page.body[0]).toEqual({
      id: expect.stringMatching(new RegExp(`^${DEAD_PROBE.name}/`)),
      consumer: DEAD_PROBE.name,
      queue: 'maintenance',
      eventId: expect.any(String),
      eventType: 'settings.updated',
      occurredAt: expect.any(String),
      deadAt: expect.any(String),
      error: 'Still failing: upstream 502',
      redrives: 8,
      jobId: expect.any(String),
    });
    const filtered = await asAdmin(app.http.get(`/api/admin/dead-letters?filter=${encodeURIComponent(JSON.stringify({ queue: 'payments' }))}`)).expect(200);
    expect(filtered.body).toEqual([]);

    const retried = await asAdmin(app.http.post('/api/admin/dead-letters/retry'))
      .send({ ids: [`${DEAD_PROBE.name}/${eventIds[0]}`] })
      .expect(200);
    expect(retried.body).toEqual({ success: true, retried: 1 });
    await eventually(async () => delivered.includes(eventIds[0]), { what: 'the retried dead letter delivered' });
    await eventually(async () => (await app.db.query('SELECT 1 FROM event_deliveries WHERE event_id = $1', [eventIds[0]])).length === 0, {
      what: 'its delivery settled',
    });
    expect(delivered).not.toContain(eventIds[1]);

    const rest = await asAdmin(app.http.post('/api/admin/dead-letters/retry')).send({}).expect(200);
    expect(rest.body.retried).toBe(2);
    await eventually(async () => eventIds.every((id) => delivered.includes(id)), { what: 'every dead letter delivered' });
    const [audit] = await app.db.query(`SELECT summary FROM audit_log WHERE action = 'retry-dead-letters' ORDER BY id DESC LIMIT 1`);
    expect(audit.summary).toBe('Retried all 2 dead letter(s)');
    expect((await asAdmin(app.http.post('/api/admin/dead-letters/retry')).send({ ids: ['nonsense'] })).status).toBe(400);
  });

  it('reports the event deliveries still owed and dead beside the queue counts', async () => {
    const id = randomUUID();
    await app.db.query(
      `INSERT INTO event_deliveries (consumer, event_id, queue, job_id, created_at, check_at, dead_at) VALUES
         ('owed-probe', $1, 'maintenance', 'owed-probe-x', now() - interval '2 minutes', now() + interval '1 hour', NULL),
         ('dead-probe', $1, 'maintenance', 'dead-probe-x', now(), now(), now())`,
      [id],
    );
    try {
      const res = await asAdmin(app.http.get('/api/admin/queues')).expect(200);
      expect(res.body.deliveries.pending).toBeGreaterThanOrEqual(1);
      expect(res.body.deliveries.dead).toBeGreaterThanOrEqual(1);
      expect(res.body.deliveries.oldestPendingSeconds).toBeGreaterThanOrEqual(120);
    } finally {
      await app.db.query('DELETE FROM event_deliveries WHERE event_id = $1', [id]);
    }
  });
});

import { JobHandlers } from '../../src/queue/job-handlers';
import { QueueName } from '../../src/queue/queue-names';
import { QueueService } from '../../src/queue/queue.service';
import { adminToken, createUser, login } from '../factories/users.factory';
import { closedPort } from '../settings/fake-smtp';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

describe('queues admin API', () => {
  let app: TestApp;
  let admin: string;
  let learner: string;
  /** The test job fails while this is set, like a job whose dependency is down. */
  let failing = true;
  const ran: string[] = [];

  beforeAll(async () => {
    app = await startTestApp();
    await app.startWorker((worker) =>
      worker.get(JobHandlers).consumer('ops-test-flaky', async (_data, job) => {
        ran.push(String(job.id));
        if (failing) throw new Error('Upstream unavailable: connect ECONNREFUSED');
        return { ok: true };
      }),
    );
    admin = (await adminToken(app)).token;
    learner = await login(app, await createUser(app.db));
  });
  afterAll(() => app.close());

  const asAdmin = <T extends { set: (k: string, v: string) => T }>(req: T) => req.set('authorization', `Bearer ${admin}`);
  const maintenance = () => app.api.get(QueueService).queue(QueueName.Maintenance);
  const addFlaky = (jobId: string) => maintenance().add('ops-test-flaky', { step: jobId, apiKey: 'k-123', note: 'visible' }, { jobId, attempts: 1 });
  const failedIds = async () => (await asAdmin(app.http.get('/api/admin/queues/maintenance/failed')).expect(200)).body.jobs.map((j: { id: string }) => j.id) as string[];

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
    expect(res.body.queues.map((q: { name: string }) => q.name)).toEqual(['payments', 'learning', 'analytics', 'notifications', 'maintenance']);
    for (const q of res.body.queues) expect(q).toEqual({ name: q.name, waiting: expect.any(Number), active: expect.any(Number), delayed: expect.any(Number), completed: expect.any(Number), failed: expect.any(Number) });
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
    try {
      await app.api.get(QueueService).queue(QueueName.Notifications).add(
        'send-email',
        { to: 'a@example.com', subject: 'Reset', text: 'https://x.test/reset?token=secret-link', html: '<a href="https://x.test/reset?token=secret-link">x</a>' },
        { jobId: 'mail-hidden', attempts: 1 },
      );
      const failed = () => asAdmin(app.http.get('/api/admin/queues/notifications/failed')).expect(200);
      const listed = await eventually(async () => (await failed()).body.jobs.find((j: { id: string }) => j.id === 'mail-hidden'), { what: 'mail job failed' });
      expect(listed.failedReason).toContain('ECONNREFUSED');
      expect(listed.data).toEqual({ to: 'a@example.com', subject: 'Reset', text: '[hidden]', html: '[hidden]' });
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
});

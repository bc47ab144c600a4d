import type { INestApplicationContext } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { defineConsumer, EventConsumers } from '../../src/events/event-consumers';
import { EventDeliveriesRepository } from '../../src/events/event-deliveries.repository';
import { OutboxRelay } from '../../src/events/outbox-relay.service';
import { ProcessedEvents } from '../../src/events/processed-events.service';
import { RedriveService } from '../../src/events/redrive.service';
import { TransactionRunner } from '../../src/events/transaction-runner';
import { JobHandlers } from '../../src/queue/job-handlers';
import { QueueName } from '../../src/queue/queue-names';
import { QueueService } from '../../src/queue/queue.service';
import { waitForMail } from '../support/mailbox';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

const PROBE = defineConsumer({ name: 'redrive-probe', events: ['settings.updated'], queue: QueueName.Maintenance });

/**
 * A consumer with one row of effect per event. It fails for an event whose
 * section is listed in probe_poison: 'unrecoverable' throws
 * UnrecoverableError (a poison payload), 'flaky' a plain error (retried).
 */
function installProbe(...contexts: INestApplicationContext[]): void {
  for (const ctx of contexts) {
    const processed = ctx.get(ProcessedEvents);
    const db = ctx.get(DataSource);
    ctx.get(EventConsumers).register(PROBE, async (event) => {
      const [poison] = await db.query('SELECT kind FROM probe_poison WHERE section = $1', [event.payload.section]);
      if (poison?.kind === 'unrecoverable') throw new UnrecoverableError(`poison section ${event.payload.section}`);
      if (poison?.kind === 'flaky') throw new Error(`flaky section ${event.payload.section}`);
      return processed.once(PROBE.name, event, (tx) => tx.manager.query('INSERT INTO probe_effects (event_id) VALUES ($1)', [event.id]));
    });
  }
}

describe('re-drive: an event is delivered when its consumer has recorded it', () => {
  let app: TestApp;
  const emit = (section: string) =>
    app.api.get(TransactionRunner).run((tx) => tx.emit('settings.updated', { type: 'settings', id: section }, { section, keys: ['x'], actorId: null }));
  const effects = async (eventId: string) => (await app.db.query('SELECT count(*)::int AS n FROM probe_effects WHERE event_id = $1', [eventId]))[0].n as number;
  const delivery = async (eventId: string) =>
    (await app.db.query('SELECT * FROM event_deliveries WHERE consumer = $1 AND event_id = $2', [PROBE.name, eventId]))[0];
  const marker = async (eventId: string) =>
    (await app.db.query('SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id = $2', [PROBE.name, eventId])).length === 1;
  const queue = () => app.api.get(QueueService).queue(QueueName.Maintenance);
  const pastGrace = () => new Promise((r) => setTimeout(r, 1100));

  beforeAll(async () => {
    app = await startTestApp({ env: { REDRIVE_GRACE_SECONDS: '1', QUEUE_JOB_ATTEMPTS: '2', QUEUE_BACKOFF_BASE_MS: '50', REDRIVE_MAX: '3' } });
    await app.db.query('CREATE TABLE probe_effects (event_id uuid NOT NULL)');
    await app.db.query('CREATE TABLE probe_poison (section text PRIMARY KEY, kind text NOT NULL)');
    installProbe(app.api);
  });
  afterAll(() => app.close());

  it('records the delivery an event owes with the event itself, and settles it when the consumer records the event', async () => {
    const id = await emit('owed');
    await app.api.get(OutboxRelay).idle();
    expect(await delivery(id)).toMatchObject({ queue: 'maintenance', job_id: `${PROBE.name}-${id}`, dead_at: null, redrives: 0 });
    expect(await queue().getJobState(`${PROBE.name}-${id}`)).toBe('waiting');
    await app.startWorker((worker) => installProbe(worker));
    try {
      await eventually(async () => (await effects(id)) === 1, { what: 'the probe effect' });
      await eventually(async () => (await delivery(id)) === undefined, { what: 'the delivery settled' });
      expect(await marker(id)).toBe(true);
    } finally {
      await app.stopWorker();
    }
  });

  it('enqueues again an event whose job was lost with the queue (Redis lost its data), once the grace period has passed', async () => {
    const id = await emit('lost');
    await app.api.get(OutboxRelay).idle();
    await queue().remove(`${PROBE.name}-${id}`);
    const redrive = app.api.get(RedriveService);

    expect((await redrive.sweep()).redriven).toBe(0); // nothing is re-driven within the grace period
    await pastGrace();
    const report = await redrive.sweep();
    expect(report.redriven).toBeGreaterThanOrEqual(1);
    const owed = await delivery(id);
    expect(owed.redrives).toBe(1);
    expect(owed.job_id).toMatch(new RegExp(`^${PROBE.name}-${id}-r`));
    expect(await queue().getJobState(owed.job_id)).toBe('waiting');

    await app.startWorker((worker) => installProbe(worker));
    try {
      await eventually(async () => (await effects(id)) === 1, { what: 'the re-driven event applied' });
      await eventually(async () => (await delivery(id)) === undefined, { what: 'the delivery settled' });
    } finally {
      await app.stopWorker();
    }
  });

  it('leaves alone an event whose job is still waiting, and looks at it again later', async () => {
    const id = await emit('waiting');
    await app.api.get(OutboxRelay).idle();
    await pastGrace();
    const report = await app.api.get(RedriveService).sweep();
    expect(report.alive).toBeGreaterThanOrEqual(1);
    const owed = await delivery(id);
    expect(owed).toMatchObject({ redrives: 0, checks: 1, job_id: `${PROBE.name}-${id}` });
    expect(new Date(owed.check_at).getTime()).toBeGreaterThan(Date.now());
    await queue().remove(owed.job_id);
    await app.db.query('DELETE FROM event_deliveries WHERE event_id = $1', [id]);
  });

  it('never waits on a delivery a consumer started settling after the sweep leased it: the sweep leaves it leased and goes on', async () => {
    const id = await emit('busy');
    await app.api.get(OutboxRelay).idle();
    await pastGrace();
    const deliveries = app.api.get(EventDeliveriesRepository);
    const leased = (await deliveries.leaseDue(500, 120)).find((d) => d.event_id === id);
    expect(leased).toBeDefined();
    // Now its consumer settles it (row deleted, not yet committed) and waits on something else, a busy payment say.
    const consumer = app.db.createQueryRunner();
    await consumer.connect();
    await consumer.startTransaction();
    try {
      await consumer.query('DELETE FROM event_deliveries WHERE consumer = $1 AND event_id = $2', [PROBE.name, id]);
      // The sweep's bookkeeping on that row answers at once (waiting would end in a lock timeout) and changes nothing.
      await deliveries.postpone(PROBE.name, id, 1, 1);
      await deliveries.redriven(PROBE.name, id, 'another-job', 1, 'gone');
      expect(await deliveries.markDead(PROBE.name, id, 'failed')).toBe(false);
    } finally {
      await consumer.rollbackTransaction();
      await consumer.release();
    }
    const untouched = await delivery(id);
    expect(untouched).toMatchObject({ checks: 0, redrives: 0, dead_at: null, job_id: `${PROBE.name}-${id}` });
    expect(new Date(untouched.check_at).getTime()).toBeGreaterThan(Date.now() + 60_000); // still leased: looked at again later
    await queue().remove(untouched.job_id);
    await app.db.query('DELETE FROM event_deliveries WHERE event_id = $1', [id]);
  });

  it('looks at once at a delivery whose job BullMQ failed for stalling (its worker died under it), not after its back-off', async () => {
    const id = await emit('stalled-out');
    await app.api.get(OutboxRelay).idle();
    const deliveries = app.api.get(EventDeliveriesRepository);
    await deliveries.postpone(PROBE.name, id, 4, 600); // checked while alive: its next look is 10 minutes away
    const job = (await queue().getJob(`${PROBE.name}-${id}`))!;
    job.finishedOn = Date.now();
    await app.api.get(JobHandlers).failed(job, new Error('job stalled more than allowable limit'));
    const owed = await delivery(id);
    expect(owed).toMatchObject({ dead_at: null, redrives: 0 }); // not a dead letter: the work is still owed
    expect(new Date(owed.check_at).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await deliveries.leaseDue(500, 10)).map((d) => d.event_id)).toContain(id); // the next sweep takes it
    await queue().remove(job.id!);
    await app.db.query('DELETE FROM event_deliveries WHERE event_id = $1', [id]);
  });

  it('turns a poison event into a dead letter, alerts, and delivers it when an admin retries it after the fix', async () => {
    const section = `poison-${randomUUID().slice(0, 8)}`;
    await app.db.query(`INSERT INTO probe_poison VALUES ($1, 'unrecoverable')`, [section]);
    const id = await emit(section);
    await app.startWorker((worker) => installProbe(worker));
    try {
      await eventually(async () => (await delivery(id))?.dead_at, { what: 'the dead letter' });
      expect((await delivery(id)).last_error).toBe(`poison section ${section}`);
      const alert = await waitForMail(app, 'admin@example.com', 'admin-notice');
      expect(alert.subject).toMatch(/A background job failed for good$/);
      expect(alert.text).toContain(`The job "${PROBE.name}" (queue maintenance`);
      expect(alert.text).toContain(`poison section ${section}`);
      const dead = await app.api.get(EventDeliveriesRepository).listDead({}, 0, 100);
      expect(dead.rows.map((r) => r.event_id)).toContain(id);
      // The sweep leaves a dead letter alone.
      await pastGrace();
      await app.api.get(RedriveService).sweep();
      expect(await effects(id)).toBe(0);

      await app.db.query('DELETE FROM probe_poison WHERE section = $1', [section]);
      expect(await app.api.get(RedriveService).retryDead({ keys: [{ consumer: PROBE.name, eventId: id }] })).toBe(1);
      await eventually(async () => (await effects(id)) === 1, { what: 'the retried dead letter applied' });
      await eventually(async () => (await delivery(id)) === undefined, { what: 'the delivery settled' });
    } finally {
      await app.stopWorker();
    }
  });

  it('dead-letters a job that exhausted its retries, with its error', async () => {
    const section = `flaky-${randomUUID().slice(0, 8)}`;
    await app.db.query(`INSERT INTO probe_poison VALUES ($1, 'flaky')`, [section]);
    const id = await emit(section);
    await app.startWorker((worker) => installProbe(worker));
    try {
      await eventually(async () => (await delivery(id))?.dead_at, { what: 'the dead letter after 2 attempts' });
      const job = await queue().getJob(`${PROBE.name}-${id}`);
      expect(job?.attemptsMade).toBe(2);
      expect((await delivery(id)).last_error).toBe(`flaky section ${section}`);
    } finally {
      await app.stopWorker();
      await app.db.query('DELETE FROM event_deliveries WHERE event_id = $1', [id]);
    }
  });

  it('gives up after the allowed number of re-drives and dead-letters the delivery', async () => {
    const id = await emit('vanishing');
    await app.api.get(OutboxRelay).idle();
    await app.db.query(`UPDATE event_deliveries SET redrives = 3 WHERE event_id = $1`, [id]);
    await queue().remove(`${PROBE.name}-${id}`);
    await pastGrace();
    await app.api.get(RedriveService).sweep();
    expect(await delivery(id)).toMatchObject({ last_error: expect.stringContaining('Still not recorded after 3 re-drives') });
    expect((await delivery(id)).dead_at).toBeInstanceOf(Date);
    await app.db.query('DELETE FROM event_deliveries WHERE event_id = $1', [id]);
  });

  it('backfills, once, the deliveries owed by events written before deliveries were recorded', async () => {
    const id = randomUUID();
    await app.db.query(
      `INSERT INTO outbox_events (id, type, aggregate_type, aggregate_id, payload, occurred_at, published_at)
       VALUES ($1, 'settings.updated', 'settings', 'legacy', '{"section":"legacy","keys":[],"actorId":null}', now() - interval '1 hour', now() - interval '1 hour')`,
      [id],
    );
    await app.db.query(`DELETE FROM app_meta WHERE key = 'deliveries_backfilled'`);
    const redrive = app.api.get(RedriveService);
    expect(await redrive.backfillOnce()).toBeGreaterThanOrEqual(1);
    expect(await delivery(id)).toMatchObject({ job_id: `${PROBE.name}-${id}`, redrives: 0 });
    await app.db.query('DELETE FROM event_deliveries WHERE event_id = $1', [id]);
    expect(await redrive.backfillOnce()).toBe(0);
    expect(await delivery(id)).toBeUndefined();
  });

  it('leaves alone a job that names another database (two copies sharing one REDIS_PREFIX)', async () => {
    const id = randomUUID();
    await queue().add(
      PROBE.name,
      {
        id,
        type: 'settings.updated',
        occurredAt: new Date().toISOString(),
        aggregateType: 'settings',
        aggregateId: 'x',
        payload: { section: 'foreign', keys: [], actorId: null },
        origin: 'another-db',
      },
      { jobId: `foreign-${id}` },
    );
    await app.startWorker((worker) => installProbe(worker));
    try {
      await eventually(async () => (await queue().getJobState(`foreign-${id}`)) === 'delayed', { what: 'the foreign job handed back' });
      const job = await queue().getJob(`foreign-${id}`);
      expect(job?.attemptsMade).toBe(0);
      expect(await effects(id)).toBe(0);
    } finally {
      await app.stopWorker();
      await queue().remove(`foreign-${id}`);
    }
  });
});

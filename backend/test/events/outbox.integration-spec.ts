import type { INestApplicationContext } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { defineConsumer, EventConsumers } from '../../src/events/event-consumers';
import type { EventEnvelope } from '../../src/events/event-catalogue';
import { OutboxRelay } from '../../src/events/outbox-relay.service';
import { ProcessedEvents } from '../../src/events/processed-events.service';
import { TransactionRunner } from '../../src/events/transaction-runner';
import { QueueName } from '../../src/queue/queue-names';
import { QueueService } from '../../src/queue/queue.service';
import { PrivateRedis } from '../support/private-redis';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

const PROBE_CONSUMER = defineConsumer({ name: 'test-probe', events: ['settings.updated'], queue: QueueName.Maintenance });
const PROBE = PROBE_CONSUMER.name;

/** A consumer whose only effect is a row per applied event, registered in each given process. */
function installProbe(...contexts: INestApplicationContext[]): void {
  for (const ctx of contexts) {
    const processed = ctx.get(ProcessedEvents);
    ctx
      .get(EventConsumers)
      .register(PROBE_CONSUMER, (event) =>
        processed.once(PROBE, event, (tx) => tx.manager.query('INSERT INTO probe_effects (event_id) VALUES ($1)', [event.id])),
      );
  }
}

async function emitSettingsEvent(ctx: INestApplicationContext, section: string): Promise<string> {
  return ctx.get(TransactionRunner).run((tx) => tx.emit('settings.updated', { type: 'settings', id: section }, { section, keys: ['x'], actorId: null }));
}

async function effects(app: TestApp, eventId: string): Promise<number> {
  const [{ n }] = await app.db.query('SELECT count(*)::int AS n FROM probe_effects WHERE event_id = $1', [eventId]);
  return n;
}

async function publishedAt(app: TestApp, eventId: string): Promise<Date | null> {
  const [row] = await app.db.query('SELECT published_at FROM outbox_events WHERE id = $1', [eventId]);
  return row?.published_at ?? null;
}

describe('transactional outbox', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    await app.db.query('CREATE TABLE probe_effects (event_id uuid NOT NULL)');
    await app.startWorker((worker) => installProbe(app.api, worker));
  });
  afterAll(() => app.close());

  it('publishes a committed event right after commit and the consumer applies it', async () => {
    const id = await emitSettingsEvent(app.api, 'general');
    await eventually(async () => (await effects(app, id)) === 1, { what: 'the probe effect' });
    expect(await publishedAt(app, id)).toBeInstanceOf(Date);
  });

  it('never publishes an event written in a rolled-back transaction', async () => {
    let eventId = '';
    await expect(
      app.api.get(TransactionRunner).run(async (tx) => {
        eventId = await tx.emit('settings.updated', { type: 'settings', id: 'rollback' }, { section: 'rollback', keys: [], actorId: null });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect(eventId).not.toBe('');
    await app.api.get(OutboxRelay).sweep(0);
    const rows = await app.db.query('SELECT 1 FROM outbox_events WHERE id = $1', [eventId]);
    expect(rows).toHaveLength(0);
    const job = await app.api.get(QueueService).queue(QueueName.Maintenance).getJob(`${PROBE}-${eventId}`);
    expect(job).toBeUndefined();
    expect(await effects(app, eventId)).toBe(0);
  });

  it('runs the steps registered before the commit after the work, in order and in its transaction: rolled back with it', async () => {
    const runner = app.api.get(TransactionRunner);
    const seen: string[] = [];
    const committed = await runner.run(async (tx) => {
      tx.beforeCommit(async () => {
        seen.push(
          `first saw ${(await tx.manager.query(`SELECT count(*)::int AS n FROM probe_effects WHERE event_id = '00000000-0000-4000-8000-00000000000b'`))[0].n}`,
        );
        await tx.manager.query(`INSERT INTO probe_effects (event_id) VALUES ('00000000-0000-4000-8000-00000000000c')`);
      });
      tx.beforeCommit(async () => {
        seen.push('second');
      });
      // The work after the registration still runs first.
      await tx.manager.query(`INSERT INTO probe_effects (event_id) VALUES ('00000000-0000-4000-8000-00000000000b')`);
      seen.push('work');
      return 'done';
    });
    expect(committed).toBe('done');
    expect(seen).toEqual(['work', 'first saw 1', 'second']);
    expect(await effects(app, '00000000-0000-4000-8000-00000000000c')).toBe(1);

    await expect(
      runner.run(async (tx) => {
        tx.beforeCommit(async () => {
          await tx.manager.query(`INSERT INTO probe_effects (event_id) VALUES ('00000000-0000-4000-8000-00000000000d')`);
          throw new Error('the last step failed');
        });
        await tx.manager.query(`INSERT INTO probe_effects (event_id) VALUES ('00000000-0000-4000-8000-00000000000e')`);
      }),
    ).rejects.toThrow('the last step failed');
    expect(await effects(app, '00000000-0000-4000-8000-00000000000d')).toBe(0);
    expect(await effects(app, '00000000-0000-4000-8000-00000000000e')).toBe(0);
  });

  it('applies an event delivered twice only once', async () => {
    const id = await emitSettingsEvent(app.api, 'twice');
    await eventually(async () => (await effects(app, id)) === 1, { what: 'first delivery' });
    const [row] = await app.db.query('SELECT * FROM outbox_events WHERE id = $1', [id]);
    const envelope: EventEnvelope = {
      id,
      type: 'settings.updated',
      occurredAt: new Date(row.occurred_at).toISOString(),
      aggregateType: row.aggregate_type,
      aggregateId: row.aggregate_id,
      payload: row.payload,
    };
    const queue: Queue = app.api.get(QueueService).queue(QueueName.Maintenance);
    const redelivered = await queue.add(PROBE, envelope, { jobId: `redelivery-${id}` });
    await eventually(async () => (await redelivered.getState()) === 'completed', { what: 'redelivery processed' });
    expect(await effects(app, id)).toBe(1);
  });
});

describe('outbox with Redis away', () => {
  let redis: PrivateRedis;
  let app: TestApp;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    app = await startTestApp({ env: { REDIS_URL: redis.url } });
    await app.db.query('CREATE TABLE probe_effects (event_id uuid NOT NULL)');
    installProbe(app.api);
  });
  afterAll(async () => {
    await redis.up();
    await app.close();
    await redis.down();
  });

  it('keeps the event when publishing fails and the sweeper publishes it once Redis is back', async () => {
    await redis.down();
    const id = await emitSettingsEvent(app.api, 'outage');
    const relay = app.api.get(OutboxRelay);
    await relay.idle();
    expect(await publishedAt(app, id)).toBeNull();
    await expect(relay.sweep(0)).rejects.toThrow();
    expect(await publishedAt(app, id)).toBeNull();

    await redis.up();
    await eventually(async () => (await relay.sweep(0).catch(() => -1)) >= 0 && (await publishedAt(app, id)) !== null, { what: 'sweeper publish' });
    const job = await app.api.get(QueueService).queue(QueueName.Maintenance).getJob(`${PROBE}-${id}`);
    expect(job?.data).toMatchObject({ id, type: 'settings.updated', payload: { section: 'outage' } });

    await app.startWorker((worker) => installProbe(worker));
    await eventually(async () => (await effects(app, id)) === 1, { what: 'the probe effect after recovery' });
  });
});

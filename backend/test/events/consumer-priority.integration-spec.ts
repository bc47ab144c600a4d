import { Worker } from 'bullmq';
import Redis from 'ioredis';
import { defineConsumer, EventConsumers } from '../../src/events/event-consumers';
import { TransactionRunner } from '../../src/events/transaction-runner';
import { QueueName } from '../../src/queue/queue-names';
import { QueueService } from '../../src/queue/queue.service';
import { TEST_REDIS_URL } from '../support/services';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

/** Intake that starts new work (as process-ipn) and a step that finishes work under way (as grant-access), on one queue. */
const INTAKE = defineConsumer({ name: 'test-intake', events: ['settings.updated'], queue: QueueName.Maintenance, priority: 10 });
const FINISH = defineConsumer({ name: 'test-finish', events: ['settings.updated'], queue: QueueName.Maintenance });

describe('consumer priority', () => {
  let app: TestApp;

  beforeAll(async () => {
    // No worker: the jobs wait until the test's own worker takes them.
    app = await startTestApp();
    const consumers = app.api.get(EventConsumers);
    consumers.register(INTAKE, async () => undefined);
    consumers.register(FINISH, async () => undefined);
  });
  afterAll(() => app.close());

  it("a consumer with a priority waits behind its queue's other jobs: what finishes work under way is taken first, each kind in order", async () => {
    const runner = app.api.get(TransactionRunner);
    const ids: string[] = [];
    for (const section of ['a', 'b', 'c'])
      ids.push(await runner.run((tx) => tx.emit('settings.updated', { type: 'settings', id: section }, { section, keys: ['x'], actorId: null })));
    const queue = app.api.get(QueueService).queue(QueueName.Maintenance);
    await eventually(async () => (await queue.getJob(`${INTAKE.name}-${ids[2]}`)) && (await queue.getJob(`${FINISH.name}-${ids[2]}`)), {
      what: 'the jobs of both consumers',
    });

    const taken: string[] = [];
    const connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    const worker = new Worker(
      queue.name,
      async (job) => {
        if (job.name.startsWith('test-')) taken.push(`${job.name}:${job.data.id}`);
      },
      { connection, prefix: queue.opts.prefix, concurrency: 1 },
    );
    try {
      await eventually(async () => taken.length === 6, { what: 'six jobs taken' });
    } finally {
      await worker.close();
      connection.disconnect();
    }
    expect(taken).toEqual([...ids.map((id) => `${FINISH.name}:${id}`), ...ids.map((id) => `${INTAKE.name}:${id}`)]);
  });
});

import type { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Job } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import { fakeOf } from '../../test/support/fakes';
import { QueueName } from '../queue/queue-names';
import type { JobHandlers } from '../queue/job-handlers';
import type { EventEnvelope } from './event-catalogue';
import { defineConsumer, EventConsumers } from './event-consumers';
import type { EventDeliveriesRepository } from './event-deliveries.repository';
import { EventSubscriptions } from './event-subscriptions';
import { InlineConsumers, MAX_INLINE_WAITING } from './inline-consumers';

const PROBE = defineConsumer({ name: 'probe', events: ['settings.updated'], queue: QueueName.Maintenance });
const event = { id: '00000000-0000-4000-8000-000000000001', type: 'settings.updated' } as EventEnvelope;

/** The job the queue would run for PROBE, and the deliveries the wrapper settled after the handler answered. */
function consumerAnswering(answer: unknown) {
  let job: ((event: EventEnvelope, job: Job) => Promise<unknown>) | undefined;
  const settled: string[] = [];
  const consumers = new EventConsumers(
    fakeOf<JobHandlers>()({
      consumer: <T>(_name: string, handler: (event: T, job: Job) => Promise<unknown>) => {
        job = handler as typeof job;
      },
    }),
    new EventSubscriptions(),
    fakeOf<EventDeliveriesRepository>()({
      settle: async (_manager: EntityManager, consumer: string, eventId: string) => {
        settled.push(`${consumer}:${eventId}`);
        return true;
      },
    }),
    fakeOf<DataSource>()({ manager: {} as EntityManager }),
    fakeOf<DiscoveryService>()({}),
    fakeOf<MetadataScanner>()({}),
    fakeOf<Reflector>()({}),
    new InlineConsumers(),
  );
  consumers.register(PROBE, async () => answer);
  return { run: () => job!(event, {} as Job), settled };
}

describe('EventConsumers: who settles a delivery', () => {
  it('a consumer that answers it settled the delivery in its own transaction is taken at its word', async () => {
    const probe = consumerAnswering({ sent: true, settled: true });
    expect(await probe.run()).toEqual({ sent: true, settled: true });
    expect(probe.settled).toEqual([]);
  });

  it.each([[{ sent: true }], [true], [undefined], [{ settled: 'yes' }]])('any other answer (%p) has the delivery settled after the handler', async (answer) => {
    const probe = consumerAnswering(answer);
    await probe.run();
    expect(probe.settled).toEqual([`probe:${event.id}`]);
  });
});

describe('EventConsumers: inline consumers', () => {
  function registered(inline: boolean) {
    const ran: string[] = [];
    const inlineConsumers = new InlineConsumers();
    inlineConsumers.enable();
    const consumers = new EventConsumers(
      fakeOf<JobHandlers>()({ consumer: () => undefined }),
      new EventSubscriptions(),
      fakeOf<EventDeliveriesRepository>()({ settle: async () => true }),
      fakeOf<DataSource>()({ manager: {} as EntityManager }),
      fakeOf<DiscoveryService>()({}),
      fakeOf<MetadataScanner>()({}),
      fakeOf<Reflector>()({}),
      inlineConsumers,
    );
    consumers.register({ ...PROBE, inline }, async (e: EventEnvelope) => {
      ran.push(e.id);
      return { settled: true };
    });
    return { ran, inlineConsumers };
  }

  it('a consumer declared inline runs as soon as its event is committed in a worker', async () => {
    const { ran, inlineConsumers } = registered(true);
    inlineConsumers.run([event, { ...event, id: 'other', type: 'course.published' } as EventEnvelope]);
    await inlineConsumers.idle();
    expect(ran).toEqual([event.id]);
  });

  it('one that is not waits for its job', async () => {
    const { ran, inlineConsumers } = registered(false);
    inlineConsumers.run([event]);
    await inlineConsumers.idle();
    expect(ran).toEqual([]);
  });

  it('runs MAX_INLINE_IN_FLIGHT at once and the rest in turn; beyond MAX_INLINE_WAITING waiting, the rest are left to their jobs', async () => {
    const { ran, inlineConsumers } = registered(true);
    inlineConsumers.run(Array.from({ length: MAX_INLINE_WAITING + 5 }, (_, i) => ({ ...event, id: `e${i}` })));
    await inlineConsumers.idle();
    expect(ran).toHaveLength(MAX_INLINE_WAITING);
    expect(ran.slice(0, 3)).toEqual(['e0', 'e1', 'e2']);
  });

  it('runs nothing until the worker enables it (the API leaves every step to the queue)', async () => {
    const { ran, inlineConsumers } = registered(true);
    const off = new InlineConsumers();
    off.add('probe', ['settings.updated'], async (e) => ran.push(`off:${e.id}`));
    expect(off.run([event]).size).toBe(0);
    expect(inlineConsumers.run([event]).size).toBe(1);
    await inlineConsumers.idle();
    expect(ran).toEqual([event.id]);
  });
});

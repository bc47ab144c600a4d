import Redis from 'ioredis';
import { connectWithin } from '../../src/redis/redis.module';
import { PrivateRedis } from '../support/private-redis';

/** A process that starts while Redis is away waits for it (REDIS_STARTUP_WAIT_MS) instead of exiting. */
describe('connectWithin', () => {
  let redis: PrivateRedis;
  let client: Redis | null = null;

  beforeEach(async () => {
    redis = await PrivateRedis.start();
    await redis.down();
  });

  afterEach(async () => {
    if (client?.status === 'ready') await client.quit();
    else client?.disconnect();
    client = null;
    await new Promise((resolve) => setTimeout(resolve, 100)); // ioredis destroys a never-opened socket after disconnectTimeout
    await redis.down();
  });

  const lazyClient = () =>
    (client = new Redis({ port: redis.port, host: '127.0.0.1', lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 1, disconnectTimeout: 50 }));

  it('connects once Redis comes up within the wait, reporting each retry', async () => {
    const retries: number[] = [];
    const startingLater = new Promise<void>((resolve) => setTimeout(() => void redis.up().then(resolve), 1200));
    await connectWithin(lazyClient(), 20_000, (attempt) => retries.push(attempt));
    await startingLater;
    expect(retries.length).toBeGreaterThan(0);
    expect(retries).toEqual(retries.map((_, i) => i + 1));
    await expect(client!.ping()).resolves.toBe('PONG');
  });

  it('gives up with the connection error once the wait has passed', async () => {
    const retries: number[] = [];
    await expect(connectWithin(lazyClient(), 700, (attempt) => retries.push(attempt))).rejects.toThrow();
    expect(retries.length).toBeGreaterThan(0);
  });
});

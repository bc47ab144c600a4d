import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import Redis from 'ioredis';
import { redisConfig } from '../../../config';
import { JobHandlers } from '../../../queue/job-handlers';
import { REDIS } from '../../../redis/redis.module';
import { SettingsService } from '../../settings/settings.service';

const TTL_MS = 30_000;
const MAX_ENTRIES = 1000;

interface Entry {
  at: number;
  body: unknown;
}

/**
 * The API's response cache for anonymous public reads (catalogue, public
 * configuration), kept in each process's memory and switched by
 * Settings > System > cacheEnabled. Clearing is announced on a Redis channel
 * so every API instance (and worker) drops its caches at once; content
 * events, admin writes and settings changes clear it, and a short TTL bounds
 * what any other change can leave stale.
 */
@Injectable()
export class ResponseCache implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ResponseCache.name);
  private readonly entries = new Map<string, Entry>();
  private subscriber?: Redis;
  readonly channel: string;

  constructor(
    private readonly settings: SettingsService,
    private readonly handlers: JobHandlers,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(redisConfig.KEY) redisCfg: ConfigType<typeof redisConfig>,
  ) {
    this.channel = `${redisCfg.prefix}:cache-clear`;
  }

  async onModuleInit(): Promise<void> {
    this.settings.onChange(() => this.clearLocal());
    this.handlers.command('clear-cache', async ({ requestedBy }) => ({ cleared: await this.clearEverywhere(requestedBy ?? 'clear-cache job') }));
    this.handlers.consumer('clear-cache-on-change', async (event) => ({ cleared: await this.clearEverywhere(`${event.type} ${event.aggregateId}`) }));
    this.subscriber = this.redis.duplicate({ keyPrefix: '' });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', () => this.clearLocal());
    await this.subscriber.subscribe(this.channel).catch((err: Error) => this.logger.warn(`Cache clear feed unavailable: ${err.message}`));
  }

  onModuleDestroy(): void {
    this.subscriber?.disconnect();
  }

  async enabled(): Promise<boolean> {
    return (await this.settings.get('system')).cacheEnabled;
  }

  get(key: string): unknown {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at > TTL_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.body;
  }

  set(key: string, body: unknown): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { at: Date.now(), body });
  }

  get size(): number {
    return this.entries.size;
  }

  /** Drops this process's caches (responses and settings); returns how many responses were dropped. */
  clearLocal(): number {
    const dropped = this.entries.size;
    this.entries.clear();
    this.settings.clearCache();
    return dropped;
  }

  /** Drops the caches here and tells every other instance to do the same. */
  async clearEverywhere(reason: string): Promise<number> {
    const dropped = this.clearLocal();
    try {
      await this.redis.publish(this.channel, reason);
    } catch (err) {
      this.logger.warn({ err: (err as Error).message, reason }, 'Could not announce a cache clear to the other instances');
      throw err;
    }
    return dropped;
  }
}

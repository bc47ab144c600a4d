import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CommonError } from '../../../common/errors/common.error';
import { REDIS, REDIS_NAMESPACE, type RedisNamespace } from '../../../redis/redis.module';
import { AuditService } from '../../audit';
import { SettingsService } from '../../settings';

const TTL_MS = 30_000;
const MAX_ENTRIES = 1000;

export interface CacheState {
  enabled: boolean;
  maintenance: boolean;
}

const stateOf = (system: { cacheEnabled: boolean; maintenanceMode: boolean }): CacheState => ({
  enabled: system.cacheEnabled,
  maintenance: system.maintenanceMode,
});

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
    private readonly audit: AuditService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_NAMESPACE) namespace: RedisNamespace,
  ) {
    this.channel = `${namespace.prefix}:cache-clear`;
  }

  async onModuleInit(): Promise<void> {
    this.settings.onChange(() => this.clearLocal());
    this.subscriber = this.redis.duplicate({ keyPrefix: '' });
    // ioredis reconnects by itself; the TTL bounds what a missed announcement leaves stale.
    this.subscriber.on('error', (err: Error) => this.logger.debug({ err: err.message }, 'Cache clear feed interrupted'));
    this.subscriber.on('message', () => this.clearLocal());
    await this.subscriber.subscribe(this.channel).catch((err: Error) => this.logger.warn(`Cache clear feed unavailable: ${err.message}`));
  }

  onModuleDestroy(): void {
    this.subscriber?.disconnect();
  }

  /** Whether the cache is on (Settings > System > cacheEnabled), and whether the site is in maintenance (nothing is cached then). */
  async state(): Promise<CacheState> {
    return this.stateNow() ?? stateOf(await this.settings.get('system'));
  }

  /** The same, as this process last read it, without waiting (undefined before the first read of the settings). */
  stateNow(): CacheState | undefined {
    const system = this.settings.current('system');
    return system && stateOf(system);
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

  /** Admin > Clear cache: every instance, audited. */
  async adminClear(actor: AuthUser): Promise<number> {
    let cleared: number;
    try {
      cleared = await this.clearEverywhere(`admin ${actor.email}`);
    } catch {
      throw CommonError.unavailable('Cleared this instance only: Redis is unavailable, so the other API instances were not told. Try again in a moment.');
    }
    await this.audit.record(null, { actor, action: 'clear-cache', resource: 'cache', summary: 'Cleared the API caches on every instance' });
    return cleared;
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

import { Injectable } from '@nestjs/common';
import type { EventEnvelope } from '../../../events/event-catalogue';
import { Consumes } from '../../../events/event-consumers';
import { ResponseCache } from '../cache/response-cache.service';
import { CLEAR_CACHE_ON_CHANGE } from './consumers';

/** The cache consumer: a content change anywhere (course, resource, settings events) empties every instance's caches. */
@Injectable()
export class CacheConsumers {
  constructor(private readonly cache: ResponseCache) {}

  @Consumes(CLEAR_CACHE_ON_CHANGE)
  async clearCacheOnChange(event: EventEnvelope): Promise<{ cleared: number }> {
    return { cleared: await this.cache.clearEverywhere(`${event.type} ${event.aggregateId}`) };
  }
}

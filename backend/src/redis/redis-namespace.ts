import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { AppMetaRepository } from '../database/app-meta.repository';

export const REDIS_NAMESPACE = Symbol('REDIS_NAMESPACE');

/**
 * Where this copy of the product lives in Redis. `origin` names the database
 * (its instance id, kept in app_meta, and its name, so a restored copy under
 * another name differs too); jobs carry it and a worker leaves alone a job
 * whose origin is another database's. `prefix` is REDIS_PREFIX when set,
 * otherwise derived from `origin`: two copies on one Redis get two prefixes.
 */
export interface RedisNamespace {
  prefix: string;
  origin: string;
}

export async function resolveRedisNamespace(dataSource: DataSource, configuredPrefix: string | undefined): Promise<RedisNamespace> {
  const { instanceId, database } = await new AppMetaRepository(dataSource).identity();
  const origin = createHash('sha256').update(`${instanceId}:${database}`).digest('hex').slice(0, 12);
  return { prefix: configuredPrefix ?? `{cp-${origin}}`, origin };
}

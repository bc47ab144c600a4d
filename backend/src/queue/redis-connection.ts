export interface RedisEndpoint {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls?: Record<string, never>;
}

/** Turns REDIS_URL into ioredis options (BullMQ takes options, not URLs). */
export function redisOptionsFromUrl(url: string): RedisEndpoint {
  const parsed = new URL(url);
  const options: RedisEndpoint = {
    host: parsed.hostname || '127.0.0.1',
    port: parsed.port ? Number(parsed.port) : 6379,
    db: parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
  };
  if (parsed.username) options.username = decodeURIComponent(parsed.username);
  if (parsed.password) options.password = decodeURIComponent(parsed.password);
  if (parsed.protocol === 'rediss:') options.tls = {};
  return options;
}

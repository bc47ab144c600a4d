import type Redis from 'ioredis';

export interface LimitRule {
  key: string;
  max: number;
}

/**
 * Counts one attempt against every rule in one atomic step and answers the
 * wait in seconds (0 when the attempt is allowed). Counting before the caller
 * does its work (e.g. a password check) means a burst of parallel attempts
 * cannot all slip through between a read and a later increment.
 */
const RESERVE = `
local wait = 0
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('EXPIRE', key, ARGV[1]) end
  if count > tonumber(ARGV[i + 1]) then
    local ttl = redis.call('PTTL', key)
    if ttl < 1000 then ttl = 1000 end
    local seconds = math.ceil(ttl / 1000)
    if seconds > wait then wait = seconds end
  end
end
return wait
`;

/**
 * Fixed-window counters in Redis, shared by every API instance.
 * `reserve` counts an attempt (atomically, before the work it guards);
 * `release` gives back the attempts that turned out not to be failures.
 */
export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly name: string,
    private readonly windowSeconds: number,
  ) {}

  private k(key: string): string {
    return `rl:${this.name}:${key}`;
  }

  async reserve(rules: LimitRule[]): Promise<number> {
    const wait = await this.redis.eval(RESERVE, rules.length, ...rules.map((r) => this.k(r.key)), this.windowSeconds, ...rules.map((r) => r.max));
    return Number(wait);
  }

  /** The attempt succeeded: it no longer counts, and `clear` keys (e.g. the account's failures) start afresh. */
  async release(rules: LimitRule[], clear: string[] = []): Promise<void> {
    const multi = this.redis.multi();
    for (const rule of rules) if (!clear.includes(rule.key)) multi.decr(this.k(rule.key));
    for (const key of clear) multi.del(this.k(key));
    await multi.exec();
  }
}

import type Redis from 'ioredis';

export interface SecondFactorLimits {
  /** Wrong codes allowed per account within `windowSeconds`. */
  maxFailures: number;
  windowSeconds: number;
  /** The first lock; each further lock within `strikeMemorySeconds` lasts twice the one before, up to `maxLockSeconds`. */
  lockSeconds: number;
  maxLockSeconds: number;
  strikeMemorySeconds: number;
}

/** The answer to a reserved attempt: `wait` seconds while locked (0: the code may be checked); `tripped` when this attempt set a new lock. */
export interface Reservation {
  wait: number;
  tripped: boolean;
}

/**
 * KEYS: failures, lock, strikes. ARGV: max, window, lock seconds, max lock seconds, strike memory.
 * Locked: nothing is counted, the wait is the lock's. Otherwise the attempt is
 * counted first (so parallel guesses cannot all pass a read-then-count check);
 * one over the allowance sets a lock twice as long as the previous one.
 */
const RESERVE = `
local lockTtl = redis.call('PTTL', KEYS[2])
if lockTtl > 0 then return {math.ceil(lockTtl / 1000), 0} end
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
if count <= tonumber(ARGV[1]) then return {0, 0} end
local strikes = redis.call('INCR', KEYS[3])
redis.call('EXPIRE', KEYS[3], ARGV[5])
local seconds = math.min(tonumber(ARGV[3]) * (2 ^ (strikes - 1)), tonumber(ARGV[4]))
redis.call('SET', KEYS[2], '1', 'EX', seconds)
redis.call('DEL', KEYS[1])
return {seconds, 1}
`;

/**
 * The per-account counter of wrong second-factor codes (DESIGN.md 13). It is
 * its own counter: a correct password never clears it, so re-entering the
 * password between guesses (from as many addresses as an attacker has) buys
 * no new codes. Past the allowance the account's code step locks, for longer
 * at each new lock; only a whole successful sign-in clears it.
 */
export class SecondFactorLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly limits: SecondFactorLimits,
  ) {}

  private keys(userId: string): [string, string, string] {
    return [`2fa:failures:${userId}`, `2fa:lock:${userId}`, `2fa:strikes:${userId}`];
  }

  /** Counts one code attempt before it is checked. */
  async reserve(userId: string): Promise<Reservation> {
    const l = this.limits;
    const [wait, tripped] = (await this.redis.eval(
      RESERVE,
      3,
      ...this.keys(userId),
      l.maxFailures,
      l.windowSeconds,
      l.lockSeconds,
      l.maxLockSeconds,
      l.strikeMemorySeconds,
    )) as [number, number];
    return { wait: Number(wait), tripped: Number(tripped) === 1 };
  }

  /** Seconds the account's code step stays locked (0: open). */
  async lockedFor(userId: string): Promise<number> {
    const ttl = await this.redis.pttl(this.keys(userId)[1]);
    return ttl > 0 ? Math.ceil(ttl / 1000) : 0;
  }

  /** The attempt was not a wrong code after all (the database failed, the challenge was spent): it does not count. */
  async giveBack(userId: string): Promise<void> {
    const [failures] = this.keys(userId);
    await this.redis.eval(
      `if redis.call('GET', KEYS[1]) and tonumber(redis.call('GET', KEYS[1])) > 0 then redis.call('DECR', KEYS[1]) end return 1`,
      1,
      failures,
    );
  }

  /** The whole sign-in succeeded: the account starts afresh. */
  async clear(userId: string): Promise<void> {
    await this.redis.del(...this.keys(userId));
  }
}

import type { BackoffStrategy } from 'bullmq';

/** The backoff type every job uses; the strategy is registered on each Worker. */
export const CAPPED_EXPONENTIAL = 'capped-exponential';

export interface RetryPolicy {
  attempts: number;
  baseMs: number;
  capMs: number;
}

/**
 * Delay before retry number `attemptsMade` (1-based): doubling from the base,
 * capped, with +-10% jitter so a burst of jobs that failed together (a
 * database outage) does not retry in lockstep.
 */
export function retryDelayMs(policy: RetryPolicy, attemptsMade: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attemptsMade - 1, 0), 40);
  const raw = Math.min(policy.baseMs * 2 ** exponent, policy.capMs);
  return Math.round(raw * (0.9 + 0.2 * random()));
}

/** Total time a job keeps retrying before it is dead-lettered (without jitter). */
export function retrySpanMs(policy: RetryPolicy): number {
  let total = 0;
  for (let n = 1; n < policy.attempts; n++) total += Math.min(policy.baseMs * 2 ** (n - 1), policy.capMs);
  return total;
}

export function backoffStrategy(policy: RetryPolicy): BackoffStrategy {
  return (attemptsMade, type) =>
    type === CAPPED_EXPONENTIAL ? retryDelayMs(policy, attemptsMade) : Math.min(policy.baseMs * 2 ** Math.max(attemptsMade - 1, 0), policy.capMs);
}

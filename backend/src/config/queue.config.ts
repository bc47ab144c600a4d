import { registerAs } from '@nestjs/config';
import { IsBoolean, IsInt, Max, Min } from 'class-validator';
import { boolFromEnv, intFromEnv, validateNamespace } from './validate';

/** Job retries and the re-drive of undelivered events (DESIGN.md section 12, "Delivery is end to end"). */
export class QueueConfig {
  /** Attempts per job before it is dead-lettered; with the capped backoff the default spans about five hours. */
  @IsInt()
  @Min(1)
  @Max(100)
  jobAttempts: number;

  /** First retry delay; each retry doubles it up to the cap. */
  @IsInt()
  @Min(10)
  @Max(600_000)
  backoffBaseMs: number;

  @IsInt()
  @Min(1)
  @Max(86_400)
  backoffCapSeconds: number;

  /** A worker that dies mid-job: its lock expires after this, and the stalled check hands the job back. */
  @IsInt()
  @Min(1000)
  @Max(600_000)
  lockDurationMs: number;

  @IsInt()
  @Min(500)
  @Max(600_000)
  stalledIntervalMs: number;

  /** How many times one job may stall (worker killed under it) before BullMQ fails it; the re-drive revives it after that. */
  @IsInt()
  @Min(1)
  @Max(1000)
  maxStalledCount: number;

  /** An event whose consumer has not recorded it this long after it happened is checked by the re-drive. */
  @IsInt()
  @Min(1)
  @Max(86_400)
  redriveGraceSeconds: number;

  @IsInt()
  @Min(1)
  @Max(3600)
  redriveEverySeconds: number;

  /** Re-enqueues of one delivery before it is declared dead (a poison event). */
  @IsInt()
  @Min(1)
  @Max(1000)
  maxRedrives: number;

  /** Consumers declared inline (grant-access) also run in the worker right after their event commits, ahead of their job (InlineConsumers). */
  @IsBoolean()
  inlineConsumers: boolean;

  /** While a worker runs payment steps a buyer waits on, its background jobs wait at most this long before starting (CriticalPath); 0: never. */
  @IsInt()
  @Min(0)
  @Max(60_000)
  yieldMs: number;
}

export const queueConfig = registerAs('queue', (): QueueConfig => {
  const env = process.env;
  return validateNamespace(
    'queue',
    QueueConfig,
    {
      jobAttempts: intFromEnv(env.QUEUE_JOB_ATTEMPTS, 20),
      backoffBaseMs: intFromEnv(env.QUEUE_BACKOFF_BASE_MS, 1000),
      backoffCapSeconds: intFromEnv(env.QUEUE_BACKOFF_CAP_SECONDS, 1800),
      lockDurationMs: intFromEnv(env.QUEUE_LOCK_DURATION_MS, 10_000),
      stalledIntervalMs: intFromEnv(env.QUEUE_STALLED_INTERVAL_MS, 5_000),
      maxStalledCount: intFromEnv(env.QUEUE_MAX_STALLED_COUNT, 10),
      redriveGraceSeconds: intFromEnv(env.REDRIVE_GRACE_SECONDS, 30),
      redriveEverySeconds: intFromEnv(env.REDRIVE_EVERY_SECONDS, 15),
      maxRedrives: intFromEnv(env.REDRIVE_MAX, 8),
      inlineConsumers: boolFromEnv(env.QUEUE_INLINE_CONSUMERS, true),
      yieldMs: intFromEnv(env.QUEUE_YIELD_MS, 2000),
    },
    {
      jobAttempts: 'QUEUE_JOB_ATTEMPTS',
      backoffBaseMs: 'QUEUE_BACKOFF_BASE_MS',
      backoffCapSeconds: 'QUEUE_BACKOFF_CAP_SECONDS',
      lockDurationMs: 'QUEUE_LOCK_DURATION_MS',
      stalledIntervalMs: 'QUEUE_STALLED_INTERVAL_MS',
      maxStalledCount: 'QUEUE_MAX_STALLED_COUNT',
      redriveGraceSeconds: 'REDRIVE_GRACE_SECONDS',
      redriveEverySeconds: 'REDRIVE_EVERY_SECONDS',
      maxRedrives: 'REDRIVE_MAX',
      inlineConsumers: 'QUEUE_INLINE_CONSUMERS',
      yieldMs: 'QUEUE_YIELD_MS',
    },
  );
});

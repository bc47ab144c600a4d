import { registerAs } from '@nestjs/config';
import { IsBoolean, IsInt, Max, Min } from 'class-validator';
import { boolFromEnv, intFromEnv, isProduction, validateNamespace } from './validate';

/** Outbound webhooks (issue 34): how deliveries are sent, retried and where they may go. */
export class WebhooksConfig {
  /** Per-attempt request timeout. */
  @IsInt()
  @Min(100)
  @Max(60_000)
  timeoutMs: number;

  /** First retry delay; each retry doubles it up to the cap. */
  @IsInt()
  @Min(10)
  @Max(3_600_000)
  backoffBaseMs: number;

  @IsInt()
  @Min(1)
  @Max(86_400)
  backoffCapSeconds: number;

  /** A delivery is retried for this long after it was made (or resent), then it is failed. */
  @IsInt()
  @Min(1)
  @Max(7 * 86_400)
  retryWindowSeconds: number;

  /** An endpoint is disabled (with an admin alert) after this many consecutive failed attempts... */
  @IsInt()
  @Min(1)
  @Max(100_000)
  disableAfterFailures: number;

  /** ...spanning at least this long. */
  @IsInt()
  @Min(0)
  @Max(30 * 86_400)
  disableAfterSeconds: number;

  /** How often the worker looks for due deliveries (a new event wakes it at once). */
  @IsInt()
  @Min(100)
  @Max(600_000)
  sweepEveryMs: number;

  /** Requests in flight at once per worker. */
  @IsInt()
  @Min(1)
  @Max(500)
  concurrency: number;

  /** Private, loopback, link-local and metadata addresses allowed (default: outside production only). */
  @IsBoolean()
  allowPrivateUrls: boolean;

  /** Plain http:// URLs allowed (default: outside production only). */
  @IsBoolean()
  allowHttp: boolean;
}

export const webhooksConfig = registerAs('webhooks', (): WebhooksConfig => {
  const env = process.env;
  return validateNamespace(
    'webhooks',
    WebhooksConfig,
    {
      timeoutMs: intFromEnv(env.WEBHOOKS_TIMEOUT_MS, 10_000),
      backoffBaseMs: intFromEnv(env.WEBHOOKS_BACKOFF_BASE_MS, 30_000),
      backoffCapSeconds: intFromEnv(env.WEBHOOKS_BACKOFF_CAP_SECONDS, 7200),
      retryWindowSeconds: intFromEnv(env.WEBHOOKS_RETRY_WINDOW_SECONDS, 86_400),
      disableAfterFailures: intFromEnv(env.WEBHOOKS_DISABLE_AFTER_FAILURES, 50),
      disableAfterSeconds: intFromEnv(env.WEBHOOKS_DISABLE_AFTER_SECONDS, 86_400),
      sweepEveryMs: intFromEnv(env.WEBHOOKS_SWEEP_EVERY_MS, 2000),
      concurrency: intFromEnv(env.WEBHOOKS_CONCURRENCY, 16),
      allowPrivateUrls: boolFromEnv(env.WEBHOOKS_ALLOW_PRIVATE_URLS, !isProduction()),
      allowHttp: boolFromEnv(env.WEBHOOKS_ALLOW_HTTP, !isProduction()),
    },
    {
      timeoutMs: 'WEBHOOKS_TIMEOUT_MS',
      backoffBaseMs: 'WEBHOOKS_BACKOFF_BASE_MS',
      backoffCapSeconds: 'WEBHOOKS_BACKOFF_CAP_SECONDS',
      retryWindowSeconds: 'WEBHOOKS_RETRY_WINDOW_SECONDS',
      disableAfterFailures: 'WEBHOOKS_DISABLE_AFTER_FAILURES',
      disableAfterSeconds: 'WEBHOOKS_DISABLE_AFTER_SECONDS',
      sweepEveryMs: 'WEBHOOKS_SWEEP_EVERY_MS',
      concurrency: 'WEBHOOKS_CONCURRENCY',
      allowPrivateUrls: 'WEBHOOKS_ALLOW_PRIVATE_URLS',
      allowHttp: 'WEBHOOKS_ALLOW_HTTP',
    },
  );
});

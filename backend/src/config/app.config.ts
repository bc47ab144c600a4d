import { registerAs } from '@nestjs/config';
import { IsBoolean, IsIn, IsInt, IsString, IsUrl, Max, Min } from 'class-validator';
import { resolve } from 'node:path';
import { boolFromEnv, intFromEnv, isProduction, validateNamespace } from './validate';

export class AppConfig {
  @IsIn(['development', 'production', 'test'])
  nodeEnv: 'development' | 'production' | 'test';

  @IsInt()
  @Min(0)
  @Max(65535)
  port: number;

  @IsString()
  host: string;

  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  publicUrl: string;

  @IsBoolean()
  demoMode: boolean;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  logLevel: string;

  @IsString()
  dataDir: string;

  @IsString()
  webLearnerDist: string;

  @IsString()
  webAdminDist: string;

  @IsBoolean()
  docsEnabled: boolean;

  /** Trust X-Forwarded-For (only behind a proxy you control); per-IP rate limits depend on it. */
  @IsBoolean()
  trustProxy: boolean;

  /** Page views one client address may report (POST /api/referrals/visit) per window; past that, 429. */
  @IsInt()
  @Min(1)
  visitMaxPerIp: number;

  @IsInt()
  @Min(1)
  visitWindowSeconds: number;

  /** Bearer token Prometheus must send to GET /metrics (empty: none asked; then production serves no /metrics on the API port). */
  @IsString()
  metricsToken: string;

  /** A separate listen address for the API's metrics (0: none). */
  @IsInt()
  @Min(0)
  @Max(65535)
  metricsPort: number;

  /** The worker's metrics port (0: the worker serves no metrics). */
  @IsInt()
  @Min(0)
  @Max(65535)
  workerMetricsPort: number;

  /**
   * The worker process's CPU niceness (0 to 19): on a machine it shares with
   * the API and the database, the background work yields to the requests
   * people wait on (checkout, access, sign-in) and catches up in the gaps.
   */
  @IsInt()
  @Min(0)
  @Max(19)
  workerNice: number;

  @IsString()
  metricsHost: string;

  /** Demo accounts, created and shown on the sign-in screens only in demo mode. */
  @IsString() demoAdminEmail: string;
  @IsString() demoAdminPassword: string;
  @IsString() demoLearnerEmail: string;
  @IsString() demoLearnerPassword: string;
}

export const appConfig = registerAs('app', (): AppConfig => {
  const env = process.env;
  const port = intFromEnv(env.PORT, 3000);
  const repoRoot = resolve(__dirname, '..', '..', '..');
  return validateNamespace(
    'app',
    AppConfig,
    {
      nodeEnv: env.NODE_ENV ?? 'development',
      port,
      host: env.HOST ?? '0.0.0.0',
      publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
      demoMode: boolFromEnv(env.DEMO_MODE, !isProduction()),
      logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
      dataDir: resolve(env.DATA_DIR ?? resolve(repoRoot, '.data')),
      webLearnerDist: resolve(env.WEB_LEARNER_DIST ?? resolve(repoRoot, 'web-learner', 'dist')),
      webAdminDist: resolve(env.WEB_ADMIN_DIST ?? resolve(repoRoot, 'web-admin', 'dist')),
      // The OpenAPI UI is a map of the API: off in production unless asked for.
      docsEnabled: boolFromEnv(env.API_DOCS, !isProduction()),
      trustProxy: boolFromEnv(env.TRUST_PROXY, false),
      visitMaxPerIp: intFromEnv(env.VISIT_MAX_PER_IP, 120),
      visitWindowSeconds: intFromEnv(env.VISIT_WINDOW_SECONDS, 60),
      metricsToken: env.METRICS_TOKEN ?? '',
      metricsPort: intFromEnv(env.METRICS_PORT, 0),
      workerMetricsPort: intFromEnv(env.WORKER_METRICS_PORT, 0),
      workerNice: intFromEnv(env.WORKER_NICE, 10),
      metricsHost: env.METRICS_HOST ?? '127.0.0.1',
      demoAdminEmail: env.DEMO_ADMIN_EMAIL ?? 'admin@example.com',
      demoAdminPassword: env.DEMO_ADMIN_PASSWORD ?? 'Admin123!',
      demoLearnerEmail: env.DEMO_LEARNER_EMAIL ?? 'learner@example.com',
      demoLearnerPassword: env.DEMO_LEARNER_PASSWORD ?? 'Learner123!',
    },
    {
      nodeEnv: 'NODE_ENV',
      port: 'PORT',
      host: 'HOST',
      publicUrl: 'PUBLIC_URL',
      demoMode: 'DEMO_MODE',
      logLevel: 'LOG_LEVEL',
      dataDir: 'DATA_DIR',
      visitMaxPerIp: 'VISIT_MAX_PER_IP',
      visitWindowSeconds: 'VISIT_WINDOW_SECONDS',
      metricsPort: 'METRICS_PORT',
      workerMetricsPort: 'WORKER_METRICS_PORT',
      workerNice: 'WORKER_NICE',
      metricsHost: 'METRICS_HOST',
    },
  );
});

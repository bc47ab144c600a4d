import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus registry (GET /metrics on the API, the worker's
 * own metrics port). Names follow Prometheus conventions: the unit in the
 * name, `_total` on counters, and only bounded label values (a route
 * template, a state, an outcome), never an email, an id or a raw path.
 */
export const metricsRegistry = new Registry();

collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });

const registers = [metricsRegistry];
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const metrics = {
  httpRequestDuration: new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route template, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: SECONDS_BUCKETS,
    registers,
  }),
  rateLimitRejections: new Counter({
    name: 'http_rate_limit_rejections_total',
    help: 'Requests refused with 429 by a rate limit, by route template',
    labelNames: ['route'] as const,
    registers,
  }),
  paymentStateChanges: new Counter({
    name: 'payment_state_changes_total',
    help: 'Payments moved from one state to another',
    labelNames: ['from', 'to'] as const,
    registers,
  }),
  ipnToAccess: new Histogram({
    name: 'payment_ipn_to_access_seconds',
    help: 'From the provider notice that paid a payment being received to its access being granted',
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
    registers,
  }),
  mails: new Counter({
    name: 'mails_total',
    help: 'Mails by outcome: owed (written in a transaction), sent, failed (an attempt failed; retried)',
    labelNames: ['outcome'] as const,
    registers,
  }),
  loginFailures: new Counter({
    name: 'login_failures_total',
    help: 'Sign-ins refused for a wrong email or password, by portal',
    labelNames: ['portal'] as const,
    registers,
  }),
  twoFactorLockouts: new Counter({
    name: 'two_factor_lockouts_total',
    help: 'Admin second-factor checks refused because the account hit its failure limit',
    registers,
  }),
  jobDuration: new Histogram({
    name: 'queue_job_duration_seconds',
    help: 'Jobs this process ran, by queue ("inline": a consumer run right after its event committed, ahead of its job), job name (a consumer or command, a fixed set) and outcome (completed, failed: retried or dead)',
    labelNames: ['queue', 'job', 'outcome'] as const,
    buckets: SECONDS_BUCKETS,
    registers,
  }),
  jobYield: new Histogram({
    name: 'queue_job_yield_seconds',
    help: 'How long background jobs (mail, rollups, webhooks) waited before starting while this worker ran payment steps a buyer waits on (QUEUE_YIELD_MS bounds it)',
    buckets: SECONDS_BUCKETS,
    registers,
  }),
  webhookAttempts: new Histogram({
    name: 'webhook_attempt_duration_seconds',
    help: 'Outbound webhook attempts by outcome (delivered, retry, failed, gone: 410) and their duration',
    labelNames: ['outcome'] as const,
    buckets: SECONDS_BUCKETS,
    registers,
  }),
  webhookEndpointsDisabled: new Counter({
    name: 'webhook_endpoints_disabled_total',
    help: 'Webhook endpoints disabled by a 410 or a sustained failure',
    registers,
  }),
  redrivePasses: new Counter({ name: 'redrive_passes_total', help: 'Re-drive sweeps run', registers }),
  redriveEnqueued: new Counter({
    name: 'redrive_reenqueued_total',
    help: 'Event deliveries and owed commands enqueued again by the re-drive',
    registers,
  }),
  redriveDead: new Counter({
    name: 'redrive_dead_letters_total',
    help: 'Event deliveries and owed commands the re-drive gave up on (dead letters)',
    registers,
  }),
};

/** The pieces a cluster-wide collector fills in when scraped (the API process only: every instance would report the same). */
export const clusterGauges = {
  queueJobs: new Gauge({
    name: 'queue_jobs',
    help: 'BullMQ jobs per queue and state (waiting, active, delayed, failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [],
  }),
  deadLetters: new Gauge({
    name: 'dead_letters',
    help: 'Event deliveries and owed commands that stopped retrying, by kind and queue',
    labelNames: ['kind', 'queue'] as const,
    registers: [],
  }),
  owed: new Gauge({
    name: 'owed_work',
    help: 'Event deliveries and owed commands not done yet, by kind and queue',
    labelNames: ['kind', 'queue'] as const,
    registers: [],
  }),
  owedOldestAge: new Gauge({
    name: 'owed_work_oldest_age_seconds',
    help: 'Age of the oldest event delivery or owed command not done yet, by kind and queue (0 when none)',
    labelNames: ['kind', 'queue'] as const,
    registers: [],
  }),
  outboxUnpublished: new Gauge({ name: 'outbox_unpublished_events', help: 'Outbox rows not yet published to the queues', registers: [] }),
  outboxOldestAge: new Gauge({
    name: 'outbox_oldest_unpublished_age_seconds',
    help: 'Age of the oldest outbox row not yet published (0 when none)',
    registers: [],
  }),
  mailsOwed: new Gauge({ name: 'mails_owed', help: 'Mails owed and not sent yet (including failing ones being retried)', registers: [] }),
};

/** Database pool figures of this process, read when scraped. */
export const dbPool = {
  connections: new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections of this process by state (in_use, idle, waiting: requests queued for a connection)',
    labelNames: ['state'] as const,
    registers,
  }),
  max: new Gauge({ name: 'db_pool_max_connections', help: 'Database pool size of this process', registers }),
  timeouts: new Counter({
    name: 'db_timeouts_total',
    help: 'Database statements or lock waits cut off by statement_timeout or lock_timeout, and pool connection timeouts',
    labelNames: ['kind'] as const,
    registers,
  }),
};

/** The metric text of this process, plus `extra` registries (the cluster gauges on the API). */
export async function metricsText(extra: readonly Registry[] = []): Promise<{ contentType: string; body: string }> {
  if (extra.length === 0) return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
  const merged = Registry.merge([metricsRegistry, ...extra]);
  return { contentType: merged.contentType, body: await merged.metrics() };
}

/** `route` label of a request: the matched route template, never the raw path (ids would make it unbounded). */
export function routeLabel(template: string | undefined): string {
  if (!template) return 'unmatched';
  if (template.startsWith('/api/')) return template;
  // Static files, the SPA fallback and the public pages: one label each, whatever the path.
  if (template === '/metrics') return template;
  if (template.startsWith('/admin')) return '/admin/*';
  if (template.startsWith('/media')) return '/media/*';
  return '/*';
}

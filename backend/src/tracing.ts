/**
 * OpenTelemetry for the API and worker processes: imported first by
 * main.ts and worker.ts, before anything loads `http`, `fastify`, `pg` or
 * `ioredis`, so their instrumentations can wrap them. Traces are exported over OTLP
 * (HTTP) only when OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set; otherwise nothing is loaded
 * and tracing costs nothing.
 */
import { tracingConfigured } from './common/tracing/trace-context';

type Shutdown = () => Promise<void>;

export function startTracing(service: 'api' | 'worker'): Shutdown | null {
  const env = process.env;
  if (!tracingConfigured(env)) return null;
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing is on */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { IORedisInstrumentation } = require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  const { FastifyOtelInstrumentation } = require('@fastify/otel') as typeof import('@fastify/otel');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const quiet = new Set(['/metrics', '/api/health', '/api/health/ready']);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? `course-platform-${service}`,
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({
        // Scrapes and health probes would drown the traces that matter.
        ignoreIncomingRequestHook: (req) => quiet.has((req.url ?? '').split('?')[0]),
      }),
      // Fastify's request lifecycle (hooks and the handler) under the HTTP span, registered on the instance Nest creates.
      new FastifyOtelInstrumentation({ registerOnInitialization: true, ignorePaths: (route: { url: string }) => quiet.has(route.url) }),
      // Database and Redis calls only inside a traced request or job (not the pollers' background chatter).
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  return () => sdk.shutdown();
}

/** Started on import (main.ts and worker.ts import this module first); flushes what is buffered when the process is told to stop. */
export const stopTracing = startTracing(/worker\.[jt]s$/.test(require.main?.filename ?? '') ? 'worker' : 'api');
if (stopTracing) {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void stopTracing().catch(() => undefined));
}

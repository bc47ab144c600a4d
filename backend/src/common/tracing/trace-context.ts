import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';
import type { Telemetry } from 'bullmq';

/**
 * The seams of a trace across our own hops: a W3C `traceparent` is written
 * with each outbox row and job, and each job runs in a span whose parent it
 * names, so one trace follows a webhook through intake, the relay, the
 * worker, the state change, the grant and the mail. Without a tracer
 * provider (no OTEL_EXPORTER_OTLP_ENDPOINT) every call here is a no-op.
 */
const tracer = trace.getTracer('course-platform');

/** The active span's context as a `traceparent` header value, or undefined when nothing is traced. */
export function currentTraceparent(): string | undefined {
  if (!trace.getActiveSpan()) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** Runs `work` in a new span, child of `traceparent` when given (a job's), else of the active context. */
export function inSpan<T>(name: string, attributes: Attributes, traceparent: string | undefined, work: () => Promise<T>): Promise<T> {
  const parent = traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : context.active();
  return tracer.startActiveSpan(name, { kind: traceparent ? SpanKind.CONSUMER : SpanKind.INTERNAL, attributes }, parent, async (span) => {
    try {
      return await work();
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Trace and span ids of the active span, for log lines (pino's mixin). */
export function traceIds(): { trace_id: string; span_id: string } | Record<string, never> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** Names the HTTP server span after the route template (the HTTP instrumentation only knows the method). */
export function nameServerSpan(method: string, route: string): void {
  const span = trace.getActiveSpan();
  if (!span) return;
  span.updateName(`${method} ${route}`);
  span.setAttribute('http.route', route);
}

/** Whether traces are exported (OTEL_EXPORTER_OTLP_ENDPOINT or its traces variant set, the SDK not disabled). */
export function tracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) && env.OTEL_SDK_DISABLED !== 'true';
}

/**
 * BullMQ's own telemetry (its producer and consumer spans: the time a job waited in its queue) when traces are exported;
 * undefined otherwise, so an untraced installation loads nothing more.
 */
export function bullmqTelemetry(): Telemetry | undefined {
  if (!tracingConfigured()) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when tracing is on
  const { BullMQOtel } = require('bullmq-otel') as typeof import('bullmq-otel');
  return new BullMQOtel({ tracerName: 'bullmq' }) as unknown as Telemetry;
}

import { expect, test } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import { freePort } from '../support/app-process.mjs';
import { checkout, converged, eventually, sendSignedIpn, startBackend } from '../support/backend-processes.mjs';
import { figure } from './prometheus-text';

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  service: string;
}

/** A local OTLP/HTTP receiver (JSON encoding, what the product's exporter sends): keeps every span it is sent. */
async function otlpReceiver(): Promise<{ url: string; spans: Span[]; close(): void }> {
  const spans: Span[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.headers['content-type']?.startsWith('application/json')) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        for (const rs of body.resourceSpans ?? []) {
          const service = (rs.resource?.attributes ?? []).find((a: { key: string }) => a.key === 'service.name')?.value?.stringValue ?? '';
          for (const ss of rs.scopeSpans ?? []) {
            for (const s of ss.spans ?? [])
              spans.push({ traceId: s.traceId, spanId: s.spanId, parentSpanId: s.parentSpanId || undefined, name: s.name, service });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, spans, close: () => server.close() };
}

/**
 * The operator's view of one sandbox payment, from real API and worker
 * processes: one trace follows the signed webhook through intake, the relay,
 * the worker's state change, the grant and the receipt mail; the worker's
 * own /metrics port counts the jobs it ran and the mail it sent.
 */
test('one trace follows a payment from webhook to access and mail; the worker serves its own metrics', async () => {
  const receiver = await otlpReceiver();
  const workerMetricsPort = await freePort();
  const backend = await startBackend({
    redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '100', LOG_LEVEL: 'info' },
  });
  try {
    backend.startWorker({ WORKER_METRICS_PORT: String(workerMetricsPort) });
    const id = await checkout(backend);
    expect((await sendSignedIpn(backend, id, 'finished')).status).toBe(200);
    await converged(backend, id ? [id] : [], { timeoutMs: 60_000 });
    await eventually(async () => (await backend.query(`SELECT count(*)::int AS n FROM mail_log WHERE dedupe_key = $1`, [`receipt-${id}`]))[0].n === 1, {
      what: 'the receipt sent',
    });

    const webhookSpan = await eventually(() => Promise.resolve(receiver.spans.find((s) => s.name === 'POST /api/payments/webhook/:provider')), {
      what: 'the webhook span exported',
    });
    const wanted = ['job process-ipn', 'job grant-access', 'job send-receipt', 'job send-email'];
    const trace = await eventually(
      () => {
        const inTrace = receiver.spans.filter((s) => s.traceId === webhookSpan.traceId);
        return Promise.resolve(wanted.every((name) => inTrace.some((s) => s.name === name)) ? inTrace : null);
      },
      { what: `spans ${wanted.join(', ')} in the webhook's trace (have: ${[...new Set(receiver.spans.map((s) => s.name))].join(', ')})` },
    );
    // Fastify's lifecycle (its handler span) and BullMQ's own spans (a job processed from its queue) are in it too.
    expect(trace.some((s) => s.service === 'course-platform-api' && s.name.startsWith('handler - '))).toBe(true);
    expect(trace.some((s) => s.service === 'course-platform-worker' && s.name === 'process payments')).toBe(true);
    // The API and the worker both report into it, and the database work of each hop is inside it.
    expect(new Set(trace.map((s) => s.service))).toEqual(new Set(['course-platform-api', 'course-platform-worker']));
    expect(trace.filter((s) => s.service === 'course-platform-worker' && /^(pg\.query|SELECT|INSERT|UPDATE|WITH)/.test(s.name)).length).toBeGreaterThan(0);
    // Every job span hangs under a span of the same trace (nothing starts a trace of its own on the way).
    const ids = new Set(trace.map((s) => s.spanId));
    for (const span of trace.filter((s) => s.name.startsWith('job '))) expect(ids.has(span.parentSpanId ?? '')).toBe(true);

    // Log lines name their trace: the worker's line about the receipt mail carries the webhook's trace id.
    // (A chunk of output may hold several lines; only the first carries the process's prefix.)
    const mailLine = backend
      .allLogs()
      .split('\n')
      .find((line) => line.includes('"context":"MailService"') && line.includes('Mail captured'));
    expect(JSON.parse(mailLine!.slice(mailLine!.indexOf('{')))).toMatchObject({
      trace_id: webhookSpan.traceId,
      span_id: expect.stringMatching(/^[0-9a-f]{16}$/),
    });

    // The worker's own metrics port.
    const metrics = await (await fetch(`http://127.0.0.1:${workerMetricsPort}/metrics`)).text();
    expect(figure(metrics, 'queue_job_duration_seconds_count', { job: 'grant-access', outcome: 'completed' })).toBeGreaterThanOrEqual(1);
    expect(figure(metrics, 'payment_state_changes_total', { to: 'PAID' })).toBe(1);
    expect(figure(metrics, 'payment_ipn_to_access_seconds_count')).toBe(1);
    expect(figure(metrics, 'mails_total', { outcome: 'sent' })).toBeGreaterThanOrEqual(1);
    expect(figure(metrics, 'db_pool_max_connections')).toBeGreaterThan(0);
    // Cluster figures are the API's alone (a dashboard summing processes would count them twice).
    expect(figure(metrics, 'queue_jobs')).toBe(0);
    expect(metrics).not.toContain('queue_jobs{');
  } catch (err) {
    console.error(backend.logs());
    throw err;
  } finally {
    await backend.stop();
    receiver.close();
  }
});

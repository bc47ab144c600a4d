// Outbound webhooks (issue 34): signed deliveries per second from the worker
// to a local receiver, and the latency from an event's commit to its
// arrival (p50, p99), vs raw HTTP POSTs of the same bodies to the same
// receiver with the same concurrency, measured in the same run. The ratio
// compares the sender alone (deliveries that exist, sent again at once) with
// bare POSTs: each delivery also costs a share of a claim under a lease, a
// signature and a transaction logging its attempt, so it has no target of
// its own yet (none in DESIGN.md); the pass condition is zero lost and zero
// duplicated deliveries.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/paths.mjs';
import { checkouts, eventually, startBackend } from '../support/backend-processes.mjs';
import { fmt, printTable } from './lib.mjs';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CONCURRENCY = 16;

/** An administrator created with the CLI (as production gets its first one), signed in. */
async function adminToken(backend) {
  const email = `bench-${randomBytes(3).toString('hex')}@example.com`;
  const password = `Bench!${randomBytes(12).toString('hex')}`;
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'backend/dist/cli.js'), 'admin:create', '--email', email, '--password', password], {
      env: backend.env,
      stdio: 'ignore',
    });
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`admin:create exited with ${code}`);
  const res = await backend.request('POST', '/api/admin/login', { email, password });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.text}`);
  return res.body.token;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** A receiver that answers 204 at once and records, per webhook-id, when it arrived and the event's timestamp. */
async function startReceiver() {
  const arrivals = new Map();
  let duplicates = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const id = req.headers['webhook-id'];
      if (id) {
        if (arrivals.has(id)) duplicates++;
        else arrivals.set(id, { at: Date.now(), occurredAt: Date.parse(JSON.parse(body).timestamp) });
      }
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hooks`,
    arrivals,
    duplicates: () => duplicates,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Raw HTTP POSTs of `n` bodies to the receiver, CONCURRENCY at a time on keep-alive sockets: posts/s and per-request latency. */
async function rawPosts(url, n, body) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const post = () =>
    new Promise((resolve, reject) => {
      const req = http.request(
        url,
        { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < n) {
        const t = performance.now();
        await post();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { perSecond: n / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

export async function webhooksBench({ burst = 1000, stream = 300 } = {}) {
  const receiver = await startReceiver();
  const backend = await startBackend({
    redisUrl: REDIS_URL,
    env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', WEBHOOKS_ALLOW_HTTP: 'true', WEBHOOKS_CONCURRENCY: String(CONCURRENCY) },
  });
  try {
    let worker = backend.startWorker();
    const token = await adminToken(backend);
    const created = await backend.request(
      'POST',
      '/api/admin/webhooks',
      { url: receiver.url, eventTypes: ['payment.created'] },
      { authorization: `Bearer ${token}` },
    );
    if (created.status !== 201) throw new Error(`endpoint not created: ${created.status} ${created.text}`);

    // Burst: events committed while the worker is stopped, then delivered as fast as it can.
    await worker.kill('SIGTERM');
    await checkouts(backend, burst);
    worker = backend.startWorker();
    await eventually(async () => receiver.arrivals.size >= burst, { timeoutMs: 600_000, intervalMs: 20, what: `${burst} deliveries` });
    const times = [...receiver.arrivals.values()].map((a) => a.at).sort((a, b) => a - b);
    const burstPerSecond = (burst - 1) / ((times.at(-1) - times[0]) / 1000);

    // Stream: events committed one checkout after another (8 at a time) while the worker runs; latency from commit to arrival.
    const before = new Set(receiver.arrivals.keys());
    await checkouts(backend, stream);
    await eventually(async () => receiver.arrivals.size >= burst + stream, { timeoutMs: 300_000, intervalMs: 20, what: `${stream} streamed deliveries` });
    const streamed = [...receiver.arrivals].filter(([id]) => !before.has(id));
    const latencies = streamed.map(([, a]) => a.at - a.occurredAt).sort((a, b) => a - b);
    // The part of it spent before the delivery row existed (relay, queue, fan-out job).
    const made = await backend.query(
      `SELECT (extract(epoch FROM created_at - occurred_at) * 1000)::float8 AS ms FROM webhook_deliveries WHERE id = ANY($1::uuid[])`,
      [streamed.map(([id]) => id)],
    );
    const fanOutLatencies = made.map((r) => r.ms).sort((a, b) => a - b);

    // Sender alone: every delivery sent again at once (what "Resend" does to one), so the fan-out is not part of the figure.
    const [{ fanOutSeconds }] = await backend.query(
      `SELECT extract(epoch FROM max(created_at) - min(created_at))::float8 AS "fanOutSeconds" FROM webhook_deliveries WHERE created_at <= (SELECT min(created_at) FROM webhook_deliveries) + interval '1 hour' AND seq <= $1`,
      [burst],
    );
    const firstPass = receiver.arrivals.size;
    await worker.kill('SIGTERM');
    await backend.query(`UPDATE webhook_deliveries SET state = 'pending', next_attempt_at = now(), locked_until = NULL`);
    receiver.arrivals.clear();
    worker = backend.startWorker();
    await eventually(async () => receiver.arrivals.size >= firstPass, { timeoutMs: 600_000, intervalMs: 20, what: `${firstPass} resent deliveries` });
    const resentTimes = [...receiver.arrivals.values()].map((a) => a.at).sort((a, b) => a - b);
    const senderPerSecond = (firstPass - 1) / ((resentTimes.at(-1) - resentTimes[0]) / 1000);
    await eventually(async () => (await backend.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE state = 'pending'`))[0].n === 0, {
      timeoutMs: 60_000,
      what: 'the resent deliveries recorded',
    });

    await new Promise((r) => setTimeout(r, 1000));
    const [{ deliveries, delivered }] = await backend.query(
      `SELECT count(*)::int AS deliveries, count(*) FILTER (WHERE state = 'delivered')::int AS delivered FROM webhook_deliveries`,
    );
    const lost = burst + stream - firstPass;
    const duplicated = receiver.duplicates();
    const body = JSON.stringify({
      type: 'payment.created',
      timestamp: new Date().toISOString(),
      data: {
        paymentId: '00000000-0000-4000-8000-000000000000',
        email: 'buyer@example.com',
        amount: '497.00',
        currency: 'USD',
        payCurrency: 'USDT',
        provider: 'sandbox',
      },
    });
    const raw = await rawPosts(receiver.url, burst, body);
    const ratio = senderPerSecond / raw.perSecond;

    printTable(`Webhooks: ${burst} events delivered in a burst, then ${stream} streamed, to a local receiver (${CONCURRENCY} in flight)`, [
      ['measure', 'per second', 'p50 ms', 'p99 ms', 'notes'],
      ['events → receiver (burst)', fmt(burstPerSecond, 1), '', '', `outbox → fan-out → signed delivery; fan-out of the burst took ${fmt(fanOutSeconds, 1)} s`],
      [
        'signed deliveries (sender alone)',
        fmt(senderPerSecond, 1),
        '',
        '',
        `${firstPass} sent again at once; ${delivered}/${deliveries} delivered, ${lost} lost, ${duplicated} duplicated`,
      ],
      [
        'event commit → receiver (stream)',
        '',
        fmt(percentile(latencies, 50)),
        fmt(percentile(latencies, 99)),
        `${latencies.length} events, 8 checkouts at a time; of which commit → delivery row p50 ${fmt(percentile(fanOutLatencies, 50))} ms, p99 ${fmt(percentile(fanOutLatencies, 99))} ms`,
      ],
      ['raw HTTP POSTs (same receiver)', fmt(raw.perSecond, 1), fmt(raw.p50, 1), fmt(raw.p99, 1), `${burst} POSTs, ${CONCURRENCY} concurrent, keep-alive`],
    ]);
    const ok = lost === 0 && duplicated === 0;
    console.log(
      `  ratio signed deliveries (sender alone) / raw POSTs = ${fmt(ratio, 3)} (no target yet); lost ${lost}, duplicated ${duplicated} ${ok ? 'OK' : 'FAILED'}`,
    );
    return { name: 'webhooks', ratio, ok };
  } finally {
    await backend.stop();
    await receiver.close();
  }
}

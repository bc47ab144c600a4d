// Benchmark 2 (DESIGN.md section 10): signed IPNs → entitlements granted per
// second, end to end (webhook → outbox → relay → process-ipn job → PAID →
// payment.confirmed → grant-access job), vs BullMQ no-op job throughput on
// the same Redis. Target: ratio >= 0.3, zero lost and zero duplicated grants.
// Also reports, per payment, the time from sending its IPN to its access
// being granted (p50, p99) over the whole burst.
import { Queue, Worker } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { checkout, eventually, sendSignedIpn, startBackend } from '../support/backend-processes.mjs';
import { fmt, printTable } from './lib.mjs';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function pool(items, concurrency, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/** BullMQ alone: the same number of jobs, added in bulk, consumed by a no-op worker with the product's payments concurrency. */
async function noopThroughput(jobs) {
  const url = new URL(REDIS_URL);
  const connection = { host: url.hostname, port: Number(url.port || 6379), maxRetriesPerRequest: null };
  const prefix = `{bench${randomBytes(3).toString('hex')}}`;
  const queue = new Queue('noop', { connection, prefix });
  let done = 0;
  let finished;
  const allDone = new Promise((r) => (finished = r));
  const worker = new Worker('noop', async () => undefined, { connection, prefix, concurrency: 8, autorun: false });
  worker.on('completed', () => {
    if (++done === jobs) finished();
  });
  await queue.addBulk(Array.from({ length: jobs }, (_, i) => ({ name: 'noop', data: { i }, opts: { removeOnComplete: true } })));
  const started = performance.now();
  void worker.run();
  await allDone;
  const seconds = (performance.now() - started) / 1000;
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  return jobs / seconds;
}

/**
 * A burst mixing the three methods: crypto (a signed IPN), card (the sandbox
 * card page's Pay, which sends a Stripe-signed webhook) and PayPal (Pay
 * approves the order; the worker captures it), each hosted-page Pay clicked
 * twice (the second must change nothing). Counts lost and duplicated grants
 * of these payments only.
 */
async function mixedMethods(backend, n) {
  const methods = ['crypto', 'card', 'paypal'];
  const started = [];
  await pool(
    Array.from({ length: n }, (_, i) => methods[i % 3]),
    8,
    async (method) => {
      if (method === 'crypto') return void started.push({ method, id: await checkout(backend) });
      const email = `mix-${randomBytes(4).toString('hex')}@example.com`;
      const res = await backend.request('POST', '/api/payments/create', { amount: 497, method, clientId: `user_${Date.now()}`, email });
      if (res.status !== 201) throw new Error(`${method} checkout failed: ${res.status} ${res.text}`);
      started.push({ method, id: res.body.paymentId, hosted: new URL(res.body.paymentUrl).pathname.split('/').at(-1) });
    },
  );
  const t0 = performance.now();
  let refused = 0;
  await pool(started, 16, async (p) => {
    if (p.method === 'crypto') {
      if ((await sendSignedIpn(backend, p.id, 'finished')).status !== 200) refused++;
      return;
    }
    const path = p.method === 'card' ? `/api/payments/sandbox/card/${p.hosted}/simulate` : `/api/payments/sandbox/paypal/${p.hosted}/simulate`;
    // Two clicks: the second must change nothing.
    for (let click = 0; click < 2; click++) {
      const res = await backend.request('POST', path, { outcome: 'pay' });
      if (res.status !== 200 || res.body.success !== true) refused++;
    }
  });
  const ids = started.map((p) => p.id);
  await eventually(
    async () => (await backend.query(`SELECT count(DISTINCT payment_id)::int AS n FROM entitlements WHERE payment_id = ANY($1::uuid[])`, [ids]))[0].n >= n,
    {
      timeoutMs: 300_000,
      intervalMs: 20,
      what: `${n} mixed-method entitlements`,
    },
  );
  const seconds = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  const [{ total, distinct }] = await backend.query(
    `SELECT count(*)::int AS total, count(DISTINCT payment_id)::int AS distinct FROM entitlements WHERE payment_id = ANY($1::uuid[])`,
    [ids],
  );
  const counts = methods.map((m) => `${started.filter((p) => p.method === m).length} ${m}`).join(', ');
  return { payments: n, counts, seconds, refused, lost: n - distinct, duplicated: total - distinct };
}

export async function paymentsBench({ payments = 300 } = {}) {
  const backend = await startBackend({ redisUrl: REDIS_URL });
  try {
    backend.startWorker();
    const ids = [];
    await pool(Array.from({ length: payments }), 8, async () => ids.push(await checkout(backend)));

    const started = performance.now();
    const sentAt = new Map();
    let refused = 0;
    await pool(ids, 16, async (id) => {
      sentAt.set(id, Date.now());
      if ((await sendSignedIpn(backend, id, 'finished')).status !== 200) refused++;
    });
    const intakeSeconds = (performance.now() - started) / 1000;
    await eventually(async () => (await backend.query(`SELECT count(*)::int AS n FROM entitlements`))[0].n >= payments, {
      timeoutMs: 300_000,
      intervalMs: 20,
      what: `${payments} entitlements`,
    });
    const seconds = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 1000)); // let any duplicate grant surface before counting
    const [{ total, distinct }] = await backend.query(`SELECT count(*)::int AS total, count(DISTINCT payment_id)::int AS distinct FROM entitlements`);
    const lost = payments - distinct;
    const duplicated = total - distinct;
    const grantsPerSecond = payments / seconds;
    const granted = await backend.query(`SELECT payment_id, (extract(epoch FROM min(granted_at)) * 1000)::float8 AS at FROM entitlements GROUP BY payment_id`);
    const latencies = granted.map((g) => g.at - sentAt.get(g.payment_id)).sort((a, b) => a - b);
    const percentile = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
    const mixed = await mixedMethods(backend, Math.max(30, Math.round(payments / 5)));
    const noop = await noopThroughput(payments * 10);
    const ratio = grantsPerSecond / noop;

    printTable(`Payments pipeline: ${payments} signed "finished" IPNs (16 concurrent senders)`, [
      ['measure', 'per second', 'notes'],
      [
        'IPN → entitlement (end to end)',
        fmt(grantsPerSecond, 1),
        `${fmt(seconds, 2)} s (webhooks answered in ${fmt(intakeSeconds, 2)} s), ${refused} refused, ${lost} lost, ${duplicated} duplicated`,
      ],
      ['BullMQ no-op jobs (same Redis)', fmt(noop, 1), `${payments * 10} jobs, concurrency 8`],
    ]);
    console.log(
      `  IPN sent → access granted, per payment over the burst: p50 ${fmt(percentile(50))} ms, p99 ${fmt(percentile(99))} ms, max ${fmt(latencies[latencies.length - 1])} ms`,
    );
    console.log(`  ratio pipeline / no-op = ${fmt(ratio, 3)} (target >= 0.3) ${ratio >= 0.3 ? 'OK' : 'BELOW TARGET'}; lost ${lost}, duplicated ${duplicated}`);
    console.log(
      `  mixed methods (${mixed.counts}): ${mixed.payments} payments paid through the sandbox's crypto IPNs, card webhooks and PayPal approve+capture in ${fmt(mixed.seconds, 2)} s; ${mixed.refused} refused, ${mixed.lost} lost, ${mixed.duplicated} duplicated`,
    );
    const mixedOk = mixed.lost === 0 && mixed.duplicated === 0 && mixed.refused === 0;
    return { name: 'payments', ratio, ok: ratio >= 0.3 && lost === 0 && duplicated === 0 && refused === 0 && mixedOk };
  } finally {
    await backend.stop();
  }
}

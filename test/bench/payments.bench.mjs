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

/** One burst of signed IPNs on a fresh backend; `env` sets its configuration (QUEUE_INLINE_CONSUMERS for before/after). */
async function burst(payments, env) {
  const backend = await startBackend({ redisUrl: REDIS_URL, env });
  try {
    backend.startWorker();
    const ids = [];
    await pool(Array.from({ length: payments }), 8, async () => ids.push(await checkout(backend)));
    // The burst is of IPNs alone: the checkouts' own follow-ups (rollups, webhooks, mails) settle first.
    await eventually(async () => (await backend.query(`SELECT count(*)::int AS n FROM event_deliveries`))[0].n === 0, {
      timeoutMs: 300_000,
      intervalMs: 100,
      what: 'the checkouts’ follow-ups to settle',
    });

    const started = performance.now();
    const burstStartedAt = Date.now();
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
    const granted = await backend.query(`SELECT payment_id, (extract(epoch FROM min(granted_at)) * 1000)::float8 AS at FROM entitlements GROUP BY payment_id`);
    const latencies = granted.map((g) => g.at - sentAt.get(g.payment_id)).sort((a, b) => a - b);
    const percentile = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
    // Where the time goes: each consumer's delay from its event's commit to the start of its own transaction.
    const consumers = await backend.query(
      `SELECT p.consumer, count(*)::int AS n,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM p.processed_at - o.occurred_at) * 1000) AS p50,
              percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM p.processed_at - o.occurred_at) * 1000) AS p99
         FROM processed_events p JOIN outbox_events o ON o.id = p.event_id
        WHERE o.occurred_at >= to_timestamp($1 / 1000.0)
        GROUP BY p.consumer ORDER BY p.consumer`,
      [burstStartedAt],
    );
    const mixed = env.QUEUE_INLINE_CONSUMERS === 'false' ? null : await mixedMethods(backend, Math.max(30, Math.round(payments / 5)));
    return {
      grantsPerSecond: payments / seconds,
      seconds,
      intakeSeconds,
      refused,
      lost: payments - distinct,
      duplicated: total - distinct,
      p50: percentile(50),
      p99: percentile(99),
      max: latencies[latencies.length - 1],
      consumers,
      mixed,
    };
  } finally {
    await backend.stop();
  }
}

export async function paymentsBench({ payments = 300 } = {}) {
  // Before: every step waits for its job. After: the IPN is applied and access granted right after each commit (inline consumers).
  const before = await burst(payments, { QUEUE_INLINE_CONSUMERS: 'false' });
  const after = await burst(payments, { QUEUE_INLINE_CONSUMERS: 'true' });
  const noop = await noopThroughput(payments * 10);
  const ratio = after.grantsPerSecond / noop;
  const row = (label, r) => [
    label,
    fmt(r.grantsPerSecond, 1),
    `${fmt(r.seconds, 2)} s (webhooks answered in ${fmt(r.intakeSeconds, 2)} s), ${r.refused} refused, ${r.lost} lost, ${r.duplicated} duplicated`,
  ];
  printTable(`Payments pipeline: ${payments} signed "finished" IPNs (16 concurrent senders)`, [
    ['measure', 'per second', 'notes'],
    row('IPN → entitlement, queue only (before)', before),
    row('IPN → entitlement, inline (after)', after),
    ['BullMQ no-op jobs (same Redis)', fmt(noop, 1), `${payments * 10} jobs, concurrency 8`],
  ]);
  for (const [label, r] of [
    ['queue only (before)', before],
    ['inline (after)', after],
  ])
    console.log(`  IPN sent → access granted, ${label}: p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, max ${fmt(r.max)} ms`);
  printTable('Event commit → consumer start during the burst, per consumer (ms)', [
    ['consumer', 'events', 'before p50', 'before p99', 'after p50', 'after p99'],
    ...after.consumers.map((c) => {
      const b = before.consumers.find((x) => x.consumer === c.consumer);
      return [c.consumer, c.n, b ? fmt(b.p50) : '-', b ? fmt(b.p99) : '-', fmt(c.p50), fmt(c.p99)];
    }),
  ]);
  console.log(`  IPN → access p99 after = ${fmt(after.p99)} ms (target <= 1000) ${after.p99 <= 1000 ? 'OK' : 'ABOVE TARGET'}`);
  console.log(
    `  ratio pipeline / no-op = ${fmt(ratio, 3)} (target >= 0.3) ${ratio >= 0.3 ? 'OK' : 'BELOW TARGET'}; lost ${after.lost}, duplicated ${after.duplicated}`,
  );
  const { mixed } = after;
  console.log(
    `  mixed methods (${mixed.counts}): ${mixed.payments} payments paid through the sandbox's crypto IPNs, card webhooks and PayPal approve+capture in ${fmt(mixed.seconds, 2)} s; ${mixed.refused} refused, ${mixed.lost} lost, ${mixed.duplicated} duplicated`,
  );
  const mixedOk = mixed.lost === 0 && mixed.duplicated === 0 && mixed.refused === 0;
  const clean = (r) => r.lost === 0 && r.duplicated === 0 && r.refused === 0;
  return { name: 'payments', ratio, ok: ratio >= 0.3 && after.p99 <= 1000 && clean(before) && clean(after) && mixedOk };
}

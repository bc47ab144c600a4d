// Benchmark 2 (DESIGN.md section 10): signed IPNs → entitlements granted per
// second, end to end (webhook → outbox → relay → process-ipn job → PAID →
// payment.confirmed → grant-access job), vs BullMQ no-op job throughput on
// the same Redis. Target: ratio >= 0.3, zero lost and zero duplicated grants.
import { Queue, Worker } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { checkout, eventually, sendSignedIpn, startBackend } from '../support/backend-processes.mjs';
import { fmt, printTable } from './lib.mjs';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function pool(items, concurrency, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
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

export async function paymentsBench({ payments = 300 } = {}) {
  const backend = await startBackend({ redisUrl: REDIS_URL });
  try {
    backend.startWorker();
    const ids = [];
    await pool(Array.from({ length: payments }), 8, async () => ids.push(await checkout(backend)));

    const started = performance.now();
    let refused = 0;
    await pool(ids, 16, async (id) => {
      if ((await sendSignedIpn(backend, id, 'finished')).status !== 200) refused++;
    });
    await eventually(
      async () => (await backend.query(`SELECT count(*)::int AS n FROM entitlements`))[0].n >= payments,
      { timeoutMs: 300_000, intervalMs: 20, what: `${payments} entitlements` },
    );
    const seconds = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 1000)); // let any duplicate grant surface before counting
    const [{ total, distinct }] = await backend.query(`SELECT count(*)::int AS total, count(DISTINCT payment_id)::int AS distinct FROM entitlements`);
    const lost = payments - distinct;
    const duplicated = total - distinct;
    const grantsPerSecond = payments / seconds;
    const noop = await noopThroughput(payments * 10);
    const ratio = grantsPerSecond / noop;

    printTable(`Payments pipeline: ${payments} signed "finished" IPNs (16 concurrent senders)`, [
      ['measure', 'per second', 'notes'],
      ['IPN → entitlement (end to end)', fmt(grantsPerSecond, 1), `${fmt(seconds, 2)} s, ${refused} refused, ${lost} lost, ${duplicated} duplicated`],
      ['BullMQ no-op jobs (same Redis)', fmt(noop, 1), `${payments * 10} jobs, concurrency 8`],
    ]);
    console.log(`  ratio pipeline / no-op = ${fmt(ratio, 3)} (target >= 0.3) ${ratio >= 0.3 ? 'OK' : 'BELOW TARGET'}; lost ${lost}, duplicated ${duplicated}`);
    return { name: 'payments', ratio, ok: ratio >= 0.3 && lost === 0 && duplicated === 0 && refused === 0 };
  } finally {
    await backend.stop();
  }
}

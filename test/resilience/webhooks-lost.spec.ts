import { expect, test } from '@playwright/test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkouts, eventually, privateRedis, report, sleep, startBackend } from '../support/backend-processes.mjs';
import { adminToken, FAST_RECOVERY, scale } from './scenario';

/**
 * Outbound webhooks are rows, not jobs: while 200 deliveries flow to a
 * receiver, the worker is killed -9 (requests in flight, leases held) and
 * Redis loses every key. Once a worker runs again, every event has reached
 * the receiver at least once, with one delivery (one webhook-id) per event
 * in the log: nothing lost, nothing recorded twice.
 */
test('webhooks: worker killed -9 and Redis flushed during 200 deliveries → every event delivered, once in the log', async () => {
  const events = scale(200, 1000);
  const received = new Map<string, number>();
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      received.set(id, (received.get(id) ?? 0) + 1);
      // A little latency, so the kill finds requests in flight.
      setTimeout(() => res.writeHead(204).end(), 20);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const redis = await privateRedis();
  const backend = await startBackend({
    redisUrl: redis.url,
    env: {
      ...FAST_RECOVERY,
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOKS_ALLOW_HTTP: 'true',
      WEBHOOKS_TIMEOUT_MS: '2000',
      WEBHOOKS_SWEEP_EVERY_MS: '500',
      WEBHOOKS_CONCURRENCY: '4',
    },
  });
  try {
    const worker = backend.startWorker();
    const token = await adminToken(backend);
    const created = await backend.request('POST', '/api/admin/webhooks', { url, eventTypes: ['payment.created'] }, { authorization: `Bearer ${token}` });
    expect(created.status).toBe(201);

    const started = Date.now();
    const made = checkouts(backend, events);
    await eventually(async () => received.size >= 30, { what: 'deliveries under way', intervalMs: 10 });
    await worker.kill('SIGKILL');
    await redis.flushAll();
    const ids = await made;
    const deliveredBeforeRestart = received.size;
    expect(deliveredBeforeRestart, 'the kill landed before every event was delivered').toBeLessThan(events);
    await sleep(500);
    backend.startWorker();

    const [{ n: delivered }] = await eventually(
      async () => {
        const rows = await backend.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE state = 'delivered'`);
        return rows[0].n === events ? rows : null;
      },
      { timeoutMs: scale(120_000, 300_000), intervalMs: 250, what: `${events} deliveries delivered` },
    );
    const seconds = Math.round((Date.now() - started) / 100) / 10;

    // One delivery per event, each with its own webhook-id; the receiver saw every one of them.
    const log = await backend.query(
      `SELECT d.id, d.event_id, (SELECT count(*)::int FROM webhook_attempts a WHERE a.delivery_id = d.id) AS attempts
         FROM webhook_deliveries d`,
    );
    expect(log).toHaveLength(events);
    const [{ n: createdEvents }] = await backend.query(
      `SELECT count(*)::int AS n FROM outbox_events WHERE type = 'payment.created' AND aggregate_id = ANY($1::text[])`,
      [ids],
    );
    expect(createdEvents).toBe(events);
    expect(new Set(log.map((d: { event_id: string }) => d.event_id)).size).toBe(events);
    const [{ n: strays }] = await backend.query(
      `SELECT count(*)::int AS n FROM webhook_deliveries d WHERE NOT EXISTS (SELECT 1 FROM outbox_events e WHERE e.id = d.event_id AND e.type = 'payment.created')`,
    );
    expect(strays).toBe(0);
    const missing = log.filter((d: { id: string }) => !received.has(d.id));
    expect(missing).toEqual([]);
    expect([...received.keys()].every((id) => log.some((d: { id: string }) => d.id === id))).toBe(true);
    const resent = [...received.values()].filter((n) => n > 1).length;
    report('webhooks: worker killed -9 and Redis flushed', {
      events,
      delivered,
      received_before_restart: deliveredBeforeRestart,
      received_twice: resent,
      log_rows: log.length,
      converge_s: seconds,
    });
  } catch (err) {
    console.error(backend.logs());
    throw err;
  } finally {
    await backend.stop();
    await redis.destroy();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});

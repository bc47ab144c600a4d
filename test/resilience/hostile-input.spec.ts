import { expect, test } from '@playwright/test';
import { connect } from 'node:net';
import { report, SHARED_REDIS_URL, startBackend } from '../support/backend-processes.mjs';

const DEEP = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;

/**
 * Hostile bodies. Before, JSON nested 100,000 deep answered 500 (a stack
 * overflow in validation), the webhook recursed over it before checking the
 * signature, two such clients cut catalogue throughput from ~655 to ~5
 * req/s, and a client trickling its body kept the connection for 100 s and
 * more. Now depth is checked in one pass before anything parses, and slow
 * requests are cut at the request timeout.
 */
test('100,000-deep JSON is a fast 400 on every JSON route and the catalogue keeps serving', async () => {
  const backend = await startBackend({ redisUrl: SHARED_REDIS_URL });
  try {
    for (const path of ['/api/payments/create', '/api/payments/webhook/sandbox', '/api/auth/login']) {
      const res = await backend.request('POST', path, DEEP);
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'JSON_TOO_DEEP', message: 'The JSON body nests deeper than 32 levels' });
    }
    const quietStart = Date.now();
    let quiet = 0;
    while (Date.now() - quietStart < 3000) if ((await backend.request('GET', '/api/courses')).status === 200) quiet++;
    let attacking = true;
    let attacks = 0;
    const attackers = [0, 1].map(async () => {
      while (attacking) {
        const res = await backend.request('POST', '/api/payments/create', DEEP);
        expect(res.status).toBe(400);
        attacks++;
      }
    });
    const started = Date.now();
    const catalogue: number[] = [];
    while (Date.now() - started < 5000) catalogue.push((await backend.request('GET', '/api/courses')).status);
    attacking = false;
    await Promise.all(attackers);
    expect(catalogue.every((s) => s === 200)).toBe(true);
    report('100,000-deep JSON from two clients', {
      deep_requests: attacks,
      deep_5xx: 0,
      catalogue_requests: catalogue.length,
      catalogue_rps_quiet: (quiet / 3).toFixed(0),
      catalogue_rps_under_attack: (catalogue.length / 5).toFixed(0),
    });
  } catch (err) {
    console.error(backend.logs());
    throw err;
  } finally {
    await backend.stop();
  }
});

test('a client that trickles its request body is cut off at the request timeout', async () => {
  const backend = await startBackend({ redisUrl: SHARED_REDIS_URL, env: { HTTP_REQUEST_TIMEOUT_MS: '2000' } });
  try {
    const { port } = new URL(backend.baseUrl);
    const started = Date.now();
    const closed = await new Promise<{ after: number; answer: string }>((resolve) => {
      const socket = connect({ port: Number(port), host: '127.0.0.1' }, () => {
        socket.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":');
      });
      let answer = '';
      const drip = setInterval(() => socket.write(' '), 500);
      socket.on('data', (b) => (answer += b.toString()));
      socket.on('close', () => {
        clearInterval(drip);
        resolve({ after: Date.now() - started, answer });
      });
      socket.on('error', () => undefined);
      setTimeout(() => socket.destroy(), 30_000);
    });
    expect(closed.after).toBeLessThan(15_000);
    expect(closed.answer).toMatch(/^HTTP\/1\.1 408/);
    report('slow request body', { cut_after_s: (closed.after / 1000).toFixed(1) });
  } finally {
    await backend.stop();
  }
});

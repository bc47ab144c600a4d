import { expect, test } from '@playwright/test';
import {
  checkouts,
  converged,
  eventually,
  privatePostgres,
  report,
  sendSignedIpn,
  sleep,
  SHARED_REDIS_URL,
  startBackend,
} from '../support/backend-processes.mjs';
import { adminToken, buyers, capturedMails, FAST_RECOVERY, PASSWORD, scale } from './scenario';

const STATEMENT_TIMEOUT_MS = 5000;
const QUERY_TIMEOUT_MS = 6000;

interface Timed {
  what: string;
  status: number;
  ms: number;
  at: number;
}

/**
 * PostgreSQL freezes for 30 s (every process of its cluster stopped, as on a
 * frozen VM: connections stay open and nothing answers). statement_timeout is
 * enforced by the server and does nothing then. Before, requests that held a
 * pooled connection waited the whole freeze (login, checkout: 30 s). Now each
 * query gives up DB_QUERY_TIMEOUT_MS after it was sent and ends its
 * connection: no request is held longer than that plus a second (counted
 * from the freeze for a request already under way), each answers 503 in the
 * error shape (or succeeds), and everything converges after.
 */
test('PostgreSQL frozen 30 s: no request outlasts the query timeout plus a second, and everything converges after', async () => {
  const freezeMs = 30_000;
  const payments = scale(20, 100);
  const server = await privatePostgres();
  const backend = await startBackend({
    redisUrl: SHARED_REDIS_URL,
    databaseServer: server.url,
    env: {
      ...FAST_RECOVERY,
      QUEUE_BACKOFF_CAP_SECONDS: '3',
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      DB_LOCK_TIMEOUT_MS: '3000',
      DB_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
    },
  });
  try {
    backend.startWorker();
    const admin = await adminToken(backend);
    const [learner] = await buyers(backend, 1);
    const [{ email: learnerEmail }] = await backend.query(`SELECT email FROM users WHERE role = 'student' LIMIT 1`);
    const ids = await checkouts(backend, payments);

    // Traffic through the whole freeze: sign-ins, checkouts, the catalogue, an admin page, the learner's own page, health.
    const calls: Array<[string, () => Promise<{ status: number }>]> = [
      ['login', () => backend.request('POST', '/api/auth/login', { email: learnerEmail, password: PASSWORD })],
      [
        'checkout',
        () =>
          backend.request('POST', '/api/payments/create', { amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email: `f-${Date.now()}@example.com` }),
      ],
      ['catalogue', () => backend.request('GET', '/api/courses')],
      ['me', () => backend.request('GET', '/api/auth/me', undefined, { authorization: `Bearer ${learner}` })],
      ['admin stats', () => backend.request('GET', '/api/admin/stats', undefined, { authorization: `Bearer ${admin}` })],
      ['health', () => backend.request('GET', '/api/health')],
    ];
    const timed: Timed[] = [];
    let running = true;
    const loops = calls.map(async ([what, call]) => {
      while (running) {
        const at = Date.now();
        const res = await call().catch(() => ({ status: 0 }));
        timed.push({ what, status: res.status, ms: Date.now() - at, at });
        await sleep(100);
      }
    });

    await sleep(1500);
    server.freeze();
    const frozeAt = Date.now();
    // The provider's notifications for the waiting payments arrive during the freeze.
    const during = await Promise.all(
      ids.map(async (id) => {
        const at = Date.now();
        const res = await sendSignedIpn(backend, id, 'finished');
        timed.push({ what: 'webhook', status: res.status, ms: Date.now() - at, at });
        return res;
      }),
    );
    await sleep(Math.max(0, freezeMs - (Date.now() - frozeAt)));
    server.thaw();
    const thawedAt = Date.now();
    await sleep(2000);
    running = false;
    await Promise.all(loops);

    // The provider sends again what was not accepted (as it retries until a 2xx).
    const refused = ids.filter((_id, i) => during[i].status !== 200);
    for (const id of refused) {
      const again = await eventually(
        async () => {
          const res = await sendSignedIpn(backend, id, 'finished');
          return res.status === 200 ? res : null;
        },
        { timeoutMs: 30_000, what: 'the notification accepted after the thaw' },
      );
      expect(again.status).toBe(200);
    }
    const outcome = await converged(backend, ids, { since: thawedAt, timeoutMs: scale(90_000, 300_000) });
    expect(outcome.duplicates).toBe(0);
    const emails: string[] = (await backend.query(`SELECT email FROM payments WHERE id = ANY($1::uuid[])`, [ids])).map((r: { email: string }) => r.email);
    await eventually(
      async () => {
        const receipts = capturedMails(backend).filter((m) => m.tag === 'receipt' && emails.includes(m.to));
        return receipts.length === payments ? receipts : null;
      },
      { timeoutMs: 60_000, what: 'one receipt per payment' },
    );
    expect((await backend.request('POST', '/api/auth/login', { email: learnerEmail, password: PASSWORD })).status).toBe(200);
    const [{ dead }] = await backend.query(
      `SELECT (SELECT count(*) FROM event_deliveries WHERE dead_at IS NOT NULL) + (SELECT count(*) FROM owed_commands WHERE state = 'dead') AS dead`,
    );
    expect(Number(dead)).toBe(0);

    const inFreeze = timed.filter((t) => t.at + t.ms >= frozeAt && t.at <= thawedAt);
    // How long the frozen server held each request: from its start, or from the freeze for one already under way
    // (a sign-in that had hashed its password before the freeze then waits for its UPDATE).
    const held = (t: Timed) => t.at + t.ms - Math.max(t.at, frozeAt);
    const slowest = inFreeze.reduce((a, b) => (held(b) > held(a) ? b : a), inFreeze[0]);
    const longest = inFreeze.reduce((a, b) => (b.ms > a.ms ? b : a), inFreeze[0]);
    const limit = QUERY_TIMEOUT_MS + 1000;
    const outliers = inFreeze.filter((t) => held(t) > limit).map((t) => ({ ...t, held: held(t) }));
    expect(outliers, `requests held longer than ${limit} ms by the frozen server`).toEqual([]);
    expect(
      inFreeze.filter((t) => ![200, 201, 503].includes(t.status)),
      'every answer a success or a 503',
    ).toEqual([]);
    expect(inFreeze.filter((t) => t.status === 503).length).toBeGreaterThan(0);
    report(`PostgreSQL frozen ${freezeMs / 1000} s`, {
      sent: payments,
      requests_in_freeze: inFreeze.length,
      answered_503: inFreeze.filter((t) => t.status === 503).length,
      longest_held_ms: `${held(slowest)} (${slowest.what})`,
      longest_request_ms: `${longest.ms} (${longest.what})`,
      limit_ms: limit,
      paid: outcome.paid,
      entitlements: outcome.entitlements,
      duplicates: outcome.duplicates,
      converge_s: outcome.seconds,
    });
  } catch (err) {
    console.error(backend.logs());
    throw err;
  } finally {
    server.thaw();
    await backend.stop();
    await server.destroy();
  }
});

import { randomBytes } from 'node:crypto';
import { freePort } from '../../../scripts/lib/net.cjs';
import { startMetricsServer } from '../../src/common/metrics/metrics-http';
import { buy, checkout } from '../factories/payments.factory';
import { adminToken, createUser } from '../factories/users.factory';
import { waitForMail } from '../support/mailbox';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

/** One sample line of the Prometheus text format: name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`Not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value;
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of a metric's samples whose labels include `labels`. */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);
}

describe('Prometheus metrics', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
  });
  afterAll(() => app.close());

  const scrape = async (path = '/metrics', headers: Record<string, string> = {}): Promise<Sample[]> => {
    const res = await fetch(`${app.baseUrl}${path}`, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parse(await res.text());
  };

  it('counts a small payment burst: requests by route template, state changes, IPN-to-access, mails, and the queues and pool', async () => {
    const before = await scrape();
    const bought = await Promise.all(Array.from({ length: 4 }, () => buy(app)));
    await Promise.all(bought.map((b) => waitForMail(app, b.email, 'receipt')));

    const after = await eventually(
      async () => {
        const samples = await scrape();
        return total(samples, 'mails_total', { outcome: 'sent' }) - total(before, 'mails_total', { outcome: 'sent' }) >= 4 ? samples : null;
      },
      { what: 'the receipts counted as sent', intervalMs: 250 },
    );
    const moved = (name: string, labels: Record<string, string> = {}) => total(after, name, labels) - total(before, name, labels);

    expect(moved('http_request_duration_seconds_count', { method: 'POST', route: '/api/payments/create', status_code: '201' })).toBe(4);
    expect(moved('http_request_duration_seconds_count', { method: 'POST', route: '/api/payments/sandbox/:paymentId/simulate', status_code: '200' })).toBe(4);
    expect(moved('payment_state_changes_total', { to: 'PAID' })).toBe(4);
    expect(moved('payment_ipn_to_access_seconds_count')).toBe(4);
    expect(moved('payment_ipn_to_access_seconds_bucket', { le: '+Inf' })).toBe(4);
    expect(moved('mails_total', { outcome: 'owed' })).toBeGreaterThanOrEqual(4);
    // Cluster figures (read from Redis and PostgreSQL when scraped) and this process's own.
    expect(
      after
        .filter((s) => s.name === 'queue_jobs' && s.labels.queue === 'payments')
        .map((s) => s.labels.state)
        .sort(),
    ).toEqual(['active', 'delayed', 'failed', 'waiting']);
    expect(after.some((s) => s.name === 'dead_letters' && s.labels.kind === 'event_delivery')).toBe(true);
    expect(after.some((s) => s.name === 'outbox_unpublished_events')).toBe(true);
    expect(total(after, 'db_pool_max_connections')).toBeGreaterThan(0);
    expect(after.some((s) => s.name === 'db_pool_connections' && s.labels.state === 'waiting')).toBe(true);
    expect(after.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    expect(total(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts failed sign-ins by portal and 429s by route', async () => {
    const before = await scrape();
    const user = await createUser(app.db);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${app.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: 'wrong-password-1' }),
      });
      expect(res.status).toBe(401);
    }
    const admin = await fetch(`${app.baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'wrong-password-1' }),
    });
    expect(admin.status).toBe(401);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => total(after, name, labels) - total(before, name, labels);
    expect(moved('login_failures_total', { portal: 'learner' })).toBe(2);
    expect(moved('login_failures_total', { portal: 'admin' })).toBe(1);
    expect(moved('http_request_duration_seconds_count', { route: '/api/auth/login', status_code: '401' })).toBe(2);

    // Past the account's sign-in limit: 429s, counted as rate-limit rejections of that route.
    const guessed = await createUser(app.db);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${app.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: guessed.email, password: `wrong-password-${i}` }),
      });
      statuses.push(res.status);
    }
    const limited = statuses.filter((s) => s === 429).length;
    expect(limited).toBeGreaterThan(0);
    const last = await scrape();
    expect(
      total(last, 'http_rate_limit_rejections_total', { route: '/api/auth/login' }) -
        total(after, 'http_rate_limit_rejections_total', { route: '/api/auth/login' }),
    ).toBe(limited);
  });

  it('never labels a metric with an email, an id or a raw path', async () => {
    const email = `label-probe-${randomBytes(3).toString('hex')}@example.com`;
    const { paymentId } = await checkout(app, email);
    // Paths full of ids and unknown paths: their route label must be the template, or a fixed catch-all.
    await fetch(`${app.baseUrl}/api/payments/${paymentId}/status`);
    await fetch(`${app.baseUrl}/api/courses/987654`);
    await fetch(`${app.baseUrl}/api/no-such-thing/${paymentId}`);
    await fetch(`${app.baseUrl}/dashboard/course/${paymentId}`);
    await fetch(`${app.baseUrl}/admin/users/${paymentId}`);
    const text = await (await fetch(`${app.baseUrl}/metrics`)).text();
    expect(text).not.toContain(paymentId);
    expect(text).not.toContain('987654');
    const values = parse(text).flatMap((s) => Object.values(s.labels));
    expect(values.length).toBeGreaterThan(50);
    for (const value of values) {
      expect(value).not.toMatch(/@/);
      expect(value).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
      expect(value).not.toMatch(/\/\d+(\/|$)/);
    }
    const routes = new Set(
      parse(text)
        .filter((s) => s.name === 'http_request_duration_seconds_count')
        .map((s) => s.labels.route),
    );
    expect([...routes]).toEqual(expect.arrayContaining(['/api/payments/:paymentId/status', '/api/courses/:courseId', 'unmatched']));
    for (const route of routes) expect(route).toMatch(/^(\/api\/[\w/:.-]+|\/metrics|\/\*|\/admin\/\*|\/media\/\*|unmatched)$/);
  });

  it("the console's system status reads the same figures as the gauges: a dead letter degrades it and shows in both", async () => {
    const { token } = await adminToken(app);
    const status = async () => (await app.http.get('/api/admin/system-status').set('Authorization', `Bearer ${token}`).expect(200)).body;
    const gauge = async (kind: string) => total(await scrape(), 'dead_letters', { kind });
    expect((await status()).delivery).toMatchObject({ status: 'ok', deadLetters: 0 });

    // A delivery that stopped retrying (what the re-drive or a job's last attempt does), on an event of this run.
    const [row] = await app.db.query(
      `INSERT INTO outbox_events (id, type, aggregate_type, aggregate_id, payload, occurred_at, published_at)
       VALUES (gen_random_uuid(), 'settings.updated', 'settings', 'probe', '{"section":"general","keys":[],"actorId":null}', now(), now()) RETURNING id`,
    );
    await app.db.query(
      `INSERT INTO event_deliveries (consumer, event_id, queue, job_id, check_at, dead_at, last_error) VALUES ('probe-consumer', $1, 'maintenance', 'probe', now(), now(), 'probe')`,
      [row.id],
    );
    const degraded = await eventually(async () => {
      const body = await status();
      return body.delivery?.deadLetters === 1 ? body : null;
    });
    expect(degraded).toMatchObject({ status: 'degraded', delivery: { status: 'dead letters', deadLetters: 1 } });
    expect(await gauge('event_delivery')).toBe(1);
    const stats = await app.http.get('/api/admin/stats').set('Authorization', `Bearer ${token}`).expect(200);
    expect(stats.body.systemHealth).toBe('Degraded: 1 dead letter');

    await app.db.query(`DELETE FROM event_deliveries WHERE event_id = $1`, [row.id]);
    await eventually(async () => ((await status()).delivery?.status === 'ok' ? true : null));
    expect(await gauge('event_delivery')).toBe(0);
  });

  it('serves the same text on a separate metrics port, with the bearer token when one is set', async () => {
    const token = randomBytes(24).toString('base64url');
    const port = await freePort();
    const server = await startMetricsServer(port, '127.0.0.1', token, async () => []);
    try {
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${port}/other`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(parse(await res.text()).some((s) => s.name === 'process_resident_memory_bytes')).toBe(true);
    } finally {
      server.close();
    }
  });
});

describe('Prometheus metrics behind a token', () => {
  let app: TestApp;
  const token = randomBytes(24).toString('base64url');

  beforeAll(async () => {
    app = await startTestApp({ env: { METRICS_TOKEN: token } });
  });
  afterAll(() => app.close());

  it('answers 401 without the bearer token and the metrics with it', async () => {
    const refused = await fetch(`${app.baseUrl}/metrics`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ statusCode: 401, message: 'A metrics token is required' });
    const res = await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('http_request_duration_seconds_bucket');
  });
});

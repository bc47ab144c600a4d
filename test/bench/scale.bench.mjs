// Scale benchmark (issue 17): the admin console at a million learners.
// Seeds a fresh product database (scale-data.mjs: 1,000,000 users,
// 1,000,000 payments, 5,000,000 audit rows, 10,000,000 lesson-completion
// events and their rollups; BENCH_SCALE=0.1 for a tenth), then times every
// call the console makes, as ra-data-simple-rest makes it (sort, range and
// filter as JSON texts), one at a time: median, p95 and slowest, with the
// rows answered and the total the grid shows. Then the CSV exports: time to
// first byte, total time, rows, and the API process's memory during the
// export, while a default users page is timed alongside.
// Issue 33 adds the affiliates grid, the payouts and the funnel (seeded once per
// database, so a kept one gains them: seedAffiliates, seedFunnel); issue 35 the
// Integrations lists (webhook endpoints, a delivery log, API keys) and the
// checkout-recovery figures the analytics calls read (seedIntegrations).
// Targets (issue 35): every interactive call median <= 50 ms and p95 <= 300 ms.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { startApp } from '../support/app-process.mjs';
import { fmt, printTable } from './lib.mjs';
import { scaleSizes, seedAffiliates, seedFunnel, seedIntegrations, seedScale, settleSeededMail, userEmailOf } from './scale-data.mjs';

const TARGET_MEDIAN = 50;
const TARGET_P95 = 300;

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};

const list = (resource, { sort, range, filter = {}, after }) => {
  const params = new URLSearchParams({ sort: JSON.stringify(sort), range: JSON.stringify(range), filter: JSON.stringify(filter) });
  if (after) params.set('after', after);
  return `/api/admin/${resource}?${params}`;
};

/** The cursor the console sends for the page after a row (see common/http/keyset.ts): the row's sort value as PostgreSQL prints it, and its id. */
const cursorFor = (field, order, value, id) => Buffer.from(JSON.stringify([field, order, value, id])).toString('base64url');

/** The API process (scripts/start.mjs runs backend/dist/main.js as a child): its resident memory in MiB. */
function apiPid(parentPid) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== parentPid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('main.js')) return Number(entry);
    } catch {
      // the process ended while we looked
    }
  }
  return null;
}
const rssMiB = (pid) => {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
};

async function adminLogin(baseUrl) {
  const config = await (await fetch(`${baseUrl}/api/public-config`)).json();
  const res = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(config.demoCredentials.admin),
  });
  if (!res.ok) throw new Error(`admin login failed: ${res.status}`);
  return (await res.json()).token;
}

/** The admin session: signed in again whenever the API says it ended (a full run outlasts the session timeout). */
class Session {
  constructor(baseUrl) {
    this.baseUrl = baseUrl;
    this.headers = null;
  }
  async renew() {
    this.headers = { authorization: `Bearer ${await adminLogin(this.baseUrl)}`, accept: 'application/json' };
  }
}

async function timedGet(baseUrl, path, session) {
  for (let attempt = 0; ; attempt++) {
    const started = process.hrtime.bigint();
    const res = await fetch(`${baseUrl}${path}`, { headers: session.headers });
    const text = await res.text();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.status !== 401 || attempt > 0) return { ms, res, text };
    await session.renew();
  }
}

/** Times one call: a warm-up, then `runs` calls (fewer when a call is very slow: at least 5, or until 12 s are spent). */
async function measure(baseUrl, session, call, runs) {
  const first = await timedGet(baseUrl, call.path, session);
  const samples = [];
  let last = first;
  const started = Date.now();
  while (samples.length < runs && (samples.length < 5 || Date.now() - started < 12_000)) {
    last = await timedGet(baseUrl, call.path, session);
    samples.push(last.ms);
  }
  const { res, text } = last;
  let rows = '';
  let total = '';
  if (res.ok) {
    try {
      const body = JSON.parse(text);
      rows = Array.isArray(body) ? body.length : '';
    } catch {
      rows = '';
    }
    const range = res.headers.get('content-range');
    if (range) {
      const n = Number(range.split('/').pop());
      total = res.headers.get('x-total-estimated') === 'true' ? `about ${n.toLocaleString('en-US')}` : n.toLocaleString('en-US');
    }
  }
  return {
    ...call,
    status: res.status,
    median: quantile(samples, 0.5),
    p95: quantile(samples, 0.95),
    max: Math.max(...samples),
    n: samples.length,
    rows,
    total,
    message: res.ok ? '' : safeMessage(text),
  };
}

const safeMessage = (text) => {
  try {
    return JSON.parse(text).message ?? text.slice(0, 80);
  } catch {
    return text.slice(0, 80);
  }
};

/** One CSV export: time to first byte, total, bytes, rows; the API's memory sampled throughout; a users page timed alongside. */
async function measureExport(baseUrl, session, path, pid) {
  await session.renew();
  const before = rssMiB(pid);
  let peak = before ?? 0;
  const sampler = setInterval(() => {
    const now = rssMiB(pid);
    if (now !== null) peak = Math.max(peak, now);
  }, 25);
  const alongside = [];
  let exporting = true;
  const probe = (async () => {
    while (exporting) {
      const { ms } = await timedGet(baseUrl, list('users', { sort: ['createdAt', 'DESC'], range: [0, 24] }), session);
      alongside.push(ms);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const started = process.hrtime.bigint();
  let ttfb = null;
  let bytes = 0;
  let newlines = 0;
  let status;
  try {
    const res = await fetch(`${baseUrl}${path}`, { headers: session.headers });
    status = res.status;
    for await (const chunk of res.body) {
      ttfb ??= Number(process.hrtime.bigint() - started) / 1e6;
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) newlines++;
    }
  } finally {
    exporting = false;
    await probe;
    clearInterval(sampler);
  }
  const total = Number(process.hrtime.bigint() - started) / 1e6;
  return { path, status, ttfb, total, bytes, rows: Math.max(0, newlines - 1), before, peak, after: rssMiB(pid), alongside };
}

/**
 * BENCH_DATABASE=name keeps the seeded database under that name and reuses it on the next run (no new seed): to compare
 * two versions of the product on the same data, or to time the upgrade of a large school (the migrations run at start).
 */
export async function scaleBench({ scale = Number(process.env.BENCH_SCALE ?? 1), runs = Number(process.env.BENCH_RUNS ?? 20) } = {}) {
  const size = scaleSizes(scale);
  const kept = process.env.BENCH_DATABASE;
  const starting = Date.now();
  // A kept database of an older version migrates at start: building its indexes concurrently takes minutes at full size.
  const app = await startApp({ LOG_LEVEL: 'warn' }, { database: kept, readyTimeoutMs: 90 * 60_000 });
  console.log(`\nScale: product started (migrations included) in ${fmt((Date.now() - starting) / 1000, 1)} s`);
  const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  try {
    const marker = (await pool.query(`SELECT value FROM app_meta WHERE key = 'scale-bench'`)).rows[0]?.value;
    if (marker && marker.scale !== scale) throw new Error(`${kept} was seeded with BENCH_SCALE=${marker.scale}, not ${scale}`);
    console.log(
      `Scale: ${marker ? 'reusing' : 'seeding'} ${size.users.toLocaleString('en-US')} users, ${size.payments.toLocaleString('en-US')} payments, ` +
        `${size.audit.toLocaleString('en-US')} audit rows, ${size.events.toLocaleString('en-US')} lesson-completion events${marker ? ` in ${kept}` : '...'}`,
    );
    const seedStarted = Date.now();
    const client = await pool.connect();
    let sample;
    try {
      if (!marker) {
        await seedScale(client, { scale });
        await client.query(`INSERT INTO app_meta (key, value) VALUES ('scale-bench', $1)`, [{ scale }]);
      }
      if (!(await client.query(`SELECT 1 FROM app_meta WHERE key = 'scale-bench-affiliates'`)).rowCount) {
        await seedAffiliates(client);
        await client.query(`INSERT INTO app_meta (key, value) VALUES ('scale-bench-affiliates', $1)`, [{ scale }]);
      }
      if (!(await client.query(`SELECT 1 FROM app_meta WHERE key = 'scale-bench-funnel'`)).rowCount) {
        await seedFunnel(client);
        await client.query(`INSERT INTO app_meta (key, value) VALUES ('scale-bench-funnel', $1)`, [{ scale }]);
      }
      if (!(await client.query(`SELECT 1 FROM app_meta WHERE key = 'scale-bench-integrations'`)).rowCount) {
        await seedIntegrations(client, { scale });
        await client.query(`INSERT INTO app_meta (key, value) VALUES ('scale-bench-integrations', $1)`, [{ scale }]);
      }
      await settleSeededMail(client);
      const mid = Math.floor(size.users / 2);
      const email = await userEmailOf(client, mid);
      const user = (await client.query(`SELECT id FROM users WHERE lower(email) = $1`, [email])).rows[0];
      const payment = (await client.query(`SELECT id, email FROM payments WHERE provider_ref = $1`, [`ref-${Math.floor(size.payments / 20) * 10}`])).rows[0];
      const deep = { users: Math.floor(size.users / 2), payments: Math.floor(size.payments / 2), audit: Math.floor(size.audit / 2) };
      const at = async (sql, offset) => (await client.query(`${sql} OFFSET $1 LIMIT 1`, [offset])).rows[0];
      sample = {
        email,
        userId: user.id,
        paymentId: payment.id,
        paymentEmail: payment.email,
        deep,
        cursors: {
          users: await at(`SELECT created_at::text AS v, id FROM users ORDER BY created_at DESC, id DESC`, deep.users - 1),
          payments: await at(`SELECT created_at::text AS v, id FROM payments ORDER BY created_at DESC, id DESC`, deep.payments - 1),
          audit: await at(`SELECT id::text AS v, id FROM audit_log ORDER BY id DESC`, deep.audit - 1),
        },
        month: (await client.query(`SELECT to_char(now() - interval '400 days', 'YYYY-MM-DD') AS f, to_char(now() - interval '370 days', 'YYYY-MM-DD') AS t`))
          .rows[0],
        affiliateId: (await client.query(`SELECT id FROM affiliates WHERE code = 'BENCH00700'`)).rows[0]?.id,
        week: (await client.query(`SELECT (now() - interval '200 days')::text AS f, (now() - interval '193 days')::text AS t`)).rows[0],
        // The busiest delivery log (half of all deliveries) and a quiet one (seedIntegrations).
        endpoints: (
          await client.query(
            `SELECT (SELECT id FROM webhook_endpoints WHERE url LIKE 'https://hooks1.bench.invalid/%') AS busy,
                    (SELECT id FROM webhook_endpoints WHERE url LIKE 'https://hooks12.bench.invalid/%') AS quiet`,
          )
        ).rows[0],
      };
    } finally {
      client.release();
    }
    console.log(`  ready in ${fmt((Date.now() - seedStarted) / 1000, 0)} s`);
    const db = (await pool.query(`SELECT pg_size_pretty(pg_database_size(current_database())) AS s`)).rows[0].s;
    console.log(`  database size ${db}`);

    const session = new Session(app.baseUrl);
    await session.renew();
    const s = sample;
    const U = (name, q) => ({ group: 'users', name, path: list('users', { sort: ['createdAt', 'DESC'], range: [0, 24], ...q }) });
    const P = (name, q) => ({ group: 'payments', name, path: list('payments', { sort: ['createdAt', 'DESC'], range: [0, 24], ...q }) });
    const A = (name, q) => ({ group: 'audit-log', name, path: list('audit-log', { sort: ['id', 'DESC'], range: [0, 49], ...q }) });
    const F = (name, q) => ({ group: 'affiliates', name, path: list('affiliates', { sort: ['appliedAt', 'DESC'], range: [0, 24], ...q }) });
    const W = (name, q) => ({ group: 'webhooks', name, path: list('webhooks', { sort: ['createdAt', 'DESC'], range: [0, 24], ...q }) });
    const K = (name, q) => ({ group: 'api-keys', name, path: list('api-keys', { sort: ['createdAt', 'DESC'], range: [0, 24], ...q }) });
    // The delivery log as the endpoint dialog asks for it (range only, newest first).
    const deliveries = (name, id, range) => ({
      group: 'webhooks',
      name,
      path: `/api/admin/webhooks/${id}/deliveries?range=${encodeURIComponent(JSON.stringify(range))}`,
    });
    const both = (make, fields) => fields.flatMap((f) => ['ASC', 'DESC'].map((o) => make(`sort ${f} ${o}`, { sort: [f, o] })));
    const keyset = (make, resource, field, order, c, depth, width) =>
      make(`deep page (next page after row ${depth.toLocaleString('en-US')})`, {
        sort: [field, order],
        range: [depth, depth + width - 1],
        after: cursorFor(field, order, c.v, c.id),
      });
    const calls = [
      U('default page'),
      U(`deep page (range ${s.deep.users.toLocaleString('en-US')})`, { range: [s.deep.users, s.deep.users + 24] }),
      keyset(U, 'users', 'createdAt', 'DESC', s.cursors.users, s.deep.users, 25),
      U('search name "hernandez"', { filter: { q: 'hernandez' } }),
      U('search full name "Yuki Tanaka"', { filter: { q: 'Yuki Tanaka' } }),
      U('search common fragment "son"', { filter: { q: 'son' } }),
      U('search email fragment "tanaka12"', { filter: { q: 'tanaka12' } }),
      U('search exact email', { filter: { q: s.email } }),
      U('filter role=admin', { filter: { role: 'admin' } }),
      U('filter role=student', { filter: { role: 'student' } }),
      U('filter status=active', { filter: { status: 'active' } }),
      U('filter status=suspended', { filter: { status: 'suspended' } }),
      U('filter plan=premium', { filter: { plan: 'premium' } }),
      U('filter joined in a month', { filter: { joinedFrom: s.month.f, joinedTo: s.month.t } }),
      U('filter student+suspended+"garcia"', { filter: { role: 'student', status: 'suspended', q: 'garcia' } }),
      ...both(U, ['name', 'email', 'role', 'status', 'plan', 'joinDate', 'lastLogin', 'createdAt']),
      { group: 'users', name: 'stat cards (summary)', path: '/api/admin/users/summary' },
      { group: 'users', name: 'show page', path: `/api/admin/users/${s.userId}` },

      P('default page'),
      P(`deep page (range ${s.deep.payments.toLocaleString('en-US')})`, { range: [s.deep.payments, s.deep.payments + 24] }),
      keyset(P, 'payments', 'createdAt', 'DESC', s.cursors.payments, s.deep.payments, 25),
      P('search email fragment "tanaka12"', { filter: { q: 'tanaka12' } }),
      P('search common fragment "son"', { filter: { q: 'son' } }),
      P('search exact email', { filter: { q: s.paymentEmail } }),
      P('filter email (exact)', { filter: { email: s.paymentEmail } }),
      P('filter state=PAID', { filter: { state: 'PAID' } }),
      P('filter state=REFUNDED', { filter: { state: 'REFUNDED' } }),
      P('filter state=AWAITING_PAYMENT', { filter: { state: 'AWAITING_PAYMENT' } }),
      P('filter provider=sandbox', { filter: { provider: 'sandbox' } }),
      P('filter created in a month', { filter: { from: s.month.f, to: s.month.t } }),
      P('filter PAID+nowpayments+month', { filter: { state: 'PAID', provider: 'nowpayments', from: s.month.f, to: s.month.t } }),
      ...both(P, ['createdAt', 'updatedAt', 'email', 'state', 'amount', 'paidAt']),
      { group: 'payments', name: 'show page', path: `/api/admin/payments/${s.paymentId}` },

      A('default page'),
      A(`deep page (range ${s.deep.audit.toLocaleString('en-US')})`, { range: [s.deep.audit, s.deep.audit + 49] }),
      keyset(A, 'audit-log', 'id', 'DESC', s.cursors.audit, s.deep.audit, 50),
      A('search "hernandez"', { filter: { q: 'hernandez' } }),
      A('search "tanaka1234"', { filter: { q: 'tanaka1234' } }),
      A('search admin "admin7@"', { filter: { q: 'admin7@' } }),
      A('filter actorEmail "admin7@school"', { filter: { actorEmail: 'admin7@school' } }),
      A('filter action=refund', { filter: { action: 'refund' } }),
      A('filter resource=settings', { filter: { resource: 'settings' } }),
      A('filter a week', { filter: { from: s.week.f, to: s.week.t } }),
      A('filter update+users+"garcia"', { filter: { action: 'update', resource: 'users', q: 'garcia' } }),
      ...both(A, ['id', 'at', 'action', 'resource', 'actorEmail']),

      F('default page'),
      F('search name "tanaka"', { filter: { q: 'tanaka' } }),
      F('search code "BENCH007"', { filter: { q: 'BENCH007' } }),
      F('filter status=approved', { filter: { status: 'approved' } }),
      F('filter status=pending', { filter: { status: 'pending' } }),
      ...both(F, ['name', 'email', 'code', 'status', 'appliedAt', 'decidedAt']),
      { group: 'affiliates', name: 'show page', path: `/api/admin/affiliates/${s.affiliateId}` },
      { group: 'affiliates', name: 'owed per affiliate and currency', path: '/api/admin/affiliate-payouts/owed' },
      { group: 'affiliates', name: 'payouts page', path: list('affiliate-payouts', { sort: ['paidAt', 'DESC'], range: [0, 24] }) },

      W('endpoints default page'),
      W('search "hooks1"', { filter: { q: 'hooks1' } }),
      W('filter status=disabled', { filter: { status: 'disabled' } }),
      ...both(W, ['url']),
      deliveries('deliveries, busiest endpoint', s.endpoints.busy, [0, 49]),
      deliveries('deliveries, busiest endpoint (range 1,000)', s.endpoints.busy, [1000, 1049]),
      deliveries('deliveries, quiet endpoint', s.endpoints.quiet, [0, 49]),
      K('default page'),
      K('search "CRM"', { filter: { q: 'CRM' } }),
      K('filter status=revoked', { filter: { status: 'revoked' } }),
      ...both(K, ['name']),

      { group: 'overview', name: 'stats', path: '/api/admin/stats' },
      { group: 'overview', name: 'recent activity', path: '/api/admin/activity?limit=10' },
      { group: 'overview', name: 'system status', path: '/api/admin/system-status' },
      ...['7d', '30d', '90d', '1y'].map((r) => ({ group: 'analytics', name: `range ${r}`, path: `/api/admin/analytics?range=${r}` })),
      ...['affiliate', 'utm_campaign', 'referrer', 'coupon'].flatMap((dimension) =>
        ['30d', '1y'].map((r) => ({ group: 'funnel', name: `${dimension} ${r}`, path: `/api/admin/analytics/funnel?range=${r}&dimension=${dimension}` })),
      ),
    ];

    const results = [];
    for (const call of calls) {
      const r = await measure(app.baseUrl, session, call, runs);
      results.push(r);
      if (process.env.BENCH_VERBOSE) console.log(`  ${r.group} ${r.name}: ${fmt(r.median, 1)} ms (${r.status})`);
    }
    const answered = results.filter((r) => r.status < 400);
    const refused = results.filter((r) => r.status >= 400);
    const meets = (r) => r.median <= TARGET_MEDIAN && r.p95 <= TARGET_P95;
    printTable(`Scale: admin console calls (${scale === 1 ? 'full size' : `BENCH_SCALE=${scale}`}; up to ${runs} runs each, one at a time)`, [
      ['list', 'call', 'median ms', 'p95 ms', 'max ms', 'runs', 'rows', 'total', 'target'],
      ...answered.map((r) => [r.group, r.name, fmt(r.median, 1), fmt(r.p95, 1), fmt(r.max, 1), r.n, r.rows, r.total, meets(r) ? 'ok' : 'SLOW']),
    ]);
    for (const r of refused) console.log(`  refused: ${r.group} ${r.name} -> ${r.status} ${r.message}`);

    const pid = apiPid(app.process.pid);
    const exports = [];
    for (const [name, path] of [
      ['users (all)', `/api/admin/users/export?filter=${encodeURIComponent('{}')}`],
      ['users "son"', `/api/admin/users/export?filter=${encodeURIComponent(JSON.stringify({ q: 'son' }))}`],
      ['payments (all)', `/api/admin/payments/export?filter=${encodeURIComponent('{}')}`],
      ['audit-log (a year)', `/api/admin/audit-log/export?filter=${encodeURIComponent(JSON.stringify({ from: s.month.f }))}`],
    ]) {
      const e = await measureExport(app.baseUrl, session, path, pid);
      exports.push({ name, ...e });
    }
    printTable('Scale: CSV exports (API memory sampled every 25 ms; a users page timed alongside)', [
      ['export', 'status', 'first byte ms', 'total s', 'rows', 'MiB', 'API RSS before/peak/after MiB', 'users page alongside median/max ms'],
      ...exports.map((e) =>
        e.status === 200
          ? [
              e.name,
              e.status,
              fmt(e.ttfb, 0),
              fmt(e.total / 1000, 1),
              e.rows.toLocaleString('en-US'),
              fmt(e.bytes / 1048576, 1),
              `${fmt(e.before)} / ${fmt(e.peak)} / ${fmt(e.after)}`,
              e.alongside.length ? `${fmt(quantile(e.alongside, 0.5), 0)} / ${fmt(Math.max(...e.alongside), 0)}` : '-',
            ]
          : [e.name, e.status, '-', '-', '-', '-', '-', '-'],
      ),
    ]);

    const ok = answered.filter(meets).length;
    console.log(
      `  interactive calls within median <= ${TARGET_MEDIAN} ms and p95 <= ${TARGET_P95} ms: ${ok} of ${answered.length}${refused.length ? ` (${refused.length} refused)` : ''}`,
    );
    if (process.env.BENCH_JSON) {
      writeFileSync(process.env.BENCH_JSON, JSON.stringify({ scale, size, results, exports }, null, 2));
    }
    return { name: 'scale', ratio: ok / answered.length, ok: ok === answered.length && exports.every((e) => e.status === 200) };
  } finally {
    await pool.end();
    await app.stop();
  }
}

// Launch-day benchmark (issue 35): the whole product under a course launch,
// on this machine, bounded in time and count. A mailing went out: visitors
// arrive over LAUNCH_SECONDS (front-loaded), load the landing page, its
// public config and assets as a browser does (keep-alive, assets fetched six
// at a time), think, and some open the payment page. LAUNCH_BUYERS of them
// start a checkout (crypto, card and PayPal in turn), pay (the bench plays
// the provider: a signed IPN, or the sandbox's hosted Pay clicked once or
// twice), wait on the thank-you page (its long poll), create the account and
// open the dashboard. At the same time LAUNCH_LEARNERS existing learners
// sign in, browse and complete lessons, and LAUNCH_ADMINS admins reload the
// overview, payments and users grids every few seconds.
//
// It runs once with one API and one worker and once with two of each (as
// docker-compose.yml's replicas; requests are spread over the APIs as a
// load balancer would), and prints per endpoint p50/p95/p99 and errors,
// IPN-to-access, the event backlog over time, CPU and memory of each
// process, and checks at the end that every payment is PAID with one
// entitlement, one receipt, one welcome mail and its events applied once.
// Then a capacity run per topology (closed-loop buyers: checkout, pay, wait
// for access, as fast as the product allows) gives the checkouts per second
// of each, and a raw node:http + pg server gives the baseline of the landing
// and checkout paths. Load is made with undici pools (the HTTP client of
// Node's fetch) and autocannon.
import { fork, spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { Pool } from 'undici';
import { startBackend } from '../support/backend-processes.mjs';
import { canonicalIpn, ipnBody } from '../support/ipn-body.cjs';
import { freePort, ROOT } from '../support/app-process.mjs';
import { fmt, load, printTable } from './lib.mjs';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const int = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const SETTINGS = {
  visitors: int('LAUNCH_VISITORS', 5000),
  seconds: int('LAUNCH_SECONDS', 300),
  buyers: int('LAUNCH_BUYERS', 1000),
  learners: int('LAUNCH_LEARNERS', 2000),
  admins: int('LAUNCH_ADMINS', 3),
  capacitySeconds: int('LAUNCH_CAPACITY_SECONDS', 20),
  capacityBuyers: int('LAUNCH_CAPACITY_BUYERS', 48),
  topologies: (process.env.LAUNCH_TOPOLOGIES ?? '1,2').split(',').map(Number),
  /** Which parts to run: the launch scenario, the capacity runs, the raw baseline. */
  phases: new Set((process.env.LAUNCH_PHASES ?? 'scenario,capacity,baseline').split(',')),
};
const TARGETS = { publicP99: 300, checkoutP99: 500, accessP99: 1000, scaleRatio: 1.6 };
const PASSWORD = 'Sunrise!cohort-42';
const PUBLIC_READS = new Set([
  'GET /',
  'GET /payment',
  'GET asset',
  'GET /api/public-config',
  'GET /api/testimonials',
  'GET /api/payments/currencies',
  'GET /api/payments/methods',
  'GET /api/payments/quote',
  'GET /api/courses',
]);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const between = (lo, hi) => lo + Math.random() * (hi - lo);
const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN);

/** Every request goes through here: spread over the API processes, timed per endpoint, statuses counted. */
class Site {
  constructor(baseUrls, connections = 128) {
    this.pools = baseUrls.map((url) => new Pool(url, { connections, keepAliveTimeout: 30_000, headersTimeout: 60_000, bodyTimeout: 60_000 }));
    this.next = 0;
    this.stats = new Map();
  }

  stat(name) {
    let s = this.stats.get(name);
    if (!s) this.stats.set(name, (s = { times: [], errors: 0, status5xx: 0, statuses: new Map(), errorStatuses: new Map() }));
    return s;
  }

  async request(name, method, path, { body, token, headers = {}, expect = [200, 201, 204, 304] } = {}) {
    const pool = this.pools[this.next++ % this.pools.length];
    const started = performance.now();
    const s = this.stat(name);
    try {
      const res = await pool.request({
        method,
        path,
        headers: {
          'accept-encoding': 'br, gzip',
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(token && { authorization: `Bearer ${token}` }),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      // As a browser: compressed bodies are unpacked (undici leaves that to its caller).
      const raw = Buffer.from(await res.body.arrayBuffer());
      const encoding = res.headers['content-encoding'];
      const text = (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
      s.times.push(performance.now() - started);
      s.statuses.set(res.statusCode, (s.statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode >= 500) s.status5xx++;
      if (!expect.includes(res.statusCode)) {
        s.errors++;
        s.errorStatuses.set(res.statusCode, (s.errorStatuses.get(res.statusCode) ?? 0) + 1);
      }
      let json = null;
      if (text && (res.headers['content-type'] ?? '').includes('json')) json = JSON.parse(text);
      return { status: res.statusCode, json, text };
    } catch (err) {
      s.times.push(performance.now() - started);
      s.errors++;
      s.errorStatuses.set(0, (s.errorStatuses.get(0) ?? 0) + 1);
      return { status: 0, json: null, text: String(err) };
    }
  }

  async close() {
    await Promise.all(this.pools.map((p) => p.close()));
  }
}

/** The landing page's assets, as the browser finds them in its HTML (scripts, stylesheets, module preloads, icons). */
function assetsOf(html) {
  return [...new Set([...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css|svg|woff2|png|webp))"/g)].map((m) => m[1]))];
}

async function fetchAssets(site, assets) {
  // A browser opens about six connections per origin.
  const queue = [...assets];
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      while (queue.length) await site.request('GET asset', 'GET', queue.shift());
    }),
  );
}

/** The bench plays the provider: a NOWPayments-shaped "finished" IPN signed with the sandbox secret. */
function signedIpn(backend, paymentId) {
  const body = ipnBody(paymentId, 'finished');
  return { body, signature: createHmac('sha512', backend.env.SANDBOX_IPN_SECRET).update(canonicalIpn(body)).digest('hex') };
}

/** Waits like the thank-you page: long polls until the payment is no longer waiting. */
async function waitOnThankYouPage(site, paymentId, claimSecret, deadline) {
  let since = 'AWAITING_PAYMENT';
  while (Date.now() < deadline) {
    const res = await site.request('GET /api/payments/{id}/status (long poll)', 'GET', `/api/payments/${paymentId}/status?wait=25&since=${since}`, {
      headers: { 'x-claim-secret': claimSecret },
    });
    if (res.json?.state === 'PAID') return res.json;
    if (res.json?.state) since = res.json.state;
    else await sleep(500);
  }
  return null;
}

const METHODS = ['crypto', 'card', 'paypal'];

/** One buyer from the landing page to the dashboard. */
async function buyer(ctx, n) {
  const { site, backend } = ctx;
  await site.request('GET /payment', 'GET', '/payment/');
  await Promise.all([
    site.request('GET /api/payments/currencies', 'GET', '/api/payments/currencies'),
    site.request('GET /api/payments/methods', 'GET', '/api/payments/methods'),
    site.request('GET /api/payments/quote', 'GET', '/api/payments/quote'),
  ]);
  await sleep(between(5000, 15000));
  const method = METHODS[n % 3];
  const email = `launch-${n}-${randomBytes(3).toString('hex')}@example.com`;
  const created = await site.request('POST /api/payments/create', 'POST', '/api/payments/create', {
    body: {
      amount: 497,
      method,
      clientId: `user_${Date.now()}`,
      email,
      ...(method === 'crypto' && { currency: 'USDT', blockchain: 'Tron (TRC-20)' }),
    },
  });
  if (created.status !== 201) return void ctx.failures.push(`checkout ${method}: ${created.status} ${created.text.slice(0, 200)}`);
  const { paymentId, claimSecret, paymentUrl } = created.json;
  ctx.payments.push({ paymentId, email, method });
  // The buyer pays: coins sent from a wallet, or the hosted page's Pay (clicked twice by one in three: the second must change nothing).
  await sleep(between(2000, 8000));
  const thankYou = waitOnThankYouPage(site, paymentId, claimSecret, Date.now() + 120_000);
  ctx.paidAt.set(paymentId, Date.now());
  if (method === 'crypto') {
    const { body, signature } = signedIpn(backend, paymentId);
    await site.request('POST /api/payments/webhook/sandbox', 'POST', '/api/payments/webhook/sandbox', { body, headers: { 'x-nowpayments-sig': signature } });
  } else {
    const hosted = new URL(paymentUrl).pathname.split('/').at(-1);
    const clicks = n % 9 < 3 ? 2 : 1;
    for (let c = 0; c < clicks; c++)
      await site.request(`POST /api/payments/sandbox/${method}/{id}/simulate`, 'POST', `/api/payments/sandbox/${method}/${hosted}/simulate`, {
        body: { outcome: 'pay' },
      });
  }
  const paid = await thankYou;
  if (!paid) return void ctx.failures.push(`payment ${paymentId} (${method}) not PAID on the thank-you page within 120 s`);
  ctx.pageSawPaid.push(Date.now() - ctx.paidAt.get(paymentId));
  await sleep(between(3000, 10000));
  const account = await site.request('POST /api/auth/create-account', 'POST', '/api/auth/create-account', {
    body: { email, name: `Launch Buyer ${n}`, password: PASSWORD, paymentId, claimSecret },
  });
  if (account.status !== 201 && account.status !== 200)
    return void ctx.failures.push(`create-account ${paymentId}: ${account.status} ${account.text.slice(0, 200)}`);
  await dashboard(site, account.json.token);
}

async function dashboard(site, token) {
  await site.request('GET /dashboard', 'GET', '/dashboard/');
  await Promise.all([
    site.request('GET /api/auth/me', 'GET', '/api/auth/me', { token }),
    site.request('GET /api/courses', 'GET', '/api/courses', { token }),
    site.request('GET /api/learning/next', 'GET', '/api/learning/next', { token }),
    site.request('GET /api/notifications', 'GET', '/api/notifications', { token }),
  ]);
}

/** A visitor of the mailing: the landing page as a browser loads it; a buyer goes on to pay. */
async function visitor(ctx, n, buys) {
  const { site } = ctx;
  const landing = await site.request('GET /', 'GET', '/');
  if (landing.status === 200) await fetchAssets(site, ctx.assets);
  await Promise.all([site.request('GET /api/public-config', 'GET', '/api/public-config'), site.request('GET /api/testimonials', 'GET', '/api/testimonials')]);
  await sleep(between(3000, 12000));
  if (buys) return buyer(ctx, n);
  // One visitor in three looks at the payment page and leaves.
  if (n % 3 === 0) {
    await site.request('GET /payment', 'GET', '/payment/');
    await site.request('GET /api/payments/quote', 'GET', '/api/payments/quote');
  }
}

/** An existing learner: signs in, opens a course, completes a few lessons. */
async function learner(ctx, i) {
  const { site } = ctx;
  const login = await site.request('POST /api/auth/login', 'POST', '/api/auth/login', { body: { email: learnerEmail(i), password: PASSWORD } });
  if (login.status !== 200) return void ctx.failures.push(`learner login: ${login.status} ${login.text.slice(0, 120)}`);
  const token = login.json.token;
  await dashboard(site, token);
  const courseId = ctx.courses[i % ctx.courses.length];
  for (let k = 0; k < 3; k++) {
    await sleep(between(4000, 15000));
    const course = await site.request('GET /api/courses/{id}', 'GET', `/api/courses/${courseId}`, { token });
    const lesson = course.json?.course?.lessons?.find((l) => !l.completed && !l.locked);
    if (!lesson) return;
    const done = await site.request('POST /api/courses/{id}/lessons/{id}/complete', 'POST', `/api/courses/${courseId}/lessons/${lesson.id}/complete`, {
      token,
      body: {},
    });
    if (done.status < 300) ctx.completions++;
  }
}

/** An admin with the console open: overview, payments and users grids every few seconds. */
async function admin(ctx, until) {
  const { site } = ctx;
  const login = await site.request('POST /api/admin/login', 'POST', '/api/admin/login', { body: ctx.adminCredentials });
  const token = login.json?.token;
  if (!token) return void ctx.failures.push(`admin login: ${login.status}`);
  const grid = (resource) =>
    `/api/admin/${resource}?${new URLSearchParams({ sort: JSON.stringify(['createdAt', 'DESC']), range: JSON.stringify([0, 24]), filter: '{}' })}`;
  while (Date.now() < until) {
    await Promise.all([
      site.request('GET /api/admin/analytics', 'GET', '/api/admin/analytics', { token }),
      site.request('GET /api/admin/payments', 'GET', grid('payments'), { token }),
      site.request('GET /api/admin/users', 'GET', grid('users'), { token }),
    ]);
    await sleep(between(3000, 6000));
  }
}

const learnerEmail = (i) => `launch-learner-${i}@example.com`;

/** The existing learners: one argon2id hash with the product's parameters, shared, so seeding takes a second. */
async function seedLearners(backend, n) {
  const passwordHash = await hash(PASSWORD, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  await backend.query(
    `WITH u AS (
       INSERT INTO users (name, email, password_hash, role, status, plan, join_date)
       SELECT 'Launch Learner ' || i, 'launch-learner-' || i || '@example.com', $2, 'student', 'active', 'lifetime', current_date
         FROM generate_series(0, $1::int - 1) i
       RETURNING id, email)
     INSERT INTO entitlements (user_id, email, source) SELECT id, email, 'seed' FROM u`,
    [n, passwordHash],
  );
}

/**
 * CPU and memory of groups of processes (PostgreSQL: every process of the
 * server, whose backends come and go): each sample adds the CPU time each
 * process used since the last one, so a backend that ends keeps what it used.
 */
function processSampler(groups) {
  const ticks = 100;
  const read = (pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
      return { cpu: (Number(fields[11]) + Number(fields[12])) / ticks, rss };
    } catch {
      return null;
    }
  };
  const last = new Map();
  const totals = Object.fromEntries(Object.keys(groups).map((k) => [k, { cpu: 0, peakRss: 0 }]));
  const sample = () => {
    for (const [name, pids] of Object.entries(groups)) {
      let rss = 0;
      for (const pid of typeof pids === 'function' ? pids() : pids) {
        const now = read(pid);
        if (!now) continue;
        if (last.has(pid)) totals[name].cpu += Math.max(0, now.cpu - last.get(pid));
        last.set(pid, now.cpu);
        rss += now.rss;
      }
      totals[name].peakRss = Math.max(totals[name].peakRss, rss);
    }
  };
  sample();
  return { sample, totals };
}

const pgrep = (name) =>
  (spawnSync('pgrep', ['-x', name], { encoding: 'utf8' }).stdout ?? '')
    .split('\n')
    .map(Number)
    .filter((n) => n > 0);

/** Owed event deliveries, unpublished outbox rows and owed commands: the backlog the workers still have to clear. */
async function backlog(backend) {
  const [row] = await backend.query(
    `SELECT (SELECT count(*)::int FROM event_deliveries WHERE dead_at IS NULL) AS deliveries,
            (SELECT count(*)::int FROM outbox_events WHERE published_at IS NULL) AS unpublished,
            (SELECT count(*)::int FROM owed_commands WHERE state = 'owed') AS commands`,
  );
  return row;
}

async function startTopology(replicas) {
  const backend = await startBackend({
    redisUrl: REDIS_URL,
    env: {
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES: '100000',
      LOGIN_MAX_FAILURES_PER_IP: '100000',
      VISIT_MAX_PER_IP: '100000000',
    },
  });
  // The demo catalogue (courses and lessons) for the learners; the product itself runs with demo mode off.
  const seeded = spawnSync(process.execPath, [join(ROOT, 'backend/dist/cli.js'), 'seed'], {
    cwd: ROOT,
    env: { ...backend.env, DEMO_MODE: 'true' },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`Seeding failed: ${seeded.stderr}`);
  const urls = [backend.baseUrl];
  for (let i = 1; i < replicas; i++) urls.push(await backend.addApi());
  for (let i = 0; i < replicas; i++) backend.startWorker();
  await sleep(2000);
  return { backend, urls };
}

async function adminCredentials(backend) {
  const email = 'launch-admin@example.com';
  const password = 'Grids!reload-7Q';
  const made = spawnSync(
    process.execPath,
    [join(ROOT, 'backend/dist/cli.js'), 'admin:create', '--email', email, '--password', password, '--name', 'Launch Admin'],
    {
      cwd: ROOT,
      env: backend.env,
      encoding: 'utf8',
    },
  );
  if (made.status !== 0) throw new Error(`admin:create failed: ${made.stderr}`);
  return { email, password };
}

/** The launch scenario on one topology; answers its figures. */
async function launch(replicas) {
  const { backend, urls } = await startTopology(replicas);
  const site = new Site(urls);
  try {
    await seedLearners(backend, SETTINGS.learners);
    const courses = (await backend.query(`SELECT id FROM courses WHERE status = 'published' ORDER BY id`)).map((r) => r.id);
    const html = (await site.request('warm-up', 'GET', '/')).text;
    site.stats.delete('warm-up');
    const ctx = {
      site,
      backend,
      assets: assetsOf(html),
      courses,
      adminCredentials: await adminCredentials(backend),
      payments: [],
      paidAt: new Map(),
      pageSawPaid: [],
      failures: [],
      completions: 0,
    };
    const pids = {
      [`API (${replicas})`]: [backend.api.child.pid, ...backend.extraApis.map((a) => a.child.pid)],
      [`worker (${replicas})`]: backend.workers.map((w) => w.child.pid),
      PostgreSQL: () => pgrep('postgres'),
      Redis: () => pgrep('redis-server'),
    };
    const started = Date.now();
    const until = started + SETTINGS.seconds * 1000;
    const timeline = [];
    const processes = processSampler(pids);
    const sampler = setInterval(async () => {
      processes.sample();
      const b = await backlog(backend).catch(() => null);
      if (b) timeline.push({ t: Math.round((Date.now() - started) / 1000), ...b });
    }, 2000);

    const buyEvery = SETTINGS.visitors / SETTINGS.buyers;
    const journeys = [];
    // Front-loaded arrivals: the mailing's first minutes bring most visitors.
    for (let i = 0; i < SETTINGS.visitors; i++) {
      const at = SETTINGS.seconds * 1000 * 0.8 * Math.pow(i / SETTINGS.visitors, 1.5);
      const buys = Math.floor(i / buyEvery) !== Math.floor((i + 1) / buyEvery) || (buyEvery <= 1 && i < SETTINGS.buyers);
      journeys.push(sleep(at).then(() => visitor(ctx, i, buys)));
    }
    for (let j = 0; j < SETTINGS.learners; j++) journeys.push(sleep((SETTINGS.seconds * 1000 * 0.8 * j) / SETTINGS.learners).then(() => learner(ctx, j)));
    for (let a = 0; a < SETTINGS.admins; a++) journeys.push(admin(ctx, until));
    await Promise.all(journeys);
    const elapsed = (Date.now() - started) / 1000;
    processes.sample();
    const usage = structuredClone(processes.totals);

    // Let the workers clear what is owed (receipts, mails, rollups), then check every effect.
    const drainStarted = Date.now();
    let left = await backlog(backend);
    while ((left.deliveries > 0 || left.unpublished > 0 || left.commands > 0) && Date.now() - drainStarted < 180_000) {
      await sleep(1000);
      left = await backlog(backend);
    }
    clearInterval(sampler);
    const drainSeconds = (Date.now() - drainStarted) / 1000;
    const checks = await endChecks(backend, ctx);
    const granted = await backend.query(
      `SELECT payment_id, (extract(epoch FROM granted_at) * 1000)::float8 AS at FROM entitlements WHERE payment_id = ANY($1::uuid[])`,
      [ctx.payments.map((p) => p.paymentId)],
    );
    const access = granted
      .map((g) => g.at - ctx.paidAt.get(g.payment_id))
      .filter((x) => Number.isFinite(x))
      .sort((a, b) => a - b);
    const cpu = Object.fromEntries(Object.keys(pids).map((k) => [k, (usage[k].cpu / elapsed) * 100]));
    const peaks = Object.fromEntries(Object.keys(pids).map((k) => [k, usage[k].peakRss]));
    return { replicas, site, ctx, elapsed, timeline, cpu, peaks, access, checks, drainSeconds, left };
  } finally {
    await site.close();
    await backend.stop();
  }
}

async function endChecks(backend, ctx) {
  const ids = ctx.payments.map((p) => p.paymentId);
  const emails = ctx.payments.map((p) => p.email);
  const [row] = await backend.query(
    `SELECT
       (SELECT count(*)::int FROM payments WHERE id = ANY($1::uuid[]) AND state = 'PAID') AS paid,
       (SELECT count(*)::int FROM entitlements WHERE payment_id = ANY($1::uuid[])) AS entitlements,
       (SELECT count(DISTINCT payment_id)::int FROM entitlements WHERE payment_id = ANY($1::uuid[])) AS entitled,
       (SELECT count(*)::int FROM receipts WHERE payment_id = ANY($1::uuid[])) AS receipts,
       (SELECT count(*)::int FROM mail_log WHERE tag = 'receipt' AND recipient = ANY($2::text[])) AS receipt_mails,
       (SELECT count(*)::int FROM mail_log WHERE tag = 'welcome' AND recipient = ANY($2::text[])) AS welcome_mails,
       (SELECT count(*)::int FROM users WHERE email = ANY($2::text[])) AS accounts,
       (SELECT count(*)::int FROM outbox_events WHERE type = 'payment.confirmed' AND aggregate_id = ANY($3::text[])) AS confirmed_events,
       (SELECT COALESCE(sum(payments_confirmed), 0)::int FROM daily_metrics) AS confirmed_rollup,
       (SELECT count(*)::int FROM payments WHERE state = 'PAID') AS paid_all,
       (SELECT count(*)::int FROM event_deliveries WHERE dead_at IS NOT NULL) AS dead`,
    [ids, emails, ids],
  );
  const n = ids.length;
  const problems = [];
  if (n !== SETTINGS.buyers) problems.push(`${SETTINGS.buyers - n} checkouts not started`);
  for (const [key, want] of [
    ['paid', n],
    ['entitlements', n],
    ['entitled', n],
    ['receipts', n],
    ['receipt_mails', n],
    ['welcome_mails', n],
    ['accounts', n],
    ['confirmed_events', n],
    ['confirmed_rollup', row.paid_all],
    ['dead', 0],
  ])
    if (row[key] !== want) problems.push(`${key} ${row[key]} (want ${want})`);
  return { ...row, payments: n, problems: [...problems, ...ctx.failures.slice(0, 10)], failures: ctx.failures.length };
}

/** Closed-loop buyers for a fixed time: checkout, IPN, access seen by the long poll; as many as the product completes. */
async function capacity(replicas) {
  const { backend, urls } = await startTopology(replicas);
  const site = new Site(urls, 64);
  try {
    // Warm-up, not counted.
    await site.request('warm-up', 'GET', '/api/payments/methods');
    site.stats.clear();
    let completed = 0;
    const until = Date.now() + SETTINGS.capacitySeconds * 1000;
    const loopTimes = [];
    await Promise.all(
      Array.from({ length: SETTINGS.capacityBuyers }, async (_, b) => {
        let n = 0;
        while (Date.now() < until) {
          const t0 = performance.now();
          const res = await site.request('POST /api/payments/create', 'POST', '/api/payments/create', {
            body: {
              amount: 497,
              currency: 'USDT',
              blockchain: 'Tron (TRC-20)',
              clientId: `cap_${b}_${n++}`,
              email: `cap-${b}-${n}-${randomBytes(2).toString('hex')}@example.com`,
            },
          });
          if (res.status !== 201) continue;
          const { body, signature } = signedIpn(backend, res.json.paymentId);
          await site.request('POST /api/payments/webhook/sandbox', 'POST', '/api/payments/webhook/sandbox', {
            body,
            headers: { 'x-nowpayments-sig': signature },
          });
          const paid = await waitOnThankYouPage(site, res.json.paymentId, res.json.claimSecret, Date.now() + 60_000);
          if (paid && Date.now() <= until) {
            completed++;
            loopTimes.push(performance.now() - t0);
          }
        }
      }),
    );
    const create = site.stat('POST /api/payments/create').times.sort((a, b) => a - b);
    loopTimes.sort((a, b) => a - b);
    return {
      replicas,
      perSecond: completed / SETTINGS.capacitySeconds,
      createP99: quantile(create, 0.99),
      loopP50: quantile(loopTimes, 0.5),
      loopP99: quantile(loopTimes, 0.99),
      errors: [...site.stats.values()].reduce((a, s) => a + s.errors, 0),
      errorStatuses: errorStatuses(site),
    };
  } finally {
    await site.close();
    await backend.stop();
  }
}

/** The product's landing and checkout paths vs a raw node:http + pg server doing the same (same run, same machine). */
async function baseline() {
  const { backend, urls } = await startTopology(1);
  let raw;
  try {
    const port = await freePort();
    raw = fork(join(ROOT, 'test/bench/raw-launch-server.mjs'), [backend.env.DATABASE_URL, String(port)], { stdio: 'inherit' });
    await new Promise((r) => raw.once('message', r));
    const rawUrl = `http://127.0.0.1:${port}`;
    // A new buyer each request, as in a launch (one address's checkouts are serialised).
    const post = {
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({
              amount: 497,
              currency: 'USDT',
              blockchain: 'Tron (TRC-20)',
              clientId: 'bench',
              email: `raw-${randomBytes(6).toString('hex')}@example.com`,
            }),
          }),
        },
      ],
    };
    const seconds = 10;
    const rows = [];
    const landingApi = await load(`${urls[0]}/`, { seconds, headers: { 'accept-encoding': 'br, gzip' } });
    const landingRaw = await load(`${rawUrl}/`, { seconds, headers: { 'accept-encoding': 'br, gzip' } });
    const checkoutApi = await load(`${urls[0]}/api/payments/create`, { ...post, seconds, connections: 16 });
    const checkoutRaw = await load(`${rawUrl}/api/payments/create`, { ...post, seconds, connections: 16 });
    rows.push(['GET / (landing)', landingApi, landingRaw], ['POST /api/payments/create', checkoutApi, checkoutRaw]);
    return rows;
  } finally {
    raw?.kill();
    await backend.stop();
  }
}

/** Which answers counted as errors, by status (0: no answer), e.g. "429:31 0:2": what the capacity figure lost to. */
function errorStatuses(site) {
  const counts = new Map();
  for (const s of site.stats.values()) for (const [code, n] of s.errorStatuses) counts.set(code, (counts.get(code) ?? 0) + n);
  return (
    [...counts]
      .sort(([a], [b]) => a - b)
      .map(([code, n]) => `${code}:${n}`)
      .join(' ') || '-'
  );
}

function endpointTable(run) {
  const rows = [['endpoint', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', '5xx', 'statuses']];
  const names = [...run.site.stats.keys()].sort();
  for (const name of names) {
    const s = run.site.stats.get(name);
    const t = s.times.sort((a, b) => a - b);
    const statuses = [...s.statuses].map(([code, n]) => `${code}:${n}`).join(' ');
    rows.push([name, t.length, fmt(quantile(t, 0.5)), fmt(quantile(t, 0.95)), fmt(quantile(t, 0.99)), s.errors, s.status5xx, statuses]);
  }
  return rows;
}

function verdicts(run) {
  const stats = [...run.site.stats.entries()];
  const all5xx = stats.reduce((a, [, s]) => a + s.status5xx, 0);
  const publicP99 = Math.max(
    ...stats
      .filter(([n]) => PUBLIC_READS.has(n))
      .map(([, s]) =>
        quantile(
          [...s.times].sort((a, b) => a - b),
          0.99,
        ),
      ),
  );
  const checkoutP99 = quantile(
    [...run.site.stat('POST /api/payments/create').times].sort((a, b) => a - b),
    0.99,
  );
  const accessP50 = quantile(run.access, 0.5);
  const accessP99 = quantile(run.access, 0.99);
  return { all5xx, publicP99, checkoutP99, accessP50, accessP99 };
}

export async function launchBench() {
  console.log(
    `\nLaunch: ${SETTINGS.visitors} visitors over ${SETTINGS.seconds} s, ${SETTINGS.buyers} buyers (crypto, card, PayPal in turn), ${SETTINGS.learners} learners, ${SETTINGS.admins} admins; topologies ${SETTINGS.topologies.map((r) => `${r} API + ${r} worker`).join(', ')}`,
  );
  const runs = [];
  for (const replicas of SETTINGS.phases.has('scenario') ? SETTINGS.topologies : []) {
    const run = await launch(replicas);
    runs.push(run);
    const v = verdicts(run);
    printTable(`Launch with ${replicas} API + ${replicas} worker: per endpoint (${fmt(run.elapsed)} s)`, endpointTable(run));
    console.log(
      `  IPN or Pay → access granted: p50 ${fmt(v.accessP50)} ms, p99 ${fmt(v.accessP99)} ms (${run.access.length} payments); Pay → thank-you page sees PAID: p50 ${fmt(
        quantile(
          run.ctx.pageSawPaid.sort((a, b) => a - b),
          0.5,
        ),
      )} ms, p99 ${fmt(quantile(run.ctx.pageSawPaid, 0.99))} ms`,
    );
    console.log(`  lessons completed by learners: ${run.ctx.completions}`);
    console.log(
      `  event backlog (s: owed deliveries / unpublished / owed commands): ${run.timeline
        .filter((_, i) => i % 8 === 0)
        .map((p) => `${p.t}s ${p.deliveries}/${p.unpublished}/${p.commands}`)
        .join(', ')}; drained ${fmt(run.drainSeconds, 1)} s after the last visitor (left: ${run.left.deliveries}/${run.left.unpublished}/${run.left.commands})`,
    );
    printTable('  processes', [
      ['process', 'CPU % (avg over the run)', 'peak RSS MiB'],
      ...Object.keys(run.cpu).map((k) => [k, fmt(run.cpu[k]), fmt(run.peaks[k])]),
    ]);
    const c = run.checks;
    console.log(
      `  end checks: ${c.payments} payments, ${c.paid} PAID, ${c.entitlements} entitlements (${c.entitled} payments), ${c.receipts} receipts, ${c.receipt_mails} receipt mails, ${c.welcome_mails} welcome mails, ${c.accounts} accounts, ${c.confirmed_events} payment.confirmed events, rollup ${c.confirmed_rollup}/${c.paid_all} confirmed, ${c.dead} dead letters → ${c.problems.length ? `PROBLEMS: ${c.problems.join('; ')}` : 'OK'}`,
    );
  }
  const caps = [];
  for (const replicas of SETTINGS.phases.has('capacity') ? SETTINGS.topologies : []) caps.push(await capacity(replicas));
  const base = SETTINGS.phases.has('baseline') ? await baseline() : [];

  printTable('Launch: side by side', [
    ['measure', ...runs.map((r) => `${r.replicas} API + ${r.replicas} worker`), 'target'],
    ['responses >= 500', ...runs.map((r) => verdicts(r).all5xx), '0'],
    ['public reads, worst p99 ms', ...runs.map((r) => fmt(verdicts(r).publicP99)), `<= ${TARGETS.publicP99}`],
    ['checkout creation p99 ms', ...runs.map((r) => fmt(verdicts(r).checkoutP99)), `<= ${TARGETS.checkoutP99}`],
    ['IPN → access p50 ms', ...runs.map((r) => fmt(verdicts(r).accessP50)), 'goal 250'],
    ['IPN → access p99 ms', ...runs.map((r) => fmt(verdicts(r).accessP99)), `<= ${TARGETS.accessP99}`],
    ['lost or doubled effects', ...runs.map((r) => r.checks.problems.length), '0'],
  ]);
  printTable(`Capacity: ${SETTINGS.capacityBuyers} closed-loop buyers for ${SETTINGS.capacitySeconds} s (checkout, IPN, access seen by the long poll)`, [
    ['measure', ...caps.map((c) => `${c.replicas} API + ${c.replicas} worker`)],
    ['paid checkouts/s', ...caps.map((c) => fmt(c.perSecond, 1))],
    ['checkout creation p99 ms', ...caps.map((c) => fmt(c.createP99))],
    ['checkout → access p50 / p99 ms', ...caps.map((c) => `${fmt(c.loopP50)} / ${fmt(c.loopP99)}`)],
    ['errors', ...caps.map((c) => c.errors)],
    ['errors by status', ...caps.map((c) => c.errorStatuses)],
  ]);
  printTable('Raw node:http + pg baseline (autocannon, 10 s each)', [
    ['path', 'product req/s', 'p99 ms', 'raw req/s', 'p99 ms', 'product / raw'],
    ...base.map(([name, api, raw]) => [name, fmt(api.rps), api.p99, fmt(raw.rps), raw.p99, fmt(api.rps / raw.rps, 2)]),
  ]);
  const scale = caps.length > 1 ? caps.at(-1).perSecond / caps[0].perSecond : NaN;
  if (caps.length > 1)
    console.log(
      `  scaling: ${caps.at(-1).replicas}+${caps.at(-1).replicas} / 1+1 paid checkouts per second = ${fmt(scale, 2)}x (target >= ${TARGETS.scaleRatio}x)`,
    );
  const ok = runs.every((r) => {
    const v = verdicts(r);
    return (
      v.all5xx === 0 &&
      v.publicP99 <= TARGETS.publicP99 &&
      v.checkoutP99 <= TARGETS.checkoutP99 &&
      v.accessP99 <= TARGETS.accessP99 &&
      r.checks.problems.length === 0
    );
  });
  const scaled = !(caps.length > 1) || scale >= TARGETS.scaleRatio;
  return { name: 'launch', ratio: Number.isFinite(scale) ? scale : 1, ok: ok && scaled };
}

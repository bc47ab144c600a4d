// Benchmark 3 (DESIGN.md section 10): GET /api/admin/analytics?range=1y on a
// year of synthetic activity (>= 1M lesson completions, >= 50k users),
// served from the rollups, vs the same answer computed by GROUP BY over the
// raw event log, same database, same run. Target: >= 50x faster, p50 <= 20 ms.
import pg from 'pg';
import { startApp } from '../support/app-process.mjs';
import { loadYearOfActivity, naiveYearAnalytics } from './analytics-data.mjs';
import { fmt, load, printTable } from './lib.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

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

async function recompute(baseUrl, headers) {
  const started = Date.now();
  const res = await fetch(`${baseUrl}/api/admin/analytics/recompute`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{}',
  });
  if (res.status !== 202) throw new Error(`recompute refused: ${res.status} ${await res.text()}`);
  for (;;) {
    const { runs } = await (await fetch(`${baseUrl}/api/admin/analytics/recompute-runs`, { headers })).json();
    const run = runs.find((r) => r.finishedAt);
    if (run) {
      if (run.error) throw new Error(`recompute failed: ${run.error}`);
      return { ...run, seconds: (Date.now() - started) / 1000 };
    }
    if (Date.now() - started > 15 * 60_000) throw new Error('recompute did not finish within 15 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The parts both answers must agree on (the rollups are exact, not estimates). */
function sameAnswer(api, naive) {
  const pick = (a) =>
    JSON.stringify({
      stats: a.stats,
      userGrowth: a.userGrowth,
      revenueCurrencies: a.revenueCurrencies,
      revenueData: a.revenueData,
      userActivity: a.userActivity,
      coursePerformance: a.coursePerformance,
    });
  return pick(api) === pick(naive);
}

export async function analyticsBench({
  seconds = 10,
  users = Number(process.env.BENCH_USERS ?? 50_000),
  completions = Number(process.env.BENCH_COMPLETIONS ?? 1_000_000),
} = {}) {
  const app = await startApp({ LOG_LEVEL: 'warn' });
  const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 4 });
  try {
    console.log(`\nAnalytics: loading one year of activity (${users} users, ${completions} lesson completions)...`);
    const loadStarted = Date.now();
    const client = await pool.connect();
    try {
      await loadYearOfActivity(client, { users, completions });
    } finally {
      client.release();
    }
    const [{ n: events }] = (await pool.query(`SELECT count(*)::int AS n FROM outbox_events`)).rows;
    console.log(`  loaded ${events} events in ${fmt((Date.now() - loadStarted) / 1000, 1)} s`);

    const token = await adminLogin(app.baseUrl);
    const headers = { authorization: `Bearer ${token}` };
    const run = await recompute(app.baseUrl, headers);
    console.log(`  rollups rebuilt by the recompute job from ${run.eventsReplayed} events in ${fmt(run.seconds, 1)} s`);

    const url = `${app.baseUrl}/api/admin/analytics?range=1y`;
    const apiAnswer = await (await fetch(url, { headers })).json();
    const naiveTimes = [];
    let naiveAnswer;
    for (let i = 0; i < 5; i++) {
      const started = process.hrtime.bigint();
      naiveAnswer = await naiveYearAnalytics(pool);
      naiveTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    const api = await load(url, { connections: 1, seconds, headers });
    const naiveP50 = median(naiveTimes);
    const ratio = naiveP50 / Math.max(api.p50, 0.5);
    const matches = sameAnswer(apiAnswer, naiveAnswer);

    printTable(`Analytics: GET /api/admin/analytics?range=1y (1 connection, ${seconds} s) vs GROUP BY over raw events`, [
      ['measure', 'p50 ms', 'p99 ms', 'req/s', 'errors'],
      ['product API (rollups)', api.p50, api.p99, fmt(api.rps), api.errors],
      ['naive GROUP BY (5 runs)', fmt(naiveP50, 1), fmt(Math.max(...naiveTimes), 1), fmt(1000 / naiveP50, 2), 0],
    ]);
    console.log(`  answers identical: ${matches ? 'yes' : 'NO'}`);
    console.log(`  ratio naive / API p50 = ${fmt(ratio, 1)}x (target >= 50x, API p50 <= 20 ms) ${ratio >= 50 && api.p50 <= 20 ? 'OK' : 'BELOW TARGET'}`);
    return { name: 'analytics', ratio, ok: ratio >= 50 && api.p50 <= 20 && api.errors === 0 && matches, extra: { apiP50: api.p50, naiveP50 } };
  } finally {
    await pool.end();
    await app.stop();
  }
}

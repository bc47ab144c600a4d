// Benchmark 1 (DESIGN.md section 10): GET /api/courses through the whole
// product vs a raw node:http + pg server running the same SQL, same run,
// same machine. Target: ratio >= 0.6. The ratio uses the product with its
// response cache OFF, so both sides run the SQL on every request; the cached
// figure is printed alongside.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { freePort, ROOT, startApp } from '../support/app-process.mjs';
import { fmt, load, printTable } from './lib.mjs';

async function setResponseCache(baseUrl, enabled) {
  const config = await (await fetch(`${baseUrl}/api/public-config`)).json();
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(config.demoCredentials.admin),
  });
  const { token } = await login.json();
  const res = await fetch(`${baseUrl}/api/admin/settings/system`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ cacheEnabled: enabled }),
  });
  if (!res.ok) throw new Error(`Could not set cacheEnabled=${enabled}: ${res.status} ${await res.text()}`);
  // Every API instance drops its cache on the settings change; give the event a moment to arrive.
  await new Promise((r) => setTimeout(r, 500));
}

const ROUNDS = 3;

/** The rounds as one run: requests per second over the whole time, the worst round's p99, the median round's p50. */
function combine(runs) {
  const sorted = (key) => runs.map((r) => r[key]).sort((a, b) => a - b);
  return {
    rps: runs.reduce((sum, r) => sum + r.rps, 0) / runs.length,
    p50: sorted('p50')[Math.floor(runs.length / 2)],
    p99: Math.max(...runs.map((r) => r.p99)),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  };
}

export async function catalogBench({ seconds = 10 } = {}) {
  const app = await startApp({ LOG_LEVEL: 'warn' });
  let raw;
  try {
    const port = await freePort();
    raw = fork(join(ROOT, 'test/bench/raw-catalog-server.mjs'), [app.databaseUrl, String(port)], { stdio: 'inherit' });
    await new Promise((r) => raw.once('message', r));

    await setResponseCache(app.baseUrl, false);
    // Product and raw take turns (ROUNDS each, same total time): on a shared machine a neighbour's burst then lands on both sides.
    const apiRuns = [];
    const rawRuns = [];
    for (let round = 0; round < ROUNDS; round++) {
      apiRuns.push(await load(`${app.baseUrl}/api/courses`, { seconds: seconds / ROUNDS, warmupSeconds: round === 0 ? 2 : 1 }));
      rawRuns.push(await load(`http://127.0.0.1:${port}/api/courses`, { seconds: seconds / ROUNDS, warmupSeconds: round === 0 ? 2 : 1 }));
    }
    const api = combine(apiRuns);
    const baseline = combine(rawRuns);
    await setResponseCache(app.baseUrl, true);
    const cached = await load(`${app.baseUrl}/api/courses`, { seconds });
    const ratio = api.rps / baseline.rps;
    printTable(`Catalog: GET /api/courses (20 connections, ${seconds} s each side, in ${ROUNDS} alternating rounds)`, [
      ['server', 'req/s', 'p50 ms', 'p99 ms', 'errors'],
      ['product API, response cache off', fmt(api.rps), api.p50, api.p99, api.errors],
      ['raw node:http + pg (same SQL)', fmt(baseline.rps), baseline.p50, baseline.p99, baseline.errors],
      ['product API, response cache on', fmt(cached.rps), cached.p50, cached.p99, cached.errors],
    ]);
    const rounds = apiRuns.map((r, i) => fmt(r.rps / rawRuns[i].rps, 2)).join(', ');
    console.log(`  ratio API (cache off) / raw = ${fmt(ratio, 2)} (target >= 0.6) ${ratio >= 0.6 ? 'OK' : 'BELOW TARGET'}; by round: ${rounds}`);
    return { name: 'catalog', ratio, ok: ratio >= 0.6 && api.errors === 0 && cached.errors === 0 };
  } finally {
    raw?.kill();
    await app.stop();
  }
}

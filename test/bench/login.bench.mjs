// Benchmark 4 (DESIGN.md section 10): sign-ins per second through the API vs
// raw argon2id verifications per second with the same parameters (target
// >= 0.85), and the catalog's p99 while sign-ins saturate the API vs
// unloaded (target <= 1.5x).
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, startApp } from '../support/app-process.mjs';
import { fmt, load, printTable } from './lib.mjs';

const CONNECTIONS = 8;

function rawArgon2(seconds) {
  return new Promise((resolve, reject) => {
    const child = fork(join(ROOT, 'test/bench/raw-argon2.mjs'), [String(seconds), String(CONNECTIONS)], { cwd: ROOT });
    child.once('message', (m) => resolve(m.perSecond));
    child.once('error', reject);
  });
}

export async function loginBench({ seconds = 10 } = {}) {
  const app = await startApp({ LOG_LEVEL: 'warn', LOGIN_MAX_FAILURES: '100000', LOGIN_MAX_FAILURES_PER_IP: '100000' });
  try {
    const config = await (await fetch(`${app.baseUrl}/api/public-config`)).json();
    const body = JSON.stringify(config.demoCredentials.learner);
    const loginOptions = { method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: CONNECTIONS };

    const raw = await rawArgon2(seconds);
    const logins = await load(`${app.baseUrl}/api/auth/login`, { ...loginOptions, seconds });
    const catalogAlone = await load(`${app.baseUrl}/api/courses`, { connections: 4, seconds });
    const [catalogLoaded] = await Promise.all([
      load(`${app.baseUrl}/api/courses`, { connections: 4, seconds, warmupSeconds: 1 }),
      autocannon({ url: `${app.baseUrl}/api/auth/login`, ...loginOptions, duration: seconds + 1 }),
    ]);

    const ratio = logins.rps / raw;
    const p99Ratio = catalogLoaded.p99 / Math.max(catalogAlone.p99, 1);
    printTable(`Login: POST /api/auth/login (${CONNECTIONS} connections, ${seconds} s)`, [
      ['measure', 'per second', 'p50 ms', 'p99 ms', 'errors'],
      ['API sign-ins', fmt(logins.rps, 1), logins.p50, logins.p99, logins.errors],
      ['raw argon2id verify', fmt(raw, 1), '', '', ''],
      ['catalog alone (4 conn)', fmt(catalogAlone.rps), catalogAlone.p50, catalogAlone.p99, catalogAlone.errors],
      ['catalog during sign-ins', fmt(catalogLoaded.rps), catalogLoaded.p50, catalogLoaded.p99, catalogLoaded.errors],
    ]);
    console.log(`  ratio sign-ins / raw argon2id = ${fmt(ratio, 2)} (target >= 0.85) ${ratio >= 0.85 ? 'OK' : 'BELOW TARGET'}`);
    console.log(`  catalog p99 loaded / unloaded = ${fmt(p99Ratio, 2)}x (target <= 1.5x) ${p99Ratio <= 1.5 ? 'OK' : 'ABOVE TARGET'}`);
    return { name: 'login', ratio, ok: ratio >= 0.85 && p99Ratio <= 1.5 && logins.errors === 0, extra: { p99Ratio } };
  } finally {
    await app.stop();
  }
}

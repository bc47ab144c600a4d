#!/usr/bin/env node
// npm start: the whole product on one origin (default http://localhost:3000).
// Builds what is not built, provides PostgreSQL and Redis when none are
// configured, applies migrations and demo data, then runs the API and one
// worker until Ctrl-C. `npm run dev` does the same with Vite dev servers.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildParts, staleParts } from './lib/build.mjs';
import { commandLine } from './lib/command-line.mjs';
import { startChild } from './lib/children.mjs';
import { waitFor } from './lib/net.mjs';
import { dataDir, ROOT } from './lib/paths.mjs';
import { resolvePostgres } from './lib/postgres.mjs';
import { resolveRedis } from './lib/redis.mjs';
import { localSecrets } from './lib/secrets.mjs';

const { values: flags } = commandLine({
  name: 'start',
  usage: `npm start [-- --no-build]
       npm run dev

Runs the whole product on one origin (http://localhost:3000, or PORT): builds what is stale,
uses DATABASE_URL or an embedded PostgreSQL (data in .data/postgres), REDIS_URL or the local
Redis (or starts redis-server), applies migrations and the demo data, then runs the API and one
worker until Ctrl-C.

  --dev        (npm run dev) the backend rebuilt on change, and Vite dev servers with hot reload
               for the learner site (:5173) and the console (:5174)
  --no-build   run what is built, even if stale (also START_NO_BUILD=1)
  -h, --help   this text

Logs are readable lines (LOG_FORMAT=json for pino's JSON lines); see .env.example for the rest.`,
  options: { dev: { type: 'boolean' }, 'no-build': { type: 'boolean' } },
});
const dev = flags.dev === true;
const log = (msg) => console.log(`[start] ${msg}`);

if (existsSync(join(ROOT, '.env'))) process.loadEnvFile(join(ROOT, '.env'));

const env = { ...process.env };
const production = env.NODE_ENV === 'production';
const port = Number(env.PORT || 3000);
const data = dataDir(env);
const cleanups = [];
const children = [];
let shuttingDown = false;

async function shutdown(code) {
  if (shuttingDown) return;
  shuttingDown = true;
  log('Stopping...');
  await Promise.all(children.map((c) => c.stop()));
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void shutdown(0));

async function main() {
  if (!production) {
    Object.assign(env, localSecrets(data, env));
  } else if (!env.DATABASE_URL || !env.REDIS_URL) {
    throw new Error('NODE_ENV=production needs DATABASE_URL and REDIS_URL (see .env.example)');
  }

  // --no-build (or START_NO_BUILD=1) runs whatever is built, e.g. while another part is being edited.
  const skipBuild = flags['no-build'] === true || env.START_NO_BUILD === '1';
  const stale = skipBuild ? [] : dev ? staleParts().filter((p) => p.name === 'backend') : staleParts();
  if (stale.length > 0) buildParts(stale, log);

  const pg = await resolvePostgres(env, data, env.EMBEDDED_PG_PASSWORD, log);
  cleanups.push(pg.stop);
  const redis = await resolveRedis(env, join(data, 'redis'), log);
  cleanups.push(redis.stop);
  Object.assign(env, { DATABASE_URL: pg.url, REDIS_URL: redis.url, PORT: String(port), DATA_DIR: data });
  env.PUBLIC_URL ??= `http://localhost:${port}`;

  const prepare = spawn(process.execPath, [join(ROOT, 'backend/dist/cli.js'), 'prepare'], { env, stdio: 'inherit' });
  const prepared = await new Promise((r) => prepare.once('exit', r));
  if (prepared !== 0) throw new Error('Migrations or demo data failed (see above)');

  const backend = join(ROOT, 'backend/dist');
  const watch = dev ? ['--watch-path', backend] : [];
  if (dev) {
    const tsc = spawn('npx', ['tsc', '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], { cwd: join(ROOT, 'backend'), env, stdio: 'inherit' });
    cleanups.push(async () => tsc.kill('SIGTERM'));
  }
  const api = startChild('api', join(backend, 'main.js'), env, watch);
  const worker = startChild('worker', join(backend, 'worker.js'), env, watch);
  children.push(api, worker);
  for (const c of children) {
    void c.exited.then(({ code }) => {
      if (!shuttingDown && !dev) {
        console.error(`[start] ${c.name} exited (code ${code}); stopping everything`);
        void shutdown(code || 1);
      }
    });
  }

  await waitFor(
    async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
      } catch {
        return false;
      }
    },
    { timeoutMs: 60000, what: `the API on port ${port}` },
  );

  const urls = [`  API           http://localhost:${port}/api   (docs: http://localhost:${port}/api/docs)`];
  if (dev) {
    for (const [name, vitePort] of [
      ['web-learner', 5173],
      ['web-admin', 5174],
    ]) {
      const vite = spawn('npm', ['run', 'dev', '-w', name, '--', '--port', String(vitePort), '--strictPort'], {
        cwd: ROOT,
        env: { ...env, API_TARGET: `http://127.0.0.1:${port}` },
        stdio: 'inherit',
      });
      cleanups.push(async () => vite.kill('SIGTERM'));
    }
    urls.unshift('  Learner site  http://localhost:5173/', '  Admin console http://localhost:5174/admin/');
  } else {
    urls.unshift(`  Learner site  http://localhost:${port}/`, `  Admin console http://localhost:${port}/admin/`);
  }
  console.log(`\nThe course platform is running:\n${urls.join('\n')}\nPress Ctrl-C to stop.\n`);
}

main().catch(async (err) => {
  console.error(`[start] ${err.message}`);
  await shutdown(1);
});

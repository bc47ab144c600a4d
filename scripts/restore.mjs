#!/usr/bin/env node
// npm run restore -- FILE [--database NAME] [--replace]
// Restores a backup (downloaded from Admin > Settings > System, or from the
// backup folder) into a new database on the server the product uses:
// DATABASE_URL, or the embedded PostgreSQL that `npm start` runs. With
// --replace (product stopped), the restored database becomes the product's;
// the previous one is kept under another name.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildParts, staleParts } from './lib/build.mjs';
import { dataDir, ROOT } from './lib/paths.mjs';
import { resolvePostgres } from './lib/postgres.mjs';
import { localSecrets } from './lib/secrets.mjs';

if (existsSync(join(ROOT, '.env'))) process.loadEnvFile(join(ROOT, '.env'));
const env = { ...process.env };
const log = (m) => console.log(`[restore] ${m}`);
const stale = staleParts().filter((p) => p.name === 'backend');
if (stale.length) buildParts(stale, log);

if (env.NODE_ENV === 'production' && !env.DATABASE_URL) {
  console.error('[restore] NODE_ENV=production needs DATABASE_URL: set it to the database the API uses.');
  process.exit(1);
}
// Paths are the caller's (npm runs scripts from the repository root, INIT_CWD is where npm was typed).
const cwd = env.INIT_CWD ?? process.cwd();
const args = process.argv.slice(2).map((a, i, all) => (a.startsWith('--') || all[i - 1] === '--database' ? a : resolve(cwd, a)));
const data = dataDir(env);
const secrets = env.NODE_ENV === 'production' ? {} : localSecrets(data, env);
const pg = await resolvePostgres(env, data, secrets.EMBEDDED_PG_PASSWORD, log);
const child = spawn(process.execPath, [join(ROOT, 'backend/dist/cli.js'), 'restore', ...args], {
  env: { ...env, ...secrets, DATABASE_URL: pg.url },
  stdio: 'inherit',
});
const code = await new Promise((r) => child.once('exit', r));
await pg.stop();
process.exit(code ?? 1);

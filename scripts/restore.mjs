#!/usr/bin/env node
// npm run restore -- FILE [--database NAME] [--replace]
// Restores a backup (downloaded from Admin > Settings > System, or from the
// backup folder) into a new database on the server the product uses:
// DATABASE_URL, or the embedded PostgreSQL that `npm start` runs (the one
// running, when the site is up; otherwise started for the restore). With
// --replace (product stopped), the restored database becomes the product's;
// the previous one is kept under another name.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildParts, staleParts } from './lib/build.mjs';
import { dataDir, ROOT } from './lib/paths.mjs';
import { resolvePostgres } from './lib/postgres.mjs';
import { commandLine } from './lib/command-line.mjs';
import { localSecrets } from './lib/secrets.mjs';

const { values, positionals, fail } = commandLine({
  name: 'restore',
  usage: `npm run restore -- FILE [--database NAME] [--replace]

Restores a backup (downloaded from Admin > Settings > System, or from the backup folder) into a
new database on the server the product uses. The whole file is checked before anything changes.

  FILE             the backup (.json.gz)
  --database NAME  the new database's name (default: one made from the backup's date)
  --replace        then make it the product's database (the previous one is kept under another
                   name); stop the product first
  -h, --help       this text`,
  options: { database: { type: 'string' }, replace: { type: 'boolean' } },
  allowPositionals: true,
});
if (positionals.length !== 1) fail(positionals.length ? `one backup file at a time (got ${positionals.length})` : 'which backup file? Give its path.');

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
const args = [resolve(cwd, positionals[0]), ...(values.database ? ['--database', values.database] : []), ...(values.replace ? ['--replace'] : [])];
const data = dataDir(env);
const secrets = env.NODE_ENV === 'production' ? {} : localSecrets(data, env);
// While the site runs, its embedded PostgreSQL is used as it is (and left running).
const pg = await resolvePostgres(env, data, secrets.EMBEDDED_PG_PASSWORD, log, { attach: true }).catch((err) => {
  console.error(`[restore] ${err.message}`);
  process.exit(1);
});
const child = spawn(process.execPath, [join(ROOT, 'backend/dist/cli.js'), 'restore', ...args], {
  env: { ...env, ...secrets, DATABASE_URL: pg.url },
  stdio: 'inherit',
});
const code = await new Promise((r) => child.once('exit', r));
await pg.stop();
process.exit(code ?? 1);

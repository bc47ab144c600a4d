#!/usr/bin/env node
// npm run admin:create -- --email you@example.com --password '...' [--name 'Your Name']
// Creates an administrator in the configured database (DATABASE_URL), or in
// the embedded PostgreSQL that `npm start` uses when none is configured
// (the running one while the site is up).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildParts, staleParts } from './lib/build.mjs';
import { dataDir, ROOT } from './lib/paths.mjs';
import { resolvePostgres } from './lib/postgres.mjs';
import { commandLine } from './lib/command-line.mjs';
import { localSecrets } from './lib/secrets.mjs';

const { values } = commandLine({
  name: 'admin:create',
  usage: `npm run admin:create -- --email EMAIL --password PASSWORD [--name NAME]
       npm run admin:create -- --reset-2fa EMAIL

Creates an administrator (the first one in production), or turns off an administrator's
two-factor sign-in (a lost phone, no other administrator to reset it).

  --email EMAIL        the administrator's email
  --password PASSWORD  their password (the server's password policy applies)
  --name NAME          their name (default: from the email)
  --reset-2fa EMAIL    reset this administrator's two-factor sign-in instead
  -h, --help           this text

Works on DATABASE_URL, else on the embedded PostgreSQL of npm start (the running one while the site is up).`,
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, 'reset-2fa': { type: 'string' } },
});

if (existsSync(join(ROOT, '.env'))) process.loadEnvFile(join(ROOT, '.env'));
const env = { ...process.env };
const log = (m) => console.log(`[admin:create] ${m}`);
const stale = staleParts().filter((p) => p.name === 'backend');
if (stale.length) buildParts(stale, log);

if (env.NODE_ENV === 'production' && !env.DATABASE_URL) {
  console.error('[admin:create] NODE_ENV=production needs DATABASE_URL: set it to the database the API uses.');
  process.exit(1);
}
const data = dataDir(env);
const secrets = env.NODE_ENV === 'production' ? {} : localSecrets(data, env);
// While the site runs, its embedded PostgreSQL is used as it is (and left running).
const pg = await resolvePostgres(env, data, secrets.EMBEDDED_PG_PASSWORD, log, { attach: true }).catch((err) => {
  console.error(`[admin:create] ${err.message}`);
  process.exit(1);
});
const forwarded = Object.entries(values).flatMap(([key, value]) => (key === 'help' ? [] : [`--${key}`, String(value)]));
const child = spawn(process.execPath, [join(ROOT, 'backend/dist/cli.js'), 'admin:create', ...forwarded], {
  env: { ...env, DATABASE_URL: pg.url },
  stdio: 'inherit',
});
const code = await new Promise((r) => child.once('exit', r));
await pg.stop();
process.exit(code ?? 1);

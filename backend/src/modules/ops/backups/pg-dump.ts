import { spawn } from 'node:child_process';

/** Thrown when the pg_dump program cannot be run at all (not installed, wrong path). */
export class PgDumpMissingError extends Error {}

const MISSING = (program: string, reason: string) =>
  `pg_dump is not available on this server (${program}: ${reason}). Install the PostgreSQL client tools (e.g. apt-get install postgresql-client) or set PG_DUMP_PATH.`;

/**
 * Dumps the database at `databaseUrl` in pg_dump's custom format (restorable
 * with pg_restore) into `file`. The password goes through the environment,
 * never the command line, so it does not show in the process list.
 */
export function runPgDump(program: string, databaseUrl: string, file: string, timeoutMs = 30 * 60_000): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env, PGCONNECT_TIMEOUT: '10' };
  if (password) env.PGPASSWORD = password;
  return new Promise((resolve, reject) => {
    const child = spawn(program, ['--format=custom', '--no-owner', '--no-acl', `--file=${file}`, `--dbname=${url.toString()}`], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(err.code === 'ENOENT' ? new PgDumpMissingError(MISSING(program, 'not found')) : err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`pg_dump failed (${signal ? `killed by ${signal}` : `exit code ${code}`}): ${stderr.trim() || 'no output'}`));
    });
  });
}

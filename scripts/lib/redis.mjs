import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { freePort, redisAnswers, waitFor } from './net.mjs';

export { redisAnswers };

/**
 * REDIS_URL if set; else a Redis on 127.0.0.1:6379; else a redis-server we
 * start ourselves (data in .data/redis, AOF on, noeviction); else one line
 * explaining what to install.
 */
export async function resolveRedis(env, dir, log) {
  if (env.REDIS_URL) return { url: env.REDIS_URL, stop: async () => {} };
  if (await redisAnswers(6379)) return { url: 'redis://127.0.0.1:6379', stop: async () => {} };

  const found = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  if (found.error || found.status !== 0) {
    throw new Error(
      'Redis is needed: set REDIS_URL, start Redis on 127.0.0.1:6379, install redis-server (apt-get install redis-server / brew install redis), or run: docker compose up -d redis',
    );
  }
  const port = await freePort();
  mkdirSync(dir, { recursive: true });
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', '', '--maxmemory-policy', 'noeviction'],
    { stdio: 'ignore', detached: true },
  );
  child.unref();
  await waitFor(() => redisAnswers(port), { timeoutMs: 10000, what: 'redis-server to start' });
  log(`Started redis-server on port ${port} (data in ${dir})`);
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    },
  };
}

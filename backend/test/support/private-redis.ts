import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, redisAnswers } from '../../../scripts/lib/net.cjs';

/**
 * A redis-server of the test's own, so a test can take Redis away and bring
 * it back (the shared one stays untouched for the other test files).
 */
export class PrivateRedis {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.up();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    if (this.child && this.child.exitCode === null) return;
    this.child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory-policy', 'noeviction'],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 100 && !(await redisAnswers(this.port)); i++) await new Promise((r) => setTimeout(r, 50));
  }

  async down(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }
}

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../support/app-process.mjs';
import { eventually, type Backend } from '../support/backend-processes.mjs';

/** `npm run chaos` sets CHAOS=1: the same scenarios at the sizes and outage lengths of the original fault campaign. */
export const CHAOS = process.env.CHAOS === '1';
export const scale = (resilience: number, chaos: number): number => (CHAOS ? chaos : resilience);

/**
 * Recovery timings shortened so each scenario converges in seconds, not the
 * production minutes: the re-drive looks after 3 s (30 s in production),
 * a dead worker's jobs come back after ~4 s, retries back off to 5 s at most.
 * The mechanisms are the production ones; only their clocks are faster.
 */
export const FAST_RECOVERY: Record<string, string> = {
  REDRIVE_GRACE_SECONDS: '3',
  REDRIVE_EVERY_SECONDS: '2',
  QUEUE_LOCK_DURATION_MS: '4000',
  QUEUE_STALLED_INTERVAL_MS: '2000',
  QUEUE_BACKOFF_BASE_MS: '500',
  QUEUE_BACKOFF_CAP_SECONDS: '5',
};

export const PASSWORD = 'Str0ng!Passw0rd-42';

/** A published course with `lessons` published text lessons (test data, as an admin would have made it). */
export async function seedCourse(backend: Backend, lessons: number): Promise<{ id: number; lessonIds: number[] }> {
  const [{ id }] = await backend.query(
    `INSERT INTO courses (title, description, instructor, category, status, price, total_lessons) VALUES ('Fault course', 'About faults', 'Ops', 'Marketing', 'published', '100.00', $1) RETURNING id`,
    [lessons],
  );
  const lessonIds: number[] = [];
  for (let i = 1; i <= lessons; i++) {
    const [row] = await backend.query(
      `INSERT INTO lessons (course_id, title, type, sort_order, published, content) VALUES ($1, $2, 'text', $3, true, '<p>x</p>') RETURNING id`,
      [id, `Lesson ${i}`, i],
    );
    lessonIds.push(row.id);
  }
  return { id, lessonIds };
}

/** Learners who bought through the sandbox and created their account: their bearer tokens. Needs a running worker. */
export async function buyers(backend: Backend, n: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const email = `learner-${randomBytes(4).toString('hex')}@example.com`;
    const created = await backend.request('POST', '/api/payments/create', {
      amount: 497,
      currency: 'USDT',
      blockchain: 'Tron (TRC-20)',
      clientId: `c_${i}`,
      email,
    });
    if (created.status !== 201) throw new Error(`checkout failed: ${created.status} ${created.text}`);
    const { paymentId, claimSecret } = created.body;
    const paid = await backend.request('POST', `/api/payments/sandbox/${paymentId}/simulate`, { outcome: 'finished' });
    if (paid.status !== 200) throw new Error(`simulate failed: ${paid.status} ${paid.text}`);
    await eventually(async () => (await backend.query(`SELECT state FROM payments WHERE id = $1`, [paymentId]))[0].state === 'PAID', {
      what: 'the purchase PAID',
    });
    const account = await backend.request('POST', '/api/auth/create-account', { email, name: 'Fault Suite Buyer', password: PASSWORD, paymentId, claimSecret });
    if (account.status !== 200) throw new Error(`create-account failed: ${account.status} ${account.text}`);
    tokens.push(account.body.token);
  }
  return tokens;
}

export async function completeLesson(backend: Backend, token: string, courseId: number, lessonId: number): Promise<void> {
  const res = await backend.request('POST', `/api/courses/${courseId}/lessons/${lessonId}/complete`, {}, { authorization: `Bearer ${token}` });
  if (res.status !== 200 && res.status !== 201) throw new Error(`complete failed: ${res.status} ${res.text}`);
}

/** Totals of the daily analytics rollups (revenue: the scenarios sell in USD only, kept per currency in revenue_daily). */
export async function rollupTotals(backend: Backend): Promise<{ lessons: number; courses: number; payments: number; revenue: string }> {
  const [row] = await backend.query(
    `SELECT coalesce(sum(lesson_completions), 0)::int AS lessons, coalesce(sum(course_completions), 0)::int AS courses,
            coalesce(sum(payments_confirmed), 0)::int AS payments,
            (SELECT coalesce(sum(revenue), 0)::numeric(14, 2)::text FROM revenue_daily WHERE currency = 'USD') AS revenue
       FROM daily_metrics`,
  );
  return row;
}

/** An administrator created with the CLI (as production gets its first one), signed in. */
export async function adminToken(backend: Backend): Promise<string> {
  const email = `ops-${randomBytes(3).toString('hex')}@example.com`;
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'backend/dist/cli.js'), 'admin:create', '--email', email, '--password', PASSWORD], {
      env: backend.env,
      stdio: 'ignore',
    });
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`admin:create exited with ${code}`);
  const res = await backend.request('POST', '/api/admin/login', { email, password: PASSWORD });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.text}`);
  return res.body.token;
}

/** Runs the analytics recompute through the admin API and answers its report once it finished. */
export async function recompute(backend: Backend, token: string): Promise<{ differences: Record<string, number>; unconsumedEvents: number }> {
  const before = await backend.request('GET', '/api/admin/analytics/recompute-runs', undefined, { authorization: `Bearer ${token}` });
  const latest = before.body.runs?.[0]?.id ?? 0;
  const started = await backend.request('POST', '/api/admin/analytics/recompute', {}, { authorization: `Bearer ${token}` });
  if (started.status !== 202) throw new Error(`recompute not started: ${started.status} ${started.text}`);
  return eventually(
    async () => {
      const runs = await backend.request('GET', '/api/admin/analytics/recompute-runs', undefined, { authorization: `Bearer ${token}` });
      const run = runs.body.runs?.[0];
      return run && run.id > latest && run.finishedAt ? run : null;
    },
    { timeoutMs: 60_000, what: 'the recompute run' },
  );
}

/** Deliveries events still owe their consumers (dead letters counted apart). */
export async function owedDeliveries(backend: Backend): Promise<{ pending: number; dead: number }> {
  const [row] = await backend.query(
    `SELECT count(*) FILTER (WHERE dead_at IS NULL)::int AS pending, count(*) FILTER (WHERE dead_at IS NOT NULL)::int AS dead FROM event_deliveries`,
  );
  return row;
}

/** Commands still owed (owed or failing), done (sent) and dead, of one name. */
export async function owedCommands(backend: Backend, name: string): Promise<{ owed: number; sent: number; dead: number }> {
  const [row] = await backend.query(
    `SELECT count(*) FILTER (WHERE state IN ('owed', 'failed'))::int AS owed, count(*) FILTER (WHERE state = 'sent')::int AS sent,
            count(*) FILTER (WHERE state = 'dead')::int AS dead
       FROM owed_commands WHERE name = $1`,
    [name],
  );
  return row;
}

/** The mails the worker wrote to its capture folder (no SMTP server): recipient and tag of each. */
export function capturedMails(backend: Backend): Array<{ to: string; tag?: string; subject: string }> {
  const dir = join(backend.env.DATA_DIR, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string; tag?: string; subject: string });
}

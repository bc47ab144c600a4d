import { expect, test } from '@playwright/test';
import { freePort } from '../support/app-process.mjs';
import { checkouts, converged, eventually, privateRedis, report, startBackend } from '../support/backend-processes.mjs';
import { capturedMails, FAST_RECOVERY, owedCommands, scale } from './scenario';

/**
 * Receipts are owed while the mail server is down, and Redis loses its data
 * (a FLUSHALL: a failover to an empty replica, an AOF loss). Before, the
 * receipt's send-email job lived only in Redis and the event was already
 * delivered: 20 paid payments ended with 0 receipts, no dead letter and
 * nothing owed. Now each receipt is an owed mail written with the consumer's
 * record of the event: the re-drive enqueues it again, and every paid
 * payment gets exactly one receipt.
 */
test('receipts owed when Redis loses its data: every paid payment gets exactly one receipt after the re-drive', async () => {
  const payments = scale(20, 200);
  const redis = await privateRedis();
  // Nothing listens on this port: every mail fails and is retried, as with a mail server that is down.
  const deadSmtp = { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(await freePort()) };
  const backend = await startBackend({ redisUrl: redis.url, env: { ...FAST_RECOVERY, ...deadSmtp } });
  try {
    backend.startWorker();
    const ids = await checkouts(backend, payments);
    const paid = await Promise.all(ids.map((id) => backend.request('POST', `/api/payments/sandbox/${id}/simulate`, { outcome: 'finished' })));
    expect(paid.every((p) => p.status === 200)).toBe(true);
    await converged(backend, ids, { timeoutMs: scale(60_000, 240_000) });
    // Every receipt is owed and failing (its job retrying in Redis), none sent.
    await eventually(
      async () => {
        const [{ failing }] = await backend.query(
          `SELECT count(*)::int AS failing FROM owed_commands WHERE name = 'send-email' AND summary->>'tag' = 'receipt' AND state = 'failed'`,
        );
        return failing === payments;
      },
      { timeoutMs: 60_000, what: 'every receipt owed and failing' },
    );
    expect(capturedMails(backend).filter((m) => m.tag === 'receipt')).toHaveLength(0);

    await redis.flushAll();
    await backend.worker!.kill('SIGTERM');
    // The mail server is back (here: the local capture folder) and a worker starts.
    const since = Date.now();
    backend.startWorker({ SMTP_HOST: '' });

    const emails: string[] = (await backend.query(`SELECT email FROM payments WHERE id = ANY($1::uuid[])`, [ids])).map((r: { email: string }) => r.email);
    const receipts = await eventually(
      async () => {
        const sent = capturedMails(backend).filter((m) => m.tag === 'receipt');
        return emails.every((e) => sent.some((m) => m.to === e)) ? sent : null;
      },
      { timeoutMs: scale(90_000, 300_000), intervalMs: 250, what: `a receipt for each of the ${payments} payments` },
    );
    const seconds = Math.round((Date.now() - since) / 100) / 10;
    const perEmail = new Map<string, number>();
    for (const m of receipts) perEmail.set(m.to, (perEmail.get(m.to) ?? 0) + 1);
    const duplicates = [...perEmail.values()].filter((n) => n > 1).length;
    expect(duplicates).toBe(0);
    expect(receipts).toHaveLength(payments);
    const commands = await owedCommands(backend, 'send-email');
    expect(commands.dead).toBe(0);
    report('receipts owed when Redis loses its data', { sent: payments, receipts: receipts.length, duplicates, converge_s: seconds });
  } catch (err) {
    console.error(backend.logs());
    throw err;
  } finally {
    await backend.stop();
    await redis.destroy();
  }
});

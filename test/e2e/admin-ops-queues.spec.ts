import { expect, test } from './fixtures';
import { adminToken, authHeader, expectAccessible, signInAdmin } from './admin-session';

interface FailedJob {
  id: string;
  name: string;
  failedReason: string;
}

test('queues: a failed test email shows with its error, and Retry sends it once the mail server is fixed', async ({ page, request }) => {
  const token = await adminToken(request);
  const headers = authHeader(token);
  const email = (await (await request.get('/api/admin/settings', { headers })).json()).email;
  const failedIds = async () =>
    ((await (await request.get('/api/admin/queues/notifications/failed', { headers })).json()).jobs as FailedJob[]).map((j) => j.id);
  const known = new Set(await failedIds());
  let failed: string | undefined;
  try {
    // Nothing listens on port 1: the worker's SMTP connection is refused, and test emails run once (no retries).
    expect((await request.put('/api/admin/settings/email', { headers, data: { smtpHost: '127.0.0.1', smtpPort: 1, smtpEncryption: 'none' } })).status()).toBe(
      200,
    );
    await expect
      .poll(
        async () => {
          await request.post('/api/admin/settings/test-email', { headers });
          failed = (await failedIds()).find((id) => !known.has(id));
          return failed;
        },
        { timeout: 45_000, intervals: [2_000] },
      )
      .toBeTruthy();
  } finally {
    await request.put('/api/admin/settings/email', {
      headers,
      data: { smtpHost: email.smtpHost, smtpPort: email.smtpPort, smtpEncryption: email.smtpEncryption },
    });
  }

  await signInAdmin(page, token);
  await page.goto('/admin/queues');
  await expect(page.getByTestId('queue-notifications-failed')).not.toHaveText('0');
  const row = page.getByTestId(`failed-job-${failed}`);
  await expect(row).toContainText('send-email');
  await expect(row).toContainText(/ECONNREFUSED|connect/i);
  await expectAccessible(page);

  // Other processes cache settings for a few seconds: retry only once the worker sees the restored mail server.
  await page.waitForTimeout(6_000);
  await row.getByRole('button', { name: `Retry job ${failed}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText(`Job ${failed} queued for retry`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect.poll(async () => (await failedIds()).includes(failed!), { timeout: 20_000 }).toBe(false);
});

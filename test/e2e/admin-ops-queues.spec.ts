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

interface MailEntry {
  id: string;
  state: string;
  subject: string;
  attempts: number;
}

test('mail failing: the overview is not Healthy, the console raises the alert, the Queues page and the mail log show it; a retry sends it once mail works', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const headers = authHeader(token);
  const email = (await (await request.get('/api/admin/settings', { headers })).json()).email;
  const mails = async (state: string) =>
    (await (await request.get('/api/admin/mail-log', { headers, params: { filter: JSON.stringify({ state }) } })).json()) as MailEntry[];
  const known = new Set((await mails('dead')).map((m) => m.id));
  let failing: MailEntry | undefined;
  try {
    // Every mail fails (nothing listens on port 1); test emails are tried once, so each failure is at once a dead mail.
    expect((await request.put('/api/admin/settings/email', { headers, data: { smtpHost: '127.0.0.1', smtpPort: 1, smtpEncryption: 'none' } })).status()).toBe(
      200,
    );
    await expect
      .poll(
        async () => {
          await request.post('/api/admin/settings/test-email', { headers });
          failing = (await mails('dead')).find((m) => !known.has(m.id));
          return failing;
        },
        { timeout: 45_000, intervals: [2_000] },
      )
      .toBeTruthy();

    await signInAdmin(page, token);
    await page.goto('/admin/overview');
    await expect(page.getByTestId('stat-System Health')).toHaveText('Degraded: mail failing');
    await expect(page.getByTestId('status-mail')).toContainText('Failing');
    await expect(page.getByText('System Degraded')).toBeVisible();
    const alert = page.getByTestId('system-alert-mail-failing');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(/ECONNREFUSED|connect/i);

    await page.goto('/admin/queues');
    await expect(page.getByTestId('mail-delivery-status')).toHaveText('Failing');
    await expect(page.getByTestId('mail-delivery')).toContainText(/ECONNREFUSED|connect/i);

    await alert.getByRole('link', { name: 'Open the mail log' }).click();
    await expect(page).toHaveURL(/\/admin\/mail-log/);
    const state = page.getByTestId(`mail-state-${failing!.id}`);
    await expect(state).toHaveText('Dead');
    await expect(page.locator('tr', { has: state })).toContainText(/ECONNREFUSED|connect/i);
    await expectAccessible(page);
  } finally {
    await request.put('/api/admin/settings/email', {
      headers,
      data: { smtpHost: email.smtpHost, smtpPort: email.smtpPort, smtpEncryption: email.smtpEncryption },
    });
  }

  // Other processes cache settings for a few seconds: retry once the worker sees the restored mail server.
  await page.waitForTimeout(6_000);
  await page.getByRole('button', { name: 'Retry all failed' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText(/mails? owed again/)).toBeVisible();
  await expect
    .poll(
      async () => (await (await request.get('/api/admin/mail-log', { headers, params: { filter: JSON.stringify({ id: [failing!.id] }) } })).json())[0]?.state,
      {
        timeout: 30_000,
      },
    )
    .toBe('sent');
  await page.goto('/admin/overview');
  await expect(page.getByTestId('stat-System Health')).toHaveText('Healthy');
  await expect(page.getByTestId('system-alert-mail-failing')).toHaveCount(0);
  await expect(page.getByText('System Online')).toBeVisible();
});

import type { APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { adminToken, authHeader, signInAdmin } from './admin-session';
import { expect, test } from './fixtures';
import { startCryptoCheckout } from './learner-helpers';

interface CapturedMail {
  id: string;
  to: string;
  subject: string;
  tag: string | null;
  text: string;
  headers?: Record<string, string>;
}

const TAG = 'checkout-reminder';

async function db<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The checkout reminders captured for `to`, newest first, read through the developers' mail viewer (/api/dev/mail). */
async function reminders(request: APIRequestContext, to: string): Promise<CapturedMail[]> {
  const list = (await (await request.get(`/api/dev/mail?to=${encodeURIComponent(to)}&tag=${TAG}`)).json()) as { mail: Array<{ id: string }> };
  return Promise.all(list.mail.map(async (m) => (await (await request.get(`/api/dev/mail/${m.id}`)).json()) as CapturedMail));
}

const recoverySettings = (request: APIRequestContext, token: string, data: object) =>
  request.put('/api/admin/settings/recovery', { headers: authHeader(token), data });

test('a checkout left unpaid gets a reminder whose link resumes it; paid from there, no second reminder follows; analytics counts the recovered sale', async ({
  browser,
  page: console,
  request,
}) => {
  const token = await adminToken(request);
  const figures = async () => (await (await request.get('/api/admin/analytics?range=7d', { headers: authHeader(token) })).json()).recovery;
  const before = await figures();
  expect((await recoverySettings(request, token, { remindersEnabled: true, delayMinutes: 1, secondReminder: true })).status()).toBe(200);
  try {
    // The buyer starts a checkout, reaches the processor's page and leaves.
    const email = `left.cart.${Date.now()}@example.com`;
    const leaving = await browser.newContext();
    const tab = await leaving.newPage();
    await startCryptoCheckout(tab, email);
    const paymentId = tab.url().split('/').pop()!;
    await leaving.close();

    // A minute and a half later (aged in the database), the sweep finds it due.
    await db((c) => c.query(`UPDATE payments SET created_at = now() - interval '90 seconds' WHERE id = $1`, [paymentId]));
    let mail: CapturedMail | undefined;
    await expect(async () => {
      [mail] = await reminders(request, email);
      expect(mail).toBeDefined();
    }).toPass({ timeout: 60_000 });
    expect(mail!.subject).toMatch(/left your .* checkout unfinished/);
    expect(mail!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail!.headers!['List-Unsubscribe']).toContain('/api/payments/recovery/unsubscribe?email=');
    const link = /https?:\/\/\S+\/checkout\/resume\?\S+#token=\S+/.exec(mail!.text)![0];
    expect(new URL(link).searchParams.get('paymentId')).toBe(paymentId);

    // Another browser (the buyer's phone): the link resumes that very checkout, paid with the sandbox.
    const later = await browser.newContext();
    const page = await later.newPage();
    await page.goto(link);
    await expect(page).toHaveURL(new RegExp(`/api/payments/sandbox/checkout/${paymentId}$`));
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/thank-you\\?paymentId=${paymentId}`));
    // This browser proves the purchase (the resume gave it the claim secret): the account form shows the buyer's email.
    await expect(page.getByText('Payment Successful!')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    await later.close();

    // A day later the sweep runs again (every 2 s here): the paid checkout gets no second reminder, while an unpaid one
    // aged the same way (the control: it shows the sweep ran) gets its second.
    const control = await request.post('/api/payments/create', {
      data: { amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', clientId: `user_${Date.now()}`, email: `control.${Date.now()}@example.com` },
    });
    expect(control.status()).toBe(201);
    const controlId = ((await control.json()) as { paymentId: string }).paymentId;
    await db((c) =>
      c.query(
        `UPDATE payments SET created_at = now() - interval '26 hours', recovery_reminders = 1, recovery_reminded_at = now() - interval '25 hours' WHERE id = ANY($1::uuid[])`,
        [[paymentId, controlId]],
      ),
    );
    await expect(async () => expect((await figures()).recoveredSales).toBe(before.recoveredSales + 1)).toPass({ timeout: 30_000 });
    await expect(async () => {
      const { rows } = await db((c) => c.query('SELECT recovery_reminders FROM payments WHERE id = $1', [controlId]));
      expect(rows[0].recovery_reminders).toBe(2);
    }).toPass({ timeout: 30_000 });
    expect(await reminders(request, email)).toHaveLength(1);
    expect((await db((c) => c.query('SELECT recovery_reminders FROM payments WHERE id = $1', [paymentId]))).rows[0].recovery_reminders).toBe(1);

    // The console's Analytics page shows it.
    await signInAdmin(console, token);
    await console.goto('/admin/analytics');
    await expect(console.getByTestId('stat-Recovered sales')).toHaveText(String(before.recoveredSales + 1));
    await expect(console.getByTestId('stat-Checkout reminders sent')).not.toHaveText('0');
    await expect(console.getByTestId('stat-Recovered revenue (USD)')).toBeVisible();
  } finally {
    await recoverySettings(request, token, { delayMinutes: 60 });
  }
});

import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible, signInAdmin } from './admin-session';
import { buyAccount } from './learner-helpers';

async function learnerHasAccess(request: APIRequestContext, email: string, password: string): Promise<boolean> {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok()).toBe(true);
  const { token } = await login.json();
  const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  return (await me.json()).user.hasAccess;
}

test('payments: the show page lists webhook deliveries; Refund with a reason takes the learner’s access away; axe', async ({ page, request }) => {
  const email = `refund.${Date.now()}@example.com`;
  const password = 'correct horse battery staple 42';
  await buyAccount(request, email, password);
  expect(await learnerHasAccess(request, email, password)).toBe(true);

  await signInAdmin(page);
  await page.goto('/admin/payments');
  await page.getByPlaceholder('Search email').fill(email);
  // The search is debounced: wait until it has reached the URL and the list,
  // or its late navigation would bring the page back from the show view.
  await expect(page).toHaveURL(/filter=.*refund\./);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('cell', { name: email }).click();
  await expect(page).toHaveURL(/\/admin\/payments\/[0-9a-f-]+\/show$/);
  await expect(page.getByRole('table', { name: 'Webhook deliveries' })).toContainText('finished');
  await expect(page.getByRole('table', { name: 'State history' })).toContainText('PAID');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund payment' });
  await expect(dialog).toContainText('Eligible under the refund policy');
  await expect(dialog.getByRole('button', { name: 'Refund' })).toBeDisabled();
  await dialog.getByLabel('Reason').fill('Asked for a refund within the first week');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Payment refunded; the access it bought is revoked')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Asked for a refund within the first week').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refund' })).toBeDisabled();

  await expect.poll(() => learnerHasAccess(request, email, password), { timeout: 30_000 }).toBe(false);
});

test('payments: Reconcile asks the provider and shows the resulting state; an unpaid payment cannot be refunded', async ({ page, request }) => {
  const email = `reconcile.${Date.now()}@example.com`;
  const created = await request.post('/api/payments/create', {
    data: { amount: 497, currency: 'BTC', blockchain: 'Bitcoin Network', clientId: `user_${Date.now()}`, email },
  });
  expect(created.ok()).toBe(true);
  const { paymentId } = await created.json();

  await signInAdmin(page);
  await page.goto(`/admin/payments/${paymentId}/show`);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refund' })).toBeDisabled();
  const reconcile = page.waitForResponse((r) => r.url().endsWith(`/api/admin/payments/${paymentId}/reconcile`));
  await page.getByRole('button', { name: 'Reconcile' }).click();
  const answer = await (await reconcile).json();
  await expect(page.getByText(`Reconciled: the payment is ${answer.state}`)).toBeVisible();
});

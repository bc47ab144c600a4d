import { expect, test } from './fixtures';

test.describe('learner app failure screens', () => {
  test('a screen that fails to load shows the error screen; Go to Home clears the session keys', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('isAuthenticated', 'true');
      localStorage.setItem('userEmail', 'someone@example.com');
    });
    await page.route(/\/assets\/PaymentPage-[^/]+\.js$/, (route) => route.abort());
    await page.getByRole('link', { name: 'JOIN NOW' }).first().click();
    await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();

    const details = page.getByRole('button', { name: 'Show error details' });
    await expect(details).toHaveAttribute('aria-expanded', 'false');
    await details.click();
    await expect(page.getByRole('button', { name: 'Hide error details' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('pre')).toBeVisible();

    await page.getByRole('button', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'GET ACCESS' })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('isAuthenticated'), localStorage.getItem('userEmail')])).toEqual([null, null]);
  });

  test('the maintenance page replaces the app while the API answers 503 maintenance', async ({ page, request }) => {
    const config = await (await request.get('/api/public-config')).json();
    const login = await request.post('/api/admin/login', { data: config.demoCredentials.admin });
    expect(login.ok()).toBe(true);
    const headers = { authorization: `Bearer ${(await login.json()).token}` };
    const setMaintenance = async (on: boolean) =>
      expect((await request.put('/api/admin/settings/system', { headers, data: { maintenanceMode: on } })).ok()).toBe(true);

    await setMaintenance(true);
    try {
      await expect(async () => {
        await page.goto('/payment');
        await expect(page.getByRole('heading', { name: "We'll be back soon" })).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(page.getByText('The platform is under maintenance. Please try again in a few minutes.')).toBeVisible();
    } finally {
      await setMaintenance(false);
    }
    await expect(async () => {
      await page.goto('/payment');
      await expect(page.getByRole('heading', { name: 'Lifetime Access' })).toBeVisible({ timeout: 2_000 });
      await expect(page.getByLabel('Cryptocurrency').locator('option', { hasText: 'Bitcoin (BTC)' })).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  });
});

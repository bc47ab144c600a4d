import { expect, test } from './fixtures';

test('the landing page renders', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the admin login page renders', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByText('Admin Portal').first()).toBeVisible();
});

test('a deep link survives a reload', async ({ page }) => {
  const res = await page.goto('/terms-of-service');
  expect(res?.status()).toBe(200);
  await page.reload();
  await expect(page.locator('#root')).not.toBeEmpty();
});

test('the API answers on the same origin', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  const courses = await request.get('/api/courses');
  expect((await courses.json()).courses.length).toBeGreaterThanOrEqual(4);
});

import type { Page } from '@playwright/test';
import { startApp } from '../support/app-process.mjs';
import { expect, test } from './fixtures';
import { authHeader } from './admin-session';

/**
 * Sliding admin sessions in the browser, on a product of its own whose session
 * clocks run in 6-second "minutes" (SESSION_MINUTE_SECONDS=6): the Security
 * setting's 5-minute minimum is a 30-second inactivity timeout, with the
 * warning 15 seconds before the end. Everything else is the real mechanism:
 * tokens renewed by activity, the warning dialog, sign-out, sign-in back to the page.
 */
let app: Awaited<ReturnType<typeof startApp>>;
let admin: { email: string; password: string };

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async ({ request }) => {
  test.setTimeout(360_000);
  app = await startApp({ SESSION_MINUTE_SECONDS: '6' });
  admin = (await (await request.get(`${app.baseUrl}/api/public-config`)).json()).demoCredentials.admin;
  const token = (await (await request.post(`${app.baseUrl}/api/admin/login`, { data: admin })).json()).token;
  const saved = await request.put(`${app.baseUrl}/api/admin/settings/security`, { headers: authHeader(token), data: { sessionTimeout: 5 } });
  expect(saved.status()).toBe(200);
});

test.afterAll(async () => {
  await app?.stop();
});

async function signInThroughTheForm(page: Page) {
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('an active admin stays signed in well past the inactivity timeout', async ({ page }) => {
  await page.goto(`${app.baseUrl}/admin/login`);
  await signInThroughTheForm(page);
  await expect(page).toHaveURL(/\/admin\/overview$/);
  await page.goto(`${app.baseUrl}/admin/users`);
  const heading = page.getByRole('heading', { name: 'Users' }).first();
  await expect(heading).toBeVisible();
  const firstToken = await page.evaluate(() => localStorage.getItem('adminToken'));

  // Three timeouts long (90 s), a click or a key every 4 seconds, as someone working would.
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    await page.waitForTimeout(4_000);
    await heading.click();
    await page.keyboard.press('Shift');
    await expect(page).toHaveURL(/\/admin\/users/);
    await expect(page.getByRole('alertdialog')).toBeHidden();
  }
  await page.getByRole('menuitem', { name: /^Courses/ }).click();
  await expect(page).toHaveURL(/\/admin\/courses/);
  await expect(page.getByTestId('course-card').first()).toBeVisible();
  const lastToken = await page.evaluate(() => localStorage.getItem('adminToken'));
  expect(lastToken).not.toBe(firstToken);
  const stats = await page.request.get(`${app.baseUrl}/api/admin/stats`, { headers: authHeader(lastToken!) });
  expect(stats.status()).toBe(200);
});

test('an idle admin is warned, signed out, and after signing in is back on the page with the unsaved lesson offered', async ({ page, request }) => {
  const token = (await (await request.post(`${app.baseUrl}/api/admin/login`, { data: admin })).json()).token;
  const [course] = await (await request.get(`${app.baseUrl}/api/admin/courses?range=[0,0]`, { headers: authHeader(token) })).json();

  await page.goto(`${app.baseUrl}/admin/login`);
  await signInThroughTheForm(page);
  await expect(page).toHaveURL(/\/admin\/overview$/);
  await page.goto(`${app.baseUrl}/admin/course/${course.id}/edit`);
  await page.getByRole('button', { name: 'Add Lesson' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Lesson Title').fill('Written before the timeout');
  const editor = dialog.locator('.ProseMirror');
  await editor.click();
  await page.keyboard.type('A long paragraph nobody wants to type twice.');

  // Idle: the warning comes first, "Stay signed in" is offered; then the session ends.
  const warning = page.getByRole('alertdialog');
  await expect(warning).toBeVisible({ timeout: 60_000 });
  await expect(warning).toContainText('Your session is about to end');
  await expect(warning.getByRole('button', { name: 'Stay signed in' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/, { timeout: 60_000 });
  await expect(page.getByText('You were signed out after a period of inactivity')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();

  await signInThroughTheForm(page);
  await expect(page).toHaveURL(new RegExp(`/admin/course/${course.id}/edit$`));
  const offer = page.getByRole('alert').filter({ hasText: 'Unsaved changes from' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(dialog.getByLabel('Lesson Title')).toHaveValue('Written before the timeout');
  await expect(dialog.locator('.ProseMirror')).toContainText('A long paragraph nobody wants to type twice.');
  await expect(offer).toBeHidden();
});

test('"Stay signed in" keeps the session', async ({ page }) => {
  await page.goto(`${app.baseUrl}/admin/login`);
  await signInThroughTheForm(page);
  await expect(page).toHaveURL(/\/admin\/overview$/);
  const warning = page.getByRole('alertdialog');
  await expect(warning).toBeVisible({ timeout: 60_000 });
  const before = await page.evaluate(() => localStorage.getItem('adminToken'));
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning).toBeHidden();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('adminToken'))).not.toBe(before);
  await expect(page).toHaveURL(/\/admin\/overview$/);
});

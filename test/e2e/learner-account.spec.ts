import { expect, test } from './fixtures';
import { buyAccount, demoLearner, signInOnPage, signInWithApi } from './learner-helpers';

const PASSWORD = 'Quartz-Lantern-58';

test('"Sign Out of All Devices" asks first, then ends every session and says so on the sign-in page', async ({ page, browser, request }) => {
  const learner = { email: `everywhere.${Date.now()}@example.com`, password: PASSWORD };
  await buyAccount(request, learner.email, learner.password);
  // Another device, signed in too.
  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const otherPage = await other.newPage();
  await signInWithApi(otherPage, learner);

  await page.goto('/login');
  await signInOnPage(page, learner);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard/account');
  await page.getByRole('button', { name: 'Sign Out of All Devices' }).click();
  await expect(page.getByText('This signs you out here and on every other device. Continue?')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await page.getByRole('button', { name: 'Sign Out of All Devices' }).click();
  await page.getByRole('button', { name: 'Yes, Sign Out Everywhere' }).click();

  await expect(page).toHaveURL(/\/login\?notice=signed-out-everywhere$/);
  await expect(page.getByTestId('session-notice')).toHaveText('You have been signed out on all devices. Sign in again to continue.');
  // The other device's session ended too.
  await otherPage.goto('/dashboard/account');
  await expect(otherPage).toHaveURL(/\/login\?redirect=/);
  await other.close();
});

test('after deleting the account the sign-in page says it is deleted, without the demo credentials', async ({ page, request }) => {
  const learner = { email: `leaving.${Date.now()}@example.com`, password: PASSWORD };
  await buyAccount(request, learner.email, learner.password);
  await page.goto('/login');
  // Demo mode: the sign-in page offers the demo account to visitors.
  await expect(page.getByTestId('demo-hint')).toBeVisible();
  await signInOnPage(page, learner);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard/account');
  await page.getByRole('region', { name: 'Delete Account' }).getByLabel('Current password').fill(learner.password);
  await page.getByLabel('Type DELETE to confirm').fill('DELETE');
  await page.getByRole('button', { name: 'Delete My Account' }).click();

  await expect(page).toHaveURL(/\/login\?notice=account-deleted$/);
  await expect(page.getByTestId('session-notice')).toHaveText('Your account has been deleted. Thank you for learning with us.');
  await expect(page.getByTestId('demo-hint')).toHaveCount(0);
  // Its credentials no longer sign in, and the answer does not point to the demo account either.
  await signInOnPage(page, learner);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('alert')).not.toContainText((await demoLearner(request)).email);
});

test("a traffic bot's Download leaves the dashboard where it is", async ({ page, request }) => {
  await signInWithApi(page, await demoLearner(request));
  await page.goto('/dashboard/traffic-bots');
  const download = page.getByRole('link', { name: /^Download / }).first();
  await expect(download).toBeVisible();
  const opened = page.context().waitForEvent('page');
  await download.click();
  // The file (another site here) opens in a tab of its own; this one stays on the dashboard.
  const tab = await opened;
  await expect(page).toHaveURL(/\/dashboard\/traffic-bots$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await tab.close();
});

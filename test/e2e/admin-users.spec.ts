import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoCredentials, expectAccessible, signInAdmin } from './admin-session';

const PASSWORD = 'Blue-Kettle-Orbit-2931!';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

async function fillUser(page: Page, name: string, email: string) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
}

/** The message under a react-admin input (each input carries the class ra-input-{source}). */
const helperOf = (page: Page, source: string) => page.locator(`.ra-input-${source} .MuiFormHelperText-root`);

test.beforeEach(async ({ page }) => {
  await signInAdmin(page);
});

test('users list: stat cards from the server, search, filters and axe', async ({ page, request }) => {
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('adminToken'));
  const summary = await (await request.get('/api/admin/users/summary', { headers: { Authorization: `Bearer ${token}` } })).json();
  await expect(page.getByTestId('stat-Total Users')).toHaveText(String(summary.total));
  await expect(page.getByTestId('stat-Admins')).toHaveText(String(summary.admins));
  await expect(page.getByTestId('stat-Non-active Users')).toHaveText(String(summary.nonActive));
  await expectAccessible(page);

  const { learner } = await demoCredentials(request);
  await page.getByPlaceholder('Search name or email').fill(learner.email);
  await expect(page).toHaveURL(/filter=/);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('cell', { name: learner.email })).toBeVisible();

  await page.getByPlaceholder('Search name or email').fill('');
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Admin' }).click();
  await expect(page.getByRole('row')).toHaveCount(1 + summary.admins);
});

test('user form: each validation message, and a duplicate email is refused by the server', async ({ page, request }) => {
  await page.goto('/admin/users/create');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(helperOf(page, 'name')).toHaveText('Name is required');
  await expect(helperOf(page, 'email')).toHaveText('Please enter a valid email address');
  await page.getByLabel('Email').fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(helperOf(page, 'email')).toHaveText('Email is required');

  const { learner } = await demoCredentials(request);
  await fillUser(page, 'Someone Else', learner.email.toUpperCase());
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(helperOf(page, 'email')).toHaveText('A user with this email already exists');
  await expect(page.getByText('Failed to create user: A user with this email already exists')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users\/create$/);
  await expectAccessible(page);
});

test('create, edit and suspend a learner: the suspended learner can no longer sign in', async ({ page, request }) => {
  const email = `e2e-${unique()}@example.com`;
  await page.goto('/admin/users');
  await page.getByRole('link', { name: 'Add User' }).click();
  await fillUser(page, 'Edna Example', email);
  await page.getByLabel('Initial password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]+\/show$/);
  await expect(page.getByText('User created')).toBeVisible();
  // No stale "The form is not valid" after the successful create.
  await expect(page.getByText('The form is not valid')).toHaveCount(0);
  await expect(page.getByText('Edna Example')).toBeVisible();
  await expect(page.getByText('Never')).toBeVisible();

  const signIn = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(200);
  const learnerToken: string = (await signIn.json()).token;

  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Name').fill('Edna Edited');
  await page.getByLabel('Plan').click();
  await page.getByRole('option', { name: 'Premium' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/show$/);
  await expect(page.getByText('User updated')).toBeVisible();
  await expect(page.getByText('Edna Edited')).toBeVisible();
  await expect(page.getByText('Premium')).toBeVisible();

  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Status').click();
  await page.getByRole('option', { name: 'Suspended' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/show$/);
  await expect(page.getByText('Suspended')).toBeVisible();

  // The API refuses a suspended account with 403 and says why (wrong credentials would be 401).
  const refused = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('Your account is suspended. Please contact support.');
  expect((await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${learnerToken}` } })).status()).toBe(401);
});

test('delete asks "Are you sure you want to delete {user}?" and removes the user', async ({ page }) => {
  const email = `e2e-del-${unique()}@example.com`;
  await page.goto('/admin/users/create');
  await fillUser(page, 'Dora Delete', email);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/show$/);

  await page.goto('/admin/users');
  await page.getByPlaceholder('Search name or email').fill(email);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete Dora Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete Dora Delete?');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('button', { name: 'Delete Dora Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No users match the current filters.')).toBeVisible();
});

test('bulk status change asks for confirmation, updates the selected users, says so specifically and clears the selection', async ({ page }) => {
  const tag = unique();
  for (const n of [1, 2, 3]) {
    await page.goto('/admin/users/create');
    await fillUser(page, `Bulk ${tag} ${n}`, `bulk-${tag}-${n}@example.com`);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/show$/);
  }
  await page.goto('/admin/users');
  await page.getByPlaceholder('Search name or email').fill(`bulk-${tag}`);
  await expect(page.getByRole('row')).toHaveCount(4);
  await page.getByRole('columnheader').getByRole('checkbox').check();
  await expect(page.getByText('3 items selected')).toBeVisible();
  await page.getByRole('button', { name: 'Set Suspended' }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you sure you want to set the selected users to Suspended?');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('3 users suspended')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Suspended' })).toHaveCount(3);
  // The selection clears after the action: the bulk toolbar (kept hidden by react-admin) counts no item.
  await expect(page.getByText(/^[1-9][0-9]* items? selected/)).toHaveCount(0);
  await expect(page.getByRole('columnheader').getByRole('checkbox')).not.toBeChecked();

  await page.getByRole('columnheader').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('3 users deleted')).toBeVisible();
  await expect(page.getByText(/^[1-9][0-9]* items? selected/)).toHaveCount(0);
});

test("'Sign out everywhere' ends the user's sessions", async ({ page, request }) => {
  const email = `e2e-out-${unique()}@example.com`;
  await page.goto('/admin/users/create');
  await fillUser(page, 'Otto Signedout', email);
  await page.getByLabel('Initial password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/show$/);
  const token: string = (await (await request.post('/api/auth/login', { data: { email, password: PASSWORD } })).json()).token;
  expect((await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Otto Signedout was signed out everywhere')).toBeVisible();
  expect((await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
});

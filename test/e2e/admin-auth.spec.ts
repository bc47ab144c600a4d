import { expect, test } from './fixtures';
import { adminToken, authHeader, demoCredentials, expectAccessible, signInAdmin } from './admin-session';

test('admin login: wrong password shows the demo hint, the right one opens the overview', async ({ page }) => {
  const { admin } = await demoCredentials(page.request);
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
  await expect(page.getByText(admin.email).first()).toBeVisible();
  await expectAccessible(page);

  const submit = page.getByRole('button', { name: 'Sign In' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Email').fill(admin.email);
  await expect(submit).toBeDisabled();
  await page.getByLabel('Password').fill('not-the-password');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText(`Invalid credentials. Use ${admin.email} / ${admin.password}`);
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();

  await page.getByLabel('Password').fill(admin.password);
  await submit.click();
  await expect(page).toHaveURL(/\/admin\/overview$/);
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  const stored = await page.evaluate(() => [localStorage.getItem('isAdminAuthenticated'), localStorage.getItem('adminEmail')]);
  expect(stored).toEqual(['true', admin.email]);
  await expect(page.getByTestId('admin-badge')).toContainText('System Administrator');
});

test('a first visit to /admin/login loads the sign-in page alone, not the console', async ({ page, request }) => {
  // The console's entry script, as its index.html names it.
  const consoleEntry = (await (await request.get('/admin/')).text()).match(/<script type="module"[^>]* src="([^"]+)"/)?.[1];
  expect(consoleEntry).toBeTruthy();
  // The build drew it already: the form is in the HTML, before any script runs.
  const html = await (await request.get('/admin/login')).text();
  expect(html).toContain('Admin Portal');
  expect(html).toMatch(/<input[^>]*name="email"/);
  const scripts: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/admin/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText('Demo credentials')).toBeVisible();
  await expect(page).toHaveTitle(/Sign in · Admin/);
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/Admin Portal/);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts).not.toContain(consoleEntry);
  // Hydrated without a mismatch, and the form works as drawn.
  expect(errors).toEqual([]);
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password').fill('x');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
});

test('the sign-in card stays where it is first drawn when the demo credentials arrive (no layout shift)', async ({ page }) => {
  // The public configuration (demo mode, its credentials) answers a second after the page is drawn.
  await page.route('**/api/public-config', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto('/admin/login');
  const card = page.locator('main > div').first();
  await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
  await expect(page.getByText('Demo credentials')).toHaveCount(0);
  const before = await card.boundingBox();
  await expect(page.getByText('Demo credentials')).toBeVisible();
  const after = await card.boundingBox();
  // The card grows downwards; the heading and the form do not move.
  expect(after!.y).toBe(before!.y);
  expect(after!.height).toBeGreaterThan(before!.height);
});

test('an unauthenticated visitor to an admin route is sent to the login page', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login/);
  await expect(page.getByRole('heading', { name: 'Admin Portal' })).toBeVisible();
});

test('/admin goes to the overview, and deep links survive a reload', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/overview$/);
  for (const [path, heading] of [
    ['/admin/users', 'Users'],
    ['/admin/users/create', 'Users'],
    ['/admin/audit-log', 'Audit log'],
    ['/admin/courses/1/show', 'Courses'],
    ['/admin/analytics', 'Analytics'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }
  await page.goto('/admin/course/1/edit');
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Edit: / })).toBeVisible();
});

test('a learner token cannot open the console', async ({ page, request }) => {
  const { learner } = await demoCredentials(request);
  const login = await request.post('/api/auth/login', { data: learner });
  expect(login.status()).toBe(200);
  const learnerToken: string = (await login.json()).token;
  expect((await request.get('/api/admin/users', { headers: authHeader(learnerToken) })).status()).toBe(403);

  await signInAdmin(page, learnerToken);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login/);
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
});

test('Sign Out ends the session on the server, clears the storage keys and goes to the learner site', async ({ page, request }) => {
  const token = await adminToken(request);
  await signInAdmin(page, token);
  await page.goto('/admin/overview');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  const keys = await page.evaluate(() => ['adminToken', 'isAdminAuthenticated', 'adminEmail'].map((k) => localStorage.getItem(k)));
  expect(keys).toEqual([null, null, null]);
  expect((await request.get('/api/admin/users', { headers: authHeader(token) })).status()).toBe(401);
});

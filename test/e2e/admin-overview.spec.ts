import { expect, test } from './fixtures';
import { authHeader, expectAccessible, signInAdmin } from './admin-session';

test('overview: the six figures and change badges equal GET /api/admin/stats, activity and system status are live; axe', async ({ page, request }) => {
  const token = await signInAdmin(page);
  await page.goto('/admin/overview');
  await expect(page.getByTestId('stat-Total Users')).toBeVisible();
  const stats = await (await request.get('/api/admin/stats', { headers: authHeader(token) })).json();
  const cards: Array<[string, string]> = [
    ['Total Users', 'totalUsers'],
    ['Active Courses', 'activeCourses'],
    ['Active Users (24h)', 'activeUsers'],
    ['Revenue (Month, USD)', 'revenue'],
    ['Completion Rate', 'completionRate'],
    ['System Health', 'systemHealth'],
  ];
  for (const [label, key] of cards) {
    const value = stats[key];
    await expect(page.getByTestId(`stat-${label}`)).toHaveText(typeof value === 'number' ? value.toLocaleString('en-US') : value);
    const card = page.locator('.MuiCard-root', { has: page.getByTestId(`stat-${label}`) });
    await expect(card.locator('.MuiChip-label')).toHaveText(stats.changes[key].label);
  }

  const activity = await (await request.get('/api/admin/activity', { headers: authHeader(token) })).json();
  expect(activity.items.length).toBeGreaterThan(0);
  await expect(page.getByText(activity.items[0].message).first()).toBeVisible();

  const status = await (await request.get('/api/admin/system-status', { headers: authHeader(token) })).json();
  expect(status.status).toBe('online');
  await expect(page.getByText('System Online')).toBeVisible();
  await expect(page.getByText('Connected').first()).toBeVisible();
  await expectAccessible(page);
});

test('overview quick actions navigate to course creation, users, analytics and settings', async ({ page }) => {
  await signInAdmin(page);
  for (const [action, path] of [
    ['Add New Course', /\/admin\/courses\/create$/],
    ['Manage Users', /\/admin\/users$/],
    ['View Analytics', /\/admin\/analytics$/],
    ['System Settings', /\/admin\/settings$/],
  ] as const) {
    await page.goto('/admin/overview');
    await page.getByRole('link', { name: action }).click();
    await expect(page).toHaveURL(path);
  }
});

test('the shell: sidebar sections with descriptions, header title, mobile toggle', async ({ page }) => {
  await signInAdmin(page);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/admin/overview');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
  const menu = page.getByRole('menu', { name: 'Admin sections' });
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: /open menu/i }).click();
  await expect(menu).toBeVisible();
  await expect(menu).toContainText('Manage learners and administrators');
  await menu.getByRole('menuitem', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
});

test('analytics and settings sections load from the API; a saved setting reaches the server; axe', async ({ page, request }) => {
  const token = await signInAdmin(page);
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { name: 'Recent User Activity' })).toBeVisible();
  const analytics = await (await request.get('/api/admin/analytics?range=30d', { headers: authHeader(token) })).json();
  await expect(page.getByTestId('stat-Active Users')).toHaveText(analytics.stats.activeUsers.toLocaleString('en-US'));
  await expectAccessible(page);

  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  const timeout = page.getByLabel('Session timeout (minutes)');
  const before = await timeout.inputValue();
  await timeout.fill('481');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.locator('.ra-input-sessionTimeout .MuiFormHelperText-root')).toContainText('480');
  await timeout.fill('45');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();
  const settings = await (await request.get('/api/admin/settings', { headers: authHeader(token) })).json();
  expect(settings.security.sessionTimeout).toBe(45);
  await expectAccessible(page);
  await request.put('/api/admin/settings/security', { headers: authHeader(token), data: { sessionTimeout: Number(before) } });
});

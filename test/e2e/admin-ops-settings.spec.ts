import { expect, test } from './fixtures';
import { adminToken, authHeader, expectAccessible, signInAdmin } from './admin-session';

test('settings: saved sections persist across a reload; secrets stay masked; axe', async ({ page, request }) => {
  const token = await signInAdmin(page);
  const before = await (await request.get('/api/admin/settings', { headers: authHeader(token) })).json();
  const siteName = `Academy ${Date.now()}`;
  try {
    await page.goto('/admin/settings');
    await page.getByLabel('Site name').fill(siteName);
    await page.getByLabel('Timezone').click();
    await page.getByRole('option', { name: 'Pacific' }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();

    await page.getByRole('tab', { name: 'Notifications' }).click();
    const completion = page.getByLabel('Course completion notifications');
    const wasOn = await completion.isChecked();
    await completion.setChecked(!wasOn);
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved successfully!').first()).toBeVisible();

    await page.getByRole('tab', { name: 'Payments' }).click();
    await page.getByLabel('Crypto processor IPN secret').fill('ipn-secret-from-e2e');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved successfully!').first()).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Site name')).toHaveValue(siteName);
    // The General site name is the one both apps show.
    await expect(page.getByTestId('site-name')).toHaveText(siteName);
    await expect(page).toHaveTitle(`Settings · Admin · ${siteName}`);
    await expect(page.getByLabel('Timezone')).toHaveText('Pacific');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page.getByLabel('Course completion notifications')).toBeChecked({ checked: !wasOn });
    await page.getByRole('tab', { name: 'Payments' }).click();
    const ipn = page.getByLabel('Crypto processor IPN secret');
    await expect(ipn).toHaveValue('');
    await expect(ipn).toHaveAttribute('type', 'password');
    await expect(page.getByText(/A value is stored/).first()).toBeVisible();
    expect(await page.content()).not.toContain('ipn-secret-from-e2e');
    await expectAccessible(page);

    const learnerSite = await page.context().newPage();
    await learnerSite.goto('/');
    await expect(learnerSite.getByRole('contentinfo').getByText(siteName, { exact: true })).toBeVisible();
    await expect(learnerSite).toHaveTitle(siteName);
    await learnerSite.close();

    const saved = await (await request.get('/api/admin/settings', { headers: authHeader(token) })).json();
    expect(saved.general.siteName).toBe(siteName);
    expect(saved.general.timezone).toBe('Pacific');
    expect(saved.notifications.courseCompletionNotifications).toBe(!wasOn);
    expect(saved.payments.cryptoIpnSecret).toBe('********');

    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByLabel('Session timeout (minutes)').fill('4');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Session timeout must be between 5 and 480 minutes')).toBeVisible();
    await expectAccessible(page);
  } finally {
    // Put back what this test changed, and check it took: the specs after this one share the server.
    const { timezone, siteName: name } = before.general;
    const restored: number[] = [];
    for (const [section, data] of [
      ['general', { timezone, siteName: name }],
      ['notifications', before.notifications],
      ['payments', { cryptoIpnSecret: before.payments.cryptoIpnSecret === '' ? null : undefined }],
    ] as const) {
      restored.push((await request.put(`/api/admin/settings/${section}`, { headers: authHeader(token), data })).status());
    }
    expect(restored).toEqual([200, 200, 200]);
    const after = await (await request.get('/api/admin/settings', { headers: authHeader(token) })).json();
    expect({ timezone: after.general.timezone, siteName: after.general.siteName, notifications: after.notifications }).toEqual({
      timezone,
      siteName: name,
      notifications: before.notifications,
    });
  }
});

test('settings: clearing optional fields (Support URL, Support email, Seller name, SMTP host) saves them as not set', async ({ page, request }) => {
  const token = await signInAdmin(page);
  const before = await (await request.get('/api/admin/settings', { headers: authHeader(token) })).json();
  const filled = { supportUrl: 'https://help.example.com', supportEmail: 'help@example.com', sellerName: 'Academy Ltd' };
  try {
    expect((await request.put('/api/admin/settings/general', { headers: authHeader(token), data: filled })).status()).toBe(200);
    expect((await request.put('/api/admin/settings/email', { headers: authHeader(token), data: { smtpHost: 'smtp.invalid' } })).status()).toBe(200);
    await page.goto('/admin/settings');
    for (const label of ['Support page URL (optional)', 'Support email', 'Seller name (receipts)']) {
      await expect(page.getByLabel(label)).not.toHaveValue('');
      await page.getByLabel(label).clear();
    }
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();
    await expect(page.getByText(/must be a text of at most/)).toHaveCount(0);

    await page.getByRole('tab', { name: 'Email' }).click();
    await page.getByLabel('SMTP host').clear();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved successfully!').first()).toBeVisible();

    const saved = await (await request.get('/api/admin/settings', { headers: authHeader(token) })).json();
    expect({ supportUrl: saved.general.supportUrl, supportEmail: saved.general.supportEmail, sellerName: saved.general.sellerName }).toEqual({
      supportUrl: '',
      supportEmail: '',
      sellerName: '',
    });
    expect(saved.email.smtpHost).toBe('');

    // A required one cannot be cleared: the field says so, nothing is saved.
    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByLabel('Site name').clear();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Required')).toBeVisible();
    expect((await (await request.get('/api/admin/settings', { headers: authHeader(token) })).json()).general.siteName).toBe(before.general.siteName);
  } finally {
    const { supportUrl, supportEmail, sellerName } = before.general;
    const restored = [
      (await request.put('/api/admin/settings/general', { headers: authHeader(token), data: { supportUrl, supportEmail, sellerName } })).status(),
      (await request.put('/api/admin/settings/email', { headers: authHeader(token), data: { smtpHost: before.email.smtpHost } })).status(),
    ];
    expect(restored).toEqual([200, 200]);
  }
});

test('settings: Test email, Clear cache and Backup report what the server did', async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin/settings');
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByRole('button', { name: 'Send test email' }).click();
  await expect(page.getByText('Test email sent successfully!')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'System' }).click();
  await page.getByRole('button', { name: 'Clear cache' }).click();
  await expect(page.getByText('Cache cleared successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'Backup now' }).click();
  // pg_dump may be missing on a machine: then the server's own error shows, never a fake success.
  await expect(page.getByText(/Backup initiated successfully!|Backup failed: /)).toBeVisible();
  if (await page.getByText('Backup initiated successfully!').isVisible()) {
    await expect(page.getByRole('table', { name: 'Backups' }).getByRole('row')).not.toHaveCount(0);
  }
});

test('maintenance mode: the learner app shows its maintenance page while the admin keeps working, then it is off again', async ({ page, request }) => {
  const token = await adminToken(request);
  await signInAdmin(page, token);
  try {
    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'System' }).click();
    await page.getByLabel('Maintenance mode').check();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();
    await expect.poll(async () => (await request.get('/api/courses')).status(), { timeout: 15_000 }).toBe(503);
    expect(await (await request.get('/api/courses')).json()).toMatchObject({ code: 'MAINTENANCE', message: expect.stringContaining('maintenance') });
    expect((await request.get('/api/admin/settings', { headers: authHeader(token) })).status()).toBe(200);

    const learner = await page.context().browser()!.newPage();
    await learner.goto(page.url().replace(/\/admin\/.*$/, '/'));
    await expect(learner.getByRole('heading', { name: "We'll be back soon" })).toBeVisible();
    await expect(learner.getByText('The platform is under maintenance.', { exact: false })).toBeVisible();

    await page.reload();
    await page.getByRole('tab', { name: 'System' }).click();
    await expect(page.getByLabel('Maintenance mode')).toBeChecked();
    await page.getByLabel('Maintenance mode').uncheck();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();
    await expect.poll(async () => (await request.get('/api/courses')).status(), { timeout: 15_000 }).toBe(200);
    await learner.reload();
    await expect(learner.getByRole('heading', { name: "We'll be back soon" })).toHaveCount(0);
    await expect(learner.getByRole('main')).toBeVisible();
    await learner.close();
  } finally {
    await request.put('/api/admin/settings/system', { headers: authHeader(token), data: { maintenanceMode: false } });
  }
});

test('debug mode says what it does, and the console shows a badge on every page while it is on', async ({ page, request }) => {
  const token = await adminToken(request);
  await signInAdmin(page, token);
  try {
    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'System' }).click();
    await expect(page.getByText(/logs at debug level/)).toBeVisible();
    await expect(page.getByTestId('debug-mode-badge')).toHaveCount(0);
    await page.getByRole('switch', { name: 'Debug mode' }).check();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();
    await expect(page.getByTestId('debug-mode-badge')).toBeVisible();
    // Every console page says so, until it is turned off.
    await page.goto('/admin/users');
    const badge = page.getByRole('link', { name: /Debug mode is on/ });
    await expect(badge).toBeVisible();
    await badge.click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await page.getByRole('tab', { name: 'System' }).click();
    await page.getByRole('switch', { name: 'Debug mode' }).uncheck();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();
    await expect(page.getByTestId('debug-mode-badge')).toHaveCount(0);
  } finally {
    await request.put('/api/admin/settings/system', { headers: authHeader(token), data: { debugMode: false } });
  }
});

test('timezone: the console shows dates in the zone of Settings > General, with its abbreviation', async ({ page, request }) => {
  const token = await adminToken(request);
  const before = (await (await request.get('/api/admin/settings', { headers: authHeader(token) })).json()).general.timezone as string;
  await signInAdmin(page, token);
  try {
    for (const [timezone, abbreviation] of [
      ['Pacific', /P[SD]T/],
      ['Eastern', /E[SD]T/],
      ['UTC', /UTC/],
    ] as const) {
      expect((await request.put('/api/admin/settings/general', { headers: authHeader(token), data: { timezone } })).status()).toBe(200);
      await page.goto('/admin/audit-log');
      const firstTime = page.getByRole('table').getByRole('row').nth(1).getByRole('cell').first();
      await expect(firstTime).toHaveText(abbreviation);
    }
  } finally {
    await request.put('/api/admin/settings/general', { headers: authHeader(token), data: { timezone: before } });
  }
});

import { expect, test } from './fixtures';
import { signInAdmin } from './admin-session';

/**
 * Issue 34 (API keys): an admin creates a read-only key in Admin > Integrations, copies it from the one-time dialog,
 * and a script uses it on the documented admin API: reads work, a write is refused, and once revoked nothing works.
 */
test('an admin creates a read-only API key, a script reads users with it but may not write, and a revoked key is refused', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInAdmin(page);
  await page.goto('/admin/integrations');
  const keys = page.getByRole('region', { name: 'API keys' });
  await keys.getByRole('button', { name: 'Create API key' }).click();

  const create = page.getByRole('dialog', { name: 'Create API key' });
  const name = `Reporting script ${Date.now().toString(36)}`;
  await create.getByLabel('Name').fill(name);
  await create.getByLabel('Users', { exact: true }).click();
  await page.getByRole('option', { name: 'Read', exact: true }).click();
  await create.getByRole('button', { name: 'Create key' }).click();

  const created = page.getByRole('dialog', { name: `API key "${name}" created` });
  await expect(created).toContainText('Copy this key now: it will not be shown again');
  const secret = (await created.getByRole('group', { name: 'API key' }).locator('pre').textContent())?.trim();
  expect(secret).toMatch(/^cpk_[A-Za-z0-9]{12}_[A-Za-z0-9_-]{43}$/);
  await expect(created.getByRole('group', { name: 'curl example' })).toContainText(`Authorization: Bearer ${secret}`);
  await created.getByRole('button', { name: 'I have copied the key' }).click();
  await expect(page.getByText(secret!)).toHaveCount(0);

  // The script: reads users, may not change one, and may not read payments.
  const auth = { authorization: `Bearer ${secret}` };
  const users = await request.get('/api/admin/users?range=%5B0%2C4%5D', { headers: auth });
  expect(users.status()).toBe(200);
  expect((await users.json()).length).toBeGreaterThan(0);
  const [someone] = await users.json();
  const write = await request.put(`/api/admin/users/${someone.id}`, { headers: auth, data: { name: 'Changed by a script' } });
  expect(write.status()).toBe(403);
  expect((await write.json()).message).toBe('This API key may not write users');
  expect((await request.get('/api/admin/payments', { headers: auth })).status()).toBe(403);

  // The console lists the key by its prefix, then revokes it.
  const row = keys.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(secret!.split('_').slice(0, 2).join('_'));
  await expect(row).toContainText('Active');
  await keys.getByRole('button', { name: `Revoke the API key ${name}` }).click();
  await page.getByRole('dialog', { name: 'Revoke API key' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');
  const refused = await request.get('/api/admin/users', { headers: auth });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).message).toBe('This API key is not valid');
});

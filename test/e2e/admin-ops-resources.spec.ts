import { expect, test } from './fixtures';
import { adminToken, authHeader, expectAccessible, signInAdmin } from './admin-session';

test("members' resources: a testimonial created in the console is published to the landing page's API, then edited and deleted", async ({ page, request }) => {
  const token = await adminToken(request);
  await signInAdmin(page, token);
  const name = `E2E Learner ${Date.now()}`;

  await page.goto('/admin/resources');
  await page.getByRole('link', { name: /Testimonials/ }).click();
  await expect(page).toHaveURL(/\/admin\/testimonials/);
  await page.getByRole('link', { name: 'Create' }).click();
  await page.getByLabel('Text').fill('The automation templates paid for the course in a week.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Rating', { exact: true }).fill('4');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/testimonials$/);
  await expect(page.getByRole('cell', { name })).toBeVisible();
  await expectAccessible(page);

  const published = await (await request.get('/api/testimonials')).json();
  const created = published.testimonials.find((t: { name: string }) => t.name === name);
  expect(created).toMatchObject({ name, rating: 4, text: 'The automation templates paid for the course in a week.' });

  // The landing page's carousel holds it: show its slide.
  const landing = await page.context().newPage();
  await landing.goto('/');
  const position = published.testimonials.findIndex((t: { name: string }) => t.name === name);
  await landing.getByRole('button', { name: `Show testimonial ${position + 1}`, exact: true }).click();
  await expect(landing.getByText(name)).toBeVisible();
  await expect(landing.getByText('The automation templates paid for the course in a week.')).toBeVisible();
  await landing.close();

  await page.getByRole('cell', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/testimonials/${created.id}$`));
  await page.getByRole('switch', { name: 'Published' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/testimonials$/);
  await expect
    .poll(async () => ((await (await request.get('/api/testimonials')).json()).testimonials as { name: string }[]).some((t) => t.name === name), {
      timeout: 30_000,
    })
    .toBe(false);

  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  // The console says so once the server has deleted it (the row may leave the grid before that).
  await expect(page.getByText('Testimonial deleted')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('cell', { name })).toHaveCount(0);
  const list = await request.get(`/api/admin/testimonials?filter=${encodeURIComponent(JSON.stringify({ q: name }))}`, { headers: authHeader(token) });
  expect(await list.json()).toEqual([]);
});

test("members' resources: the server's field errors show on the fields; content takes an uploaded file", async ({ page }) => {
  await signInAdmin(page);
  await page.goto('/admin/content/create');
  await page.getByLabel('Title').fill(`E2E guide ${Date.now()}`);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  await page.getByLabel('Upload a file for File or link').setInputFiles({ name: 'guide.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.getByLabel('File or link', { exact: true })).toHaveValue(/^\/media\/.+/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/content$/);
  await expectAccessible(page);

  // Tags longer than the server allows (40 characters) come back as the Tags field's error.
  await page.goto('/admin/content/create');
  await page.getByLabel('Title').fill(`E2E tagged ${Date.now()}`);
  const tags = page.getByLabel('Tags');
  await tags.fill('x'.repeat(41));
  await tags.press('Enter');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(tags).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.MuiFormHelperText-root.Mui-error', { hasText: 'Each entry of Tags must be a text of 1 to 40 characters' })).toBeVisible();
});

test("members' resources: every kind's list loads from its admin API and opens its create form", async ({ page }) => {
  await signInAdmin(page);
  const kinds: [string, string, string][] = [
    ['affiliate-programs', 'Affiliate programs', 'Website'],
    ['tool-categories', 'Tool categories', 'Icon'],
    ['tools', 'Tools', 'Promo code'],
    ['automations', 'Automation templates', 'Department'],
    ['bots', 'Bots', 'Features'],
    ['content', 'Content', 'Tags'],
    ['cloud-folders', 'Cloud folders', 'URL'],
    ['testimonials', 'Testimonials', 'Rating'],
  ];
  for (const [resource, title, field] of kinds) {
    const list = page.waitForResponse((r) => r.url().includes(`/api/admin/${resource}?`) && r.request().method() === 'GET');
    await page.goto('/admin/resources');
    await page.getByRole('link', { name: new RegExp(`^${title}`) }).click();
    expect((await list).status()).toBe(200);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Create' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/${resource}/create$`));
    // A required field's label ends with an asterisk.
    await expect(page.getByLabel(new RegExp(`^${field}[\\s*]*$`)).first()).toBeVisible();
  }
  await expectAccessible(page);
});

import { adminToken, authHeader, signInAdmin } from './admin-session';
import { expect, test } from './fixtures';

/**
 * Settings > Legal pages: the seller writes the German terms in the console;
 * a German visitor gets them in the page's first HTML (no script needed), the
 * price filled in as German writes it. The spec puts the built-in text and
 * English back when it ends, pass or fail.
 */
test('legal pages: German terms written in the console are the first paint of /terms-of-service for a German site', async ({ page, browser, request }) => {
  const token = await adminToken(request);
  try {
    await signInAdmin(page, token);
    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'Legal pages' }).click();
    await expect(page.getByText('Default text', { exact: true })).toBeVisible();
    await page.getByLabel('Language', { exact: true }).click();
    await page.getByRole('option', { name: 'Deutsch (German)' }).click();
    await expect(page.getByRole('textbox', { name: 'Markdown' })).toHaveValue(/Diese Bedingungen regeln Ihre Nutzung/);
    await page.getByRole('textbox', { name: 'Markdown' }).fill('## Unsere Bedingungen\n\nEinmalig {{price}} an {{sellerName}}. <script>alert(1)</script>');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect(page.getByTestId('legal-preview').getByRole('heading', { name: 'Unsere Bedingungen' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Terms of Service (Deutsch (German)) saved')).toBeVisible();
    await expect(page.getByText('Custom text', { exact: true })).toBeVisible();

    expect((await request.put('/api/admin/settings/general', { headers: authHeader(token), data: { language: 'de' } })).status()).toBe(200);
    // Without JavaScript: what the server sent is what the visitor reads.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const visitor = await noScript.newPage();
    await visitor.goto('/terms-of-service');
    await expect(visitor.locator('html')).toHaveAttribute('lang', 'de');
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Nutzungsbedingungen');
    await expect(visitor.getByRole('heading', { level: 2 })).toHaveText('Unsere Bedingungen');
    await expect(visitor.getByTestId('legal-text')).toContainText(/Einmalig \d[\d.,]*\s€|Einmalig \d[\d.,]*\s\$/);
    await expect(visitor.getByTestId('legal-text')).toContainText('<script>alert(1)</script>');
    await noScript.close();

    // With the app running, the page stays the same and English keeps its built-in text.
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('Unsere Bedingungen');
    expect((await request.put('/api/admin/settings/general', { headers: authHeader(token), data: { language: 'en' } })).status()).toBe(200);
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText('1. Access');
  } finally {
    await request.put('/api/admin/legal-pages/terms/de', { headers: authHeader(token), data: { markdown: '' } });
    await request.put('/api/admin/settings/general', { headers: authHeader(token), data: { language: 'en' } });
  }
});

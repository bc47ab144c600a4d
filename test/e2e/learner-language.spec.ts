import type { APIRequestContext } from '@playwright/test';
import { adminToken, authHeader, signInAdmin } from './admin-session';
import { expect, test } from './fixtures';

/**
 * Settings > General > Language changes the learner site's interface. The
 * suite runs one spec at a time against one app (playwright.config.ts:
 * workers 1), and this spec puts English back when it ends, pass or fail.
 */
/** The lazily loaded strings of Spanish, French or German. */
const LANGUAGE_CHUNK = /\/assets\/(es|fr|de)-[\w-]+\.js/;

const setLanguage = async (request: APIRequestContext, token: string, language: string) =>
  expect((await request.put('/api/admin/settings/general', { headers: authHeader(token), data: { language } })).status()).toBe(200);

test('language: Español in the console makes the learner site Spanish; the browser language decides for "auto"', async ({ page, browser, request }) => {
  const token = await adminToken(request);
  try {
    await signInAdmin(page, token);
    await page.goto('/admin/settings');
    await page.getByLabel('Language').click();
    await expect(page.getByRole('option', { name: "Visitor's browser language" })).toBeVisible();
    await page.getByRole('option', { name: 'Español (Spanish)' }).click();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();

    const spanish = await browser.newContext({ locale: 'en-US' });
    const visitor = await spanish.newPage();
    const chunks: string[] = [];
    visitor.on('request', (r) => {
      if (LANGUAGE_CHUNK.test(r.url())) chunks.push(r.url());
    });
    await visitor.goto('/');
    await expect(visitor.locator('html')).toHaveAttribute('lang', 'es');
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Convierte el tráfico en ingresos recurrentes');
    await expect(visitor.getByRole('link', { name: 'INICIAR SESIÓN' })).toBeVisible();
    await expect(visitor.getByRole('contentinfo').getByRole('link', { name: 'Términos del servicio' })).toBeVisible();
    // The landing page came with its own Spanish strings: the app took it over without the Spanish catalogue.
    await expect(visitor.locator('#page-strings')).toHaveCount(1);
    await visitor.waitForLoadState('networkidle');
    expect(chunks).toEqual([]);
    // The next page (the app) loads the whole Spanish catalogue.
    const spanishStrings = visitor.waitForRequest(LANGUAGE_CHUNK);
    await visitor.getByRole('link', { name: 'INICIAR SESIÓN' }).click();
    expect((await spanishStrings).url()).toMatch(/\/assets\/es-/);
    await expect(visitor).toHaveURL(/\/login$/);
    await expect(visitor.locator('html')).toHaveAttribute('lang', 'es');
    await expect(visitor.getByRole('heading', { name: 'Bienvenido de nuevo' })).toBeVisible();
    await expect(visitor).toHaveTitle(/^Iniciar sesión · /);
    await expect(visitor.getByLabel('Correo electrónico')).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(visitor.getByText('Welcome back')).toHaveCount(0);
    await spanish.close();

    await setLanguage(request, token, 'auto');
    const german = await browser.newContext({ locale: 'de-DE' });
    const germanVisitor = await german.newPage();
    await germanVisitor.goto('/login');
    await expect(germanVisitor.locator('html')).toHaveAttribute('lang', 'de');
    await expect(germanVisitor.getByRole('heading', { name: 'Willkommen zurück' })).toBeVisible();
    await expect(germanVisitor.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await germanVisitor.goto('/');
    await expect(germanVisitor.getByRole('heading', { level: 1 })).toHaveText('Mach aus Traffic wiederkehrende Einnahmen');
    await german.close();

    // A browser in a language the site does not speak gets English under "auto".
    const italian = await browser.newContext({ locale: 'it-IT' });
    const italianVisitor = await italian.newPage();
    const downloaded: string[] = [];
    italianVisitor.on('request', (r) => {
      if (LANGUAGE_CHUNK.test(r.url())) downloaded.push(r.url());
    });
    await italianVisitor.goto('/login');
    await expect(italianVisitor.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await expect(italianVisitor.locator('html')).toHaveAttribute('lang', 'en');
    await italianVisitor.goto('/');
    await expect(italianVisitor.getByRole('heading', { level: 1 })).toHaveText('Turn traffic into recurring revenue');
    // English is in the first load; the other languages' strings are never fetched for it.
    expect(downloaded).toEqual([]);
    await italian.close();
  } finally {
    await setLanguage(request, token, 'en');
  }
  expect((await (await request.get('/api/public-config')).json()).language).toBe('en');
});

import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoLearner, signInOnPage } from './learner-helpers';

/** Reads an API answer as the demo learner, to compare what the dashboard shows with what the server holds. */
async function asLearner<T>(request: APIRequestContext, path: string): Promise<T> {
  const login = await request.post('/api/auth/login', { data: await demoLearner(request) });
  const res = await request.get(path, { headers: { authorization: `Bearer ${(await login.json()).token}` } });
  expect(res.ok()).toBe(true);
  return res.json();
}

async function openSection(page: Page, request: APIRequestContext, section: string): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(`/dashboard/${section}`)}`);
  await signInOnPage(page, await demoLearner(request));
  await expect(page).toHaveURL(new RegExp(`/dashboard/${section}$`));
}

test.describe('dashboard sections render their API data', () => {
  test('landing testimonials rotate through the API list', async ({ page, request }) => {
    const { testimonials } = (await (await request.get('/api/testimonials')).json()) as { testimonials: Array<{ name: string; text: string }> };
    expect(testimonials.length).toBeGreaterThan(1);
    await page.goto('/');
    const carousel = page.locator('[aria-roledescription="carousel"]');
    await expect(carousel).toContainText(testimonials[0].name);
    await page.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(carousel).toContainText(testimonials[1].name);
    await page.getByRole('button', { name: `Show testimonial ${testimonials.length}` }).click();
    await expect(carousel).toContainText(testimonials[testimonials.length - 1].text);
  });

  test('Affiliate Programs: every program with its payout, models and link, and the three tips', async ({ page, request }) => {
    const { items } = await asLearner<{ items: Array<{ name: string; website: string; minPayout: string }> }>(request, '/api/resources/affiliate-programs');
    await openSection(page, request, 'affiliate');
    const links = page.getByRole('link', { name: /^Visit Program/ });
    await expect(links).toHaveCount(items.length);
    for (const [i, program] of items.entries()) {
      await expect(page.getByRole('heading', { name: program.name, exact: true })).toBeVisible();
      await expect(links.nth(i)).toHaveAttribute('href', program.website);
    }
    for (const tip of ['RevShare', 'CPA', 'Hybrid']) await expect(page.locator('dt', { hasText: new RegExp(`^${tip}$`) })).toBeVisible();
  });

  test('Toolbox: categories, tools and a promo code copied to the clipboard', async ({ page, request, context }) => {
    const { categories } = await asLearner<{ categories: Array<{ title: string; tools: Array<{ name: string; promoCode: string | null }> }> }>(
      request,
      '/api/resources/tools',
    );
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openSection(page, request, 'toolbox');
    for (const category of categories) await expect(page.getByRole('heading', { name: category.title })).toBeVisible();
    const tools = categories.flatMap((c) => c.tools);
    await expect(page.getByRole('link', { name: /^Visit Tool/ })).toHaveCount(tools.length);
    const withCode = tools.find((t) => t.promoCode)!;
    await page
      .getByRole('button', { name: `Copy promo code ${withCode.promoCode}` })
      .first()
      .click();
    await expect(page.getByRole('button', { name: `Copy promo code ${withCode.promoCode}` }).first()).toHaveText('Copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(withCode.promoCode);
    await expect(page.getByRole('link', { name: /the affiliate tool directory/ })).toHaveAttribute('target', '_blank');
    const config = await (await request.get('/api/public-config')).json();
    await expect(page.getByRole('link', { name: /Telegram Group Chat/ })).toHaveAttribute('href', config.groupChatUrl);
  });

  test('N8N Automations and Traffic Bots: cards and their download links', async ({ page, request }) => {
    const automations = (await asLearner<{ items: Array<{ name: string; link: string }> }>(request, '/api/resources/automations')).items;
    const bots = (await asLearner<{ items: Array<{ name: string; downloadUrl: string }> }>(request, '/api/resources/bots')).items;
    await openSection(page, request, 'automations');
    const workflows = page.getByRole('link', { name: /^Download Workflow/ });
    await expect(workflows).toHaveCount(automations.length);
    await expect(workflows.first()).toHaveAttribute('href', automations[0].link);
    await expect(page.getByRole('heading', { name: automations[0].name })).toBeVisible();

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Traffic Bots' }).click();
    for (const bot of bots) {
      await expect(page.getByRole('heading', { name: bot.name })).toBeVisible();
      await expect(page.getByRole('link', { name: `Download ${bot.name}` })).toHaveAttribute('href', bot.downloadUrl);
    }
  });

  test('Content Database: stat tiles, filters through the API, cloud folders, a working download and the empty state', async ({ page, request }) => {
    type Page_ = {
      total: number;
      items: Array<{ title: string; type: string; category: string; downloadUrl: string }>;
      stats: { totalItems: number; storageUsed: string };
    };
    const all = await asLearner<Page_>(request, '/api/resources/content?page=1&pageSize=12');
    const folders = (await asLearner<{ items: Array<{ title: string; url: string }> }>(request, '/api/resources/cloud-folders')).items;
    await openSection(page, request, 'content-database');
    const tile = (label: string) =>
      page
        .locator('dl > div')
        .filter({ has: page.locator('dt', { hasText: label }) })
        .locator('dd');
    await expect(tile('Total Items')).toHaveText(String(all.stats.totalItems));
    await expect(tile('Storage Used')).toHaveText(all.stats.storageUsed);
    for (const folder of folders) await expect(page.getByRole('link', { name: new RegExp(folder.title) })).toHaveAttribute('href', folder.url);

    const design = await asLearner<Page_>(request, '/api/resources/content?page=1&pageSize=12&category=design');
    expect(design.items.length).toBeGreaterThan(0);
    await page.getByLabel('Category').selectOption('design');
    await expect(page.getByRole('link', { name: /^Download / })).toHaveCount(design.items.length);
    for (const item of design.items) await expect(page.getByRole('heading', { name: item.title })).toBeVisible();

    const download = page.getByRole('link', { name: `Download ${design.items[0].title}` });
    const href = await download.getAttribute('href');
    const file = await request.get(href!, { maxRedirects: 0 });
    expect([200, 302]).toContain(file.status());

    await page.getByLabel('Search', { exact: true }).fill('zzz-no-such-content');
    await expect(page.getByText('No content found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search criteria or filters')).toBeVisible();
  });

  test('the top-bar search finds a course and opens it', async ({ page, request }) => {
    const { courses } = (await (await request.get('/api/courses')).json()) as { courses: Array<{ id: number; title: string }> };
    await openSection(page, request, 'courses');
    await page.getByLabel('Search courses, lessons and resources').fill(courses[0].title.slice(0, 12));
    const result = page.getByRole('link', { name: new RegExp(`^Course ${courses[0].title}`) });
    await expect(result).toBeVisible();
    await result.click();
    await expect(page).toHaveURL(new RegExp(`/course/${courses[0].id}$`));
    await expect(page.getByRole('heading', { level: 1, name: courses[0].title })).toBeVisible();
  });
});

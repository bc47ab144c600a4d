import type { APIRequestContext } from '@playwright/test';
import { adminToken, authHeader } from './admin-session';
import { expect, test } from './fixtures';
import { buyAccount, demoLearner, signInWithApi } from './learner-helpers';
import { overflowOf } from './overflow';

/**
 * The learner site on a 360 px phone and in its longer languages: nothing
 * reaches past the screen's edge. Tests that switch Settings > General >
 * Language put English back when they end, pass or fail (one app, one
 * worker: playwright.config.ts).
 */
const PASSWORD = 'Quartz-Lantern-58';
const PHONE = { width: 360, height: 740 };

const setLanguage = async (request: APIRequestContext, language: string) =>
  expect((await request.put('/api/admin/settings/general', { headers: authHeader(await adminToken(request)), data: { language } })).status()).toBe(200);

test('at 360 px the account page fits the screen with a long email, and names each payment method in words', async ({ page, request }) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const long = { email: `a.rather.long.address.for.a.small.screen.${stamp}@example-learning-domain.com`, password: PASSWORD };
  await buyAccount(request, long.email, long.password, { currency: 'USDT', blockchain: 'Tron (TRC-20)' });
  await page.setViewportSize(PHONE);
  await signInWithApi(page, long);
  await page.goto('/dashboard/account');
  const purchase = page.getByTestId('purchase');
  await expect(purchase).toContainText('USDT on Tron (TRC-20)');
  await expect(page.getByText(long.email)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await overflowOf(page)).toEqual({ page: 360, viewport: 360, culprits: [] });

  const card = { email: `card.words.${stamp}@example.com`, password: PASSWORD };
  await buyAccount(request, card.email, card.password, { method: 'card' });
  await signInWithApi(page, card);
  await page.goto('/dashboard/account');
  await expect(page.getByTestId('purchase')).toContainText(' · Card · ');
  await expect(page.getByTestId('purchase')).not.toContainText('CARD');
  expect(await overflowOf(page)).toEqual({ page: 360, viewport: 360, culprits: [] });
});

test('at 360 px the landing header fits in every language, and the Spanish member card shows the whole plan', async ({ browser, request }) => {
  test.setTimeout(120_000);
  try {
    for (const language of ['en', 'es', 'fr', 'de']) {
      await setLanguage(request, language);
      const context = await browser.newContext({ viewport: PHONE });
      const visitor = await context.newPage();
      await visitor.goto('/');
      await expect(visitor.locator('html')).toHaveAttribute('lang', language);
      await visitor.waitForLoadState('networkidle');
      expect({ language, ...(await overflowOf(visitor)) }).toEqual({ language, page: 360, viewport: 360, culprits: [] });
      await context.close();
    }

    await setLanguage(request, 'es');
    const context = await browser.newContext({ viewport: PHONE });
    const learner = await context.newPage();
    await signInWithApi(learner, await demoLearner(request));
    await learner.goto('/dashboard/courses');
    await expect(learner.locator('html')).toHaveAttribute('lang', 'es');
    await learner.getByRole('button', { name: 'Abrir menú' }).click();
    const plan = learner.getByTestId('member-plan');
    await expect(plan).toHaveText('Miembro Premium · De por vida');
    // Nothing of it is cut off: the text fits its box (it wraps rather than ending in an ellipsis).
    expect(await plan.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await context.close();
  } finally {
    await setLanguage(request, 'en');
  }
});

test('course cards keep the In progress badge inside the card in German, and a course without a picture shows a placeholder', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const title = `Pictureless ${Date.now()}`;
  const created = await request.post('/api/admin/courses', {
    headers: authHeader(token),
    data: {
      title,
      description: 'A course without a picture',
      instructor: 'Dana Fox',
      duration: '30 min',
      totalLessons: 1,
      status: 'published',
      lessons: [{ title: 'Only lesson', duration: '5 min', order: 1, type: 'text', content: 'Hello', isPublished: true }],
    },
  });
  expect(created.status()).toBe(201);
  const courseId: number = (await created.json()).id;
  const buyer = { email: `badges.${Date.now()}@example.com`, password: PASSWORD };
  await buyAccount(request, buyer.email, buyer.password);
  try {
    await setLanguage(request, 'de');
    // Every card in progress: the first lesson of each course done.
    const session = (await (await request.post('/api/auth/login', { data: buyer })).json()).token as string;
    const courses = (await (await request.get('/api/courses', { headers: { authorization: `Bearer ${session}` } })).json()).courses as Array<{ id: number }>;
    for (const c of courses) {
      const course = (await (await request.get(`/api/courses/${c.id}`, { headers: { authorization: `Bearer ${session}` } })).json()).course;
      const first = course.lessons.find((l: { locked?: boolean; type: string }) => !l.locked && l.type !== 'quiz');
      if (!first || course.lessons.length < 2) continue;
      expect((await request.post(`/api/courses/${c.id}/lessons/${first.id}/complete`, { headers: { authorization: `Bearer ${session}` } })).ok()).toBe(true);
    }
    // 1024 px: the widest four-column cards are at their narrowest there.
    for (const width of [1024, 1280, 360]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await signInWithApi(page, buyer);
      await page.goto('/dashboard/courses');
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page.getByText('In Bearbeitung').first()).toBeVisible();
      const escaped = await page.locator('main li.card').evaluateAll((cards) =>
        cards.flatMap((card) => {
          const edge = card.getBoundingClientRect().right;
          return [...card.querySelectorAll('*')]
            .filter((el) => el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().right > edge + 0.5)
            .map((el) => `${(el.textContent ?? '').trim().slice(0, 30)} (+${Math.round(el.getBoundingClientRect().right - edge)} px)`);
        }),
      );
      expect({ width, escaped }).toEqual({ width, escaped: [] });
      if (width === 1024) {
        // The other specs' courses come first when there are more than a page of them: show them all.
        const showAll = page.getByRole('button', { name: 'Alle anzeigen' });
        if (await showAll.isVisible()) await showAll.click();
        const card = page.locator('main li.card').filter({ hasText: title });
        await expect(card.getByTestId('course-placeholder')).toBeVisible();
        await expect(card.getByTestId('course-placeholder')).toHaveText('P');
      }
      await context.close();
    }
  } finally {
    await setLanguage(request, 'en');
    await request.delete(`/api/admin/courses/${courseId}`, { headers: authHeader(token) });
  }
});

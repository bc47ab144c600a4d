import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signInAdmin } from './admin-session';
import { buyAccount } from './learner-helpers';
import { overflowOf } from './overflow';

/** Console pages a phone-sized admin uses; none may be wider than the screen (tables scroll inside their card). */
const PAGES = [
  ['/admin/overview', 'Overview'],
  ['/admin/users', 'Users'],
  ['/admin/courses', 'Courses'],
  ['/admin/analytics', 'Analytics'],
  ['/admin/settings', 'Settings'],
  ['/admin/payments', 'Payments'],
  ['/admin/queues', 'Queues'],
  ['/admin/mail-log', 'Mail log'],
  ['/admin/audit-log', 'Audit log'],
  ['/admin/resources', "Members' resources"],
] as const;

async function horizontalOverflow(page: Page): Promise<{ page: number; viewport: number; culprits: string[] }> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.right <= viewport + 1) return false;
        // Inside something that scrolls sideways (a table in its card, the tab strip): not the page's overflow.
        for (let p = el.parentElement; p; p = p.parentElement) {
          const style = getComputedStyle(p);
          if (['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX) && p.getBoundingClientRect().right <= viewport + 1) return false;
        }
        return true;
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 2).join('.')}`);
    return { page: document.documentElement.scrollWidth, viewport, culprits };
  });
}

test('at 360 px no console page is wider than the screen, and each page names itself in the tab title', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAdmin(page);
  const siteName = (await (await page.request.get('/api/public-config')).json()).siteName as string;
  for (const [path, title] of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveTitle(`${title} · Admin · ${siteName}`);
    const overflow = await horizontalOverflow(page);
    expect({ path, ...overflow }).toEqual({ path, page: 360, viewport: 360, culprits: [] });
  }
  // The settings tabs scroll instead of being cut off: the last one can be reached and opened.
  await page.goto('/admin/settings');
  const email = page.getByRole('tab', { name: 'Email' });
  await email.scrollIntoViewIfNeeded();
  await email.click();
  await expect(email).toHaveAttribute('aria-selected', 'true');
  // The add-course button does not cover the first course card.
  await page.goto('/admin/courses');
  const add = page.getByRole('link', { name: /Add Course/i }).first();
  const card = page.getByTestId('course-card').first();
  await expect(card).toBeVisible();
  const [a, c] = [await add.boundingBox(), await card.boundingBox()];
  const overlaps = a && c && a.x < c.x + c.width && c.x < a.x + a.width && a.y < c.y + c.height && c.y < a.y + a.height;
  expect(overlaps).toBeFalsy();
});

test('the sign-in page and the course editor name themselves too', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page).toHaveTitle(/^Sign in · Admin · /);
  await signInAdmin(page);
  const courses = await (await page.request.get('/api/courses')).json();
  const first = (Array.isArray(courses) ? courses : courses.courses)[0];
  await page.goto(`/admin/course/${first.id}/edit`);
  await expect(page).toHaveTitle(new RegExp(`^Edit: .+ · Admin · `));
});

test('at 360 px Analytics and Payments fit the screen entirely: no table to swipe, each payment a card with its method in words', async ({ page, request }) => {
  test.setTimeout(150_000);
  // A payment by card and one in a coin, so the list and the course table have rows.
  const stamp = Date.now();
  await buyAccount(request, `phone.card.${stamp}@example.com`, 'Quartz-Lantern-58', { method: 'card' });
  const coin = { email: `phone.coin.${stamp}@example.com`, password: 'Quartz-Lantern-58' };
  await buyAccount(request, coin.email, coin.password, { currency: 'USDT', blockchain: 'Tron (TRC-20)' });
  // And some learning, so Course Performance has a row.
  const learner = { authorization: `Bearer ${(await (await request.post('/api/auth/login', { data: coin })).json()).token}` };
  const [first] = (await (await request.get('/api/courses')).json()).courses as Array<{ id: number }>;
  const lesson = (await (await request.get(`/api/courses/${first!.id}`, { headers: learner })).json()).course.lessons[0];
  expect((await request.post(`/api/courses/${first!.id}/lessons/${lesson.id}/complete`, { headers: learner })).ok()).toBe(true);
  await page.setViewportSize({ width: 360, height: 740 });
  const token = await signInAdmin(page);
  // The worker's rollups count the completion in their own time (seconds under load): the page is opened once they have.
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/admin/analytics?range=30d', { headers: { authorization: `Bearer ${token}` } })).json()).coursePerformance ?? [])
          .length,
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);

  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { name: 'Course Performance' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Course Performance' }).getByRole('listitem').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect({ path: 'analytics', ...(await overflowOf(page)) }).toEqual({ path: 'analytics', page: 360, viewport: 360, culprits: [] });

  await page.goto('/admin/payments');
  const card = page.getByRole('link', { name: new RegExp(`phone\\.card\\.${stamp}@example\\.com`) });
  await expect(card).toBeVisible();
  await expect(card).toContainText('497.00 USD · Card');
  await expect(card).toContainText('PAID');
  await expect(page.getByRole('link', { name: new RegExp(`phone\\.coin\\.${stamp}`) })).toContainText('USDT on Tron (TRC-20)');
  await page.waitForLoadState('networkidle');
  expect({ path: 'payments', ...(await overflowOf(page)) }).toEqual({ path: 'payments', page: 360, viewport: 360, culprits: [] });
  // A card opens the payment.
  await card.click();
  await expect(page).toHaveURL(/\/admin\/payments\/[\w-]+\/show$/);
  await expect(page.getByText('Paid with')).toBeVisible();
});

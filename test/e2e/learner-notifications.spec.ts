import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoLearner, signInOnPage } from './learner-helpers';

async function bearer(request: APIRequestContext, path: string, credentials: { email: string; password: string }): Promise<{ authorization: string }> {
  const res = await request.post(path, { data: credentials });
  expect(res.ok()).toBe(true);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

test('a course the admin publishes shows in the learner bell with the unread dot until opened', async ({ page, request }) => {
  const config = await (await request.get('/api/public-config')).json();
  const learner = await demoLearner(request);
  const asLearner = await bearer(request, '/api/auth/login', learner);
  const asAdmin = await bearer(request, '/api/admin/login', config.demoCredentials.admin);
  // Start from a bell with nothing unread, whatever earlier tests published.
  expect((await request.post('/api/notifications/read', { headers: asLearner, data: {} })).ok()).toBe(true);

  const title = `Bell Course ${Date.now()}`;
  const created = await request.post('/api/admin/courses', {
    headers: asAdmin,
    data: {
      title,
      description: 'Published for the notification test',
      instructor: 'Dana Fox',
      duration: '30 min',
      totalLessons: 1,
      status: 'published',
      lessons: [{ title: 'Welcome', duration: '5 min', order: 1, type: 'text', content: 'Hello', isPublished: true }],
    },
  });
  expect(created.status()).toBe(201);
  const courseId: number = (await created.json()).id;
  try {
    await expect(async () => {
      const list = await (await request.get('/api/notifications', { headers: asLearner })).json();
      expect(list.notifications.map((n: { title: string }) => n.title)).toContain(`New course: ${title}`);
    }).toPass({ timeout: 30_000 });

    await page.goto('/login?redirect=%2Fdashboard%2Fcourses');
    await signInOnPage(page, learner);
    await expect(page).toHaveURL(/\/dashboard\/courses$/);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await expect(page.getByTestId('unread-dot')).toBeVisible();

    await bell.click();
    const item = page.getByRole('link', { name: new RegExp(`New course: ${title}`) });
    await expect(item).toBeVisible();
    await expect(page.getByTestId('unread-dot')).toHaveCount(0);
    await expect(bell).toHaveAccessibleName('Notifications');

    await item.click();
    await expect(page).toHaveURL(new RegExp(`/course/${courseId}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // The read mark is kept on the server: a reload shows no dot.
    await page.goto('/dashboard/courses');
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(page.getByTestId('unread-dot')).toHaveCount(0);
  } finally {
    await request.delete(`/api/admin/courses/${courseId}`, { headers: asAdmin });
  }
});

import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { authHeader, signInAdmin } from './admin-session';
import { buyAccount, signInOnPage } from './learner-helpers';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function publishedCourse(request: APIRequestContext, token: string, title: string) {
  const created = await request.post('/api/admin/courses', {
    headers: authHeader(token),
    data: {
      title,
      description: `About ${title}`,
      instructor: 'Test Instructor',
      duration: '1h',
      totalLessons: 1,
      status: 'published',
      lessons: [{ title: 'Welcome', type: 'text', duration: '5 min', order: 1, published: true, content: 'The original welcome text.' }],
    },
  });
  expect(created.status()).toBe(201);
  const body = (await created.json()) as { id: number; lessons: Array<{ id: number }> };
  return { courseId: body.id, lessonId: body.lessons[0].id };
}

/** The lesson text the learner's viewer shows after a fresh load. */
async function learnerSees(learner: Page, url: string, text: string): Promise<void> {
  await learner.goto(url);
  await expect(learner.getByText(text)).toBeVisible();
}

test('edit a live lesson in a draft: the learner keeps the old text, the preview shows the new, publish, then restore the previous revision and publish it back', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const token = await signInAdmin(page);
  const title = `Live course ${unique()}`;
  const { courseId, lessonId } = await publishedCourse(request, token, title);
  const origin = page.url().replace(/\/admin.*$/, '');

  // A learner studying the course, in a browser of their own.
  const learnerContext = await browser.newContext({ baseURL: origin });
  const learner = await learnerContext.newPage();
  const email = `draft-${unique()}@example.com`;
  const courseUrl = `/course/${courseId}?lesson=${lessonId}`;
  await buyAccount(learner.request, email, 'Draft-Learner-9');
  await learner.goto(`/login?redirect=${encodeURIComponent(courseUrl)}`);
  await signInOnPage(learner, { email, password: 'Draft-Learner-9' });
  await expect(learner.getByText('The original welcome text.')).toBeVisible();

  // The author edits the published lesson; the editor saves into the draft.
  await page.goto(`/admin/course/${courseId}/edit`);
  await page.getByRole('button', { name: 'Edit lesson Welcome' }).click();
  const dialog = page.getByRole('dialog');
  const editor = dialog.locator('.ProseMirror');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('The rewritten welcome text.');
  await dialog.getByRole('button', { name: 'Save Lesson' }).click();
  await expect(dialog).toBeHidden();
  const draftSaved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/courses/${courseId}/draft`) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save Course' }).click();
  expect((await draftSaved).status()).toBe(200);
  await expect(page.getByText('Draft differs from published')).toBeVisible();

  // The learner, reloading, still reads the published text.
  await learnerSees(learner, courseUrl, 'The original welcome text.');

  // The courses grid says which courses have a draft.
  await page.goto('/admin/courses');
  await page.getByPlaceholder('Search by title or instructor').fill(title);
  await expect(page.getByTestId('course-card')).toHaveCount(1);
  await expect(page.getByTestId('course-card')).toContainText('Draft changes');
  await page.goto(`/admin/course/${courseId}/edit`);
  await expect(page.getByText('Draft differs from published')).toBeVisible();

  // Preview as learner: the real viewer, marked Preview, with the draft's text.
  const [preview] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Preview as learner' }).click()]);
  await expect(preview).toHaveURL(/\/preview\//);
  await expect(preview.getByText('Preview', { exact: true }).first()).toBeVisible();
  await expect(preview.getByText('The rewritten welcome text.')).toBeVisible();
  await preview.close();

  // Publish: the learner gets the new text on the next load.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const published = page.waitForResponse((r) => r.url().endsWith(`/api/admin/courses/${courseId}/publish`));
  await page.getByRole('dialog').getByRole('button', { name: 'Publish now' }).click();
  expect((await published).status()).toBe(200);
  await expect(page.getByText('Up to date')).toBeVisible();
  await learnerSees(learner, courseUrl, 'The rewritten welcome text.');

  // History: restore the revision before the publish as the draft, and publish it back.
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog');
  await expect(history.getByText('The course before its first publish')).toBeVisible();
  await history.getByRole('button', { name: 'Restore as draft' }).last().click();
  const restored = page.waitForResponse((r) => /\/revisions\/1\/restore$/.test(r.url()));
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Restore|Confirm/ })
    .last()
    .click();
  expect((await restored).status()).toBe(200);
  await expect(page.getByText('Draft differs from published')).toBeVisible();
  await learnerSees(learner, courseUrl, 'The rewritten welcome text.');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Up to date')).toBeVisible();
  await learnerSees(learner, courseUrl, 'The original welcome text.');

  const revisions = await (await request.get(`/api/admin/courses/${courseId}/revisions`, { headers: authHeader(token) })).json();
  expect(revisions.map((r: { number: number }) => r.number)).toEqual([3, 2, 1]);
  await learnerContext.close();
});

import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { authHeader, signInAdmin } from './admin-session';
import { buyAccount, signInOnPage } from './learner-helpers';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const PASSWORD = 'Quiz-Learner-9';

type LessonInput = { title: string; content: string; dripDays?: number };

/** A published course of text lessons, created through the admin API; its id and lesson ids. */
async function publishCourse(
  request: APIRequestContext,
  token: string,
  title: string,
  lessons: LessonInput[],
): Promise<{ courseId: number; lessonIds: number[] }> {
  const created = await request.post('/api/admin/courses', {
    headers: authHeader(token),
    data: {
      title,
      description: `About ${title}`,
      instructor: 'Test Instructor',
      duration: '1h',
      totalLessons: lessons.length,
      status: 'published',
      lessons: lessons.map((lesson, i) => ({ duration: '5 min', order: i + 1, type: 'text', published: true, ...lesson })),
    },
  });
  expect(created.status()).toBe(201);
  const { id, lessons: saved } = (await created.json()) as { id: number; lessons: Array<{ id: number }> };
  return { courseId: id, lessonIds: saved.map((l) => l.id) };
}

/** The learner app's origin, from an admin page. */
const originOf = (page: Page) => page.url().replace(/\/admin.*$/, '');

/** A new buyer signed in on the course page. */
async function newLearnerOn(page: Page, courseUrl: string): Promise<string> {
  const email = `quiz-${unique()}@example.com`;
  await buyAccount(page.request, email, PASSWORD);
  await page.goto(`/login?redirect=${encodeURIComponent(courseUrl)}`);
  await signInOnPage(page, { email, password: PASSWORD });
  await expect(page).toHaveURL(new RegExp(`${courseUrl.replace('?', '\\?')}$`));
  return email;
}

test('an admin authors a 3-question quiz with a 70% pass mark; a learner fails it, then passes it, and the lesson completes', async ({
  page,
  request,
  browser,
}) => {
  const token = await signInAdmin(page);
  const { courseId } = await publishCourse(request, token, `Quiz course ${unique()}`, [{ title: 'Read first', content: 'Search engines rank pages.' }]);

  await page.goto(`/admin/course/${courseId}/edit`);
  await page.getByRole('button', { name: 'Add Lesson' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Lesson Title').fill('Check yourself');
  await dialog.getByRole('combobox', { name: 'Lesson Type' }).click();
  await page.getByRole('option', { name: 'Quiz' }).click();
  await dialog.getByLabel('Pass mark (%)').fill('70');

  await dialog.getByRole('button', { name: 'Add question' }).click();
  await dialog.getByLabel('Question 1 text').fill('Which is a search engine?');
  await dialog.getByLabel('Question 1 choice 1', { exact: true }).fill('Google');
  await dialog.getByLabel('Question 1 choice 2', { exact: true }).fill('Excel');
  await dialog.getByLabel('Question 1 explanation').fill('Google indexes the web.');

  await dialog.getByRole('button', { name: 'Add question' }).click();
  await dialog.getByRole('combobox', { name: 'Question 2 type' }).click();
  await page.getByRole('option', { name: 'True / false' }).click();
  await dialog.getByLabel('Question 2 text').fill('Backlinks still matter.');

  await dialog.getByRole('button', { name: 'Add question' }).click();
  await dialog.getByRole('combobox', { name: 'Question 3 type' }).click();
  await page.getByRole('option', { name: 'Short exact answer' }).click();
  await dialog.getByLabel('Question 3 text').fill('Three letters for search engine optimisation?');
  await dialog.getByLabel('Question 3 accepted answers').fill('SEO');
  await dialog.getByLabel('Question 3 explanation').fill('S-E-O.');

  await dialog.getByLabel('Publish this lesson').check();
  await dialog.getByRole('button', { name: 'Save Lesson' }).click();
  await expect(dialog).toBeHidden();
  const saved = page.waitForResponse((r) => r.url().endsWith(`/courses/${courseId}/draft`) && r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save Course' }).click();
  expect((await saved).status()).toBe(200);
  // The quiz is in the draft; publishing it makes it the learners'.
  const published = page.waitForResponse((r) => r.url().endsWith(`/courses/${courseId}/publish`));
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish now' }).click();
  expect((await published).status()).toBe(200);

  const course = (await (await request.get(`/api/admin/courses/${courseId}`, { headers: authHeader(token) })).json()) as {
    lessons: Array<{ id: number; title: string; quiz: { passMark: number; questions: unknown[] } | null }>;
  };
  const quizLesson = course.lessons.find((l) => l.title === 'Check yourself')!;
  expect(quizLesson.quiz).toMatchObject({ passMark: 70 });
  expect(quizLesson.quiz!.questions).toHaveLength(3);

  // The learner, in a browser of their own.
  const context = await browser.newContext({ baseURL: originOf(page) });
  const learner = await context.newPage();
  const courseUrl = `/course/${courseId}?lesson=${quizLesson.id}`;
  const quizPayload = learner.waitForResponse((r) => r.url().endsWith(`/lessons/${quizLesson.id}/quiz`) && r.request().method() === 'GET');
  await newLearnerOn(learner, courseUrl);
  // What reached the browser before any submission says nothing of the right answers.
  const before = await (await quizPayload).text();
  expect(before).not.toMatch(/"correct"|acceptedAnswers|SEO|explanation|Google indexes/);

  const quiz = learner.getByRole('region', { name: 'Quiz' });
  await expect(quiz.getByText('Pass mark: 70%')).toBeVisible();
  await quiz
    .getByRole('group', { name: /Which is a search engine/ })
    .getByLabel('Google')
    .check();
  await quiz
    .getByRole('group', { name: /Backlinks still matter/ })
    .getByLabel('True')
    .check();
  await quiz.getByLabel('Answer to question 3').fill('SEM');
  await quiz.getByRole('button', { name: 'Submit answers' }).click();
  await expect(quiz.getByRole('status')).toHaveText(/Not passed: 66% \(2 of 3 right; 70% needed\)/);
  await expect(quiz.getByText('S-E-O.')).toBeVisible();
  await expect(learner.getByText('Pass the quiz to complete this lesson')).toBeVisible();
  const attempts: string[] = [];
  learner.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/quiz/attempts') && attempts.push(r.url()));

  // "Try again" brings back the questions, cleared; it records nothing, and an unanswered form is not sent.
  await quiz.getByRole('button', { name: 'Try again' }).click();
  await expect(quiz.getByRole('group', { name: /Which is a search engine/ }).getByLabel('Google')).not.toBeChecked();
  await expect(quiz.getByLabel('Answer to question 3')).toHaveValue('');
  await quiz.getByRole('button', { name: 'Submit answers' }).click();
  await expect(quiz.getByRole('alert')).toHaveText('Answer every question before you submit: 3 questions are unanswered.');
  expect(attempts).toEqual([]);

  await quiz
    .getByRole('group', { name: /Which is a search engine/ })
    .getByLabel('Google')
    .check();
  await quiz
    .getByRole('group', { name: /Backlinks still matter/ })
    .getByLabel('True')
    .check();
  await quiz.getByLabel('Answer to question 3').fill('seo');
  await quiz.getByRole('button', { name: 'Submit answers' }).click();
  await expect(quiz.getByRole('status')).toHaveText(/Passed: 100% \(3 of 3 right; 70% needed\)/);
  await expect(learner.getByText('✓ Quiz passed')).toBeVisible();
  await expect(learner.getByRole('button', { name: /Check yourself/ })).toContainText('(completed)');
  await context.close();

  // The console shows where learners fail: the quiz's statistics in its lesson editor.
  await page.reload();
  await page.getByRole('button', { name: 'Edit lesson Check yourself' }).click();
  const stats = page.getByRole('dialog').getByRole('region', { name: 'Quiz statistics' });
  await expect(stats).toContainText('2 attempts by 1 learner, 1 passed, pass rate 50%');
  await expect(stats).toContainText('Question 3 (Three letters for search engine optimisation?): 50% right of 2');
});

test('a lesson dripped 7 days after purchase is locked for a new buyer, and its content is in no API response', async ({ page, request, browser }) => {
  const token = await signInAdmin(page);
  const secret = `week-two-secret-${unique()}`;
  const { courseId, lessonIds } = await publishCourse(request, token, `Drip course ${unique()}`, [
    { title: 'Week one', content: 'Start here.' },
    { title: 'Week two', content: secret, dripDays: 7 },
  ]);

  const context = await browser.newContext({ baseURL: originOf(page) });
  const learner = await context.newPage();
  // Every API answer the learner's browser receives, to look for the locked lesson's content.
  const seen: Array<{ url: string; body: Promise<string> }> = [];
  learner.on('response', (r) => {
    if (r.url().includes('/api/')) seen.push({ url: r.url(), body: r.text().catch(() => '') });
  });
  await newLearnerOn(learner, `/course/${courseId}?lesson=${lessonIds[1]}`);
  await expect(learner.getByText(/This lesson is locked\. It opens on/)).toBeVisible();
  await expect(learner.getByRole('button', { name: /Week two/ })).toContainText('(locked)');
  // The lock is drawn (an SVG of the icon set), so it shows without an emoji font.
  await expect(learner.getByRole('button', { name: /Week two/ }).locator('svg')).toHaveCount(1);
  await learner.getByRole('button', { name: /Week one/ }).click();
  await expect(learner.getByText('Start here.')).toBeVisible();
  // Done with week one: not "Up next: Week two" (still locked), but when it opens.
  await learner.getByRole('button', { name: /Mark as Complete/ }).click();
  await expect(learner.getByText(/^Lesson complete\. The next lesson, Week two, opens on /)).toBeVisible();
  await expect(learner.getByText(/Up next/)).toHaveCount(0);
  expect(seen.some((r) => r.url.endsWith(`/api/courses/${courseId}`))).toBe(true);
  for (const r of seen) expect({ url: r.url, leaked: (await r.body).includes(secret) }).toEqual({ url: r.url, leaked: false });
  await context.close();
});

test('completing a whole course earns a certificate: the PDF downloads, a signed-out visitor verifies it, and a revoke in the console shows on its page', async ({
  page,
  request,
  browser,
}) => {
  const token = await signInAdmin(page);
  const title = `Certified course ${unique()}`;
  const { courseId } = await publishCourse(request, token, title, [{ title: 'The only lesson', content: 'Done soon.' }]);
  const baseURL = originOf(page);

  const learnerContext = await browser.newContext({ baseURL, acceptDownloads: true });
  const learner = await learnerContext.newPage();
  await newLearnerOn(learner, `/course/${courseId}`);
  await learner.getByRole('button', { name: 'Mark as Complete' }).click();
  await expect(learner.getByText('Course completed! Well done.')).toBeVisible();

  // The worker issues the certificate; the account page lists it.
  await learner.goto('/dashboard/account');
  const card = learner.getByTestId('certificate').filter({ hasText: title });
  await expect(async () => {
    await learner.reload();
    await expect(card).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const href = (await card.getByRole('link', { name: 'Verification page' }).getAttribute('href'))!;
  const id = href.split('/').at(-1)!;
  const downloading = learner.waitForEvent('download');
  await card.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`certificate-${id}.pdf`);
  const file = (await download.path())!;
  expect((await import('node:fs')).readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  // The text a reader extracts (the fonts are embedded subsets, so the title is not plain bytes in the file).
  const text = (await import('node:child_process')).execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  expect(text).toContain(title);
  await learnerContext.close();

  // Anyone, signed out, verifies it.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/certificates/${id}`);
  await expect(visitor.getByTestId('certificate-course')).toHaveText(title);
  await expect(visitor.getByTestId('certificate-status')).toHaveText('Valid certificate');
  await expect(visitor).toHaveTitle(new RegExp(`completed ${title}`));

  // Revoked in the console, it is no longer valid there.
  await page.goto('/admin/certificates');
  await page.getByPlaceholder('Learner, course or certificate id').fill(id);
  await page.getByRole('button', { name: new RegExp(`Revoke the certificate of .* for ${title}`) }).click();
  await expect(page.getByText('Certificate revoked')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByTestId('certificate-status')).toHaveText(/^Revoked on .*: this certificate is no longer valid$/);
  await visitorContext.close();
});

test('a learner asks a question under a lesson, an admin answers it in the console, and the learner sees the answer and the notification', async ({
  page,
  request,
  browser,
}) => {
  const token = await signInAdmin(page);
  const lessonTitle = `Keyword research ${unique()}`;
  const { courseId } = await publishCourse(request, token, `Questions course ${unique()}`, [{ title: lessonTitle, content: 'Pick keywords.' }]);
  const baseURL = originOf(page);

  const context = await browser.newContext({ baseURL });
  const learner = await context.newPage();
  await newLearnerOn(learner, `/course/${courseId}`);
  const question = `How many keywords per page? ${unique()}`;
  const panel = learner.getByRole('region', { name: 'Questions' });
  await panel.getByLabel('Ask a question about this lesson').fill(question);
  await panel.getByRole('button', { name: 'Ask' }).click();
  await expect(panel.getByTestId('question').filter({ hasText: question })).toBeVisible();

  // The console lists it as unanswered; the admin answers.
  await page.goto('/admin/lesson-questions');
  const row = page.getByRole('row').filter({ hasText: question });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /Answer the question of/ }).click();
  await page.getByRole('dialog').getByLabel('Your answer').fill('One main keyword and a few close variants.');
  await page.getByRole('dialog').getByRole('button', { name: 'Post answer' }).click();
  await expect(page.getByText('Answer posted')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: question })).toHaveCount(0);

  // The learner sees the instructor's answer under the lesson, and the bell tells them.
  await learner.reload();
  const thread = learner.getByTestId('question').filter({ hasText: question });
  // The answer speaks as the course's instructor (with the badge), not as the admin's account.
  await expect(thread.getByText('Instructor', { exact: true })).toBeVisible();
  await expect(thread.getByText('Test Instructor', { exact: true })).toBeVisible();
  await expect(thread.getByText('Admin User')).toHaveCount(0);
  await expect(thread.getByText('One main keyword and a few close variants.')).toBeVisible();
  await learner.goto('/dashboard/courses');
  await expect(async () => {
    await learner.reload();
    await learner.getByRole('button', { name: /^Notifications/ }).click();
    await expect(learner.getByText(`Your question was answered: ${lessonTitle}`)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await context.close();
});

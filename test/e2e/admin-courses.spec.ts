import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { authHeader, demoCredentials, expectAccessible, signInAdmin } from './admin-session';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const VIDEO = 'https://www.youtube.com/embed/dQw4w9WgXcQ';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function findCourse(request: APIRequestContext, token: string, title: string) {
  const res = await request.get(`/api/admin/courses?filter=${encodeURIComponent(JSON.stringify({ q: title }))}`, { headers: authHeader(token) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as Array<{ id: number; title: string }>).find((c) => c.title === title);
}

async function createCourseByApi(request: APIRequestContext, token: string, title: string, lessons: Array<Record<string, unknown>> = []) {
  const res = await request.post('/api/admin/courses', {
    headers: authHeader(token),
    data: { title, description: 'Made by a test', instructor: 'Test Instructor', duration: '1h 0m', totalLessons: lessons.length, lessons },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; lessons: Array<{ id: number; title: string }> };
}

async function fillCourseForm(page: Page, title: string) {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Everything about landing pages');
  await page.getByLabel('Instructor').fill('Ines Instructor');
  await page.getByLabel('Duration').fill('1h 15m');
  await page.getByLabel('Total Lessons').fill('2');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Published' }).click();
}

test('create a published course with a text lesson (bold text, uploaded image) and a video lesson; a learner gets it with the image', async ({
  page,
  request,
}) => {
  const token = await signInAdmin(page);
  const title = `Landing Pages ${unique()}`;
  await page.goto('/admin/overview');
  await page.getByRole('link', { name: 'Add New Course' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Course' })).toBeVisible();
  await fillCourseForm(page, title);

  await page.getByRole('button', { name: 'Add Lesson' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Create New Lesson' })).toBeVisible();
  await expect(dialog.getByLabel('Duration')).toHaveValue('10 min');
  await expect(dialog.getByLabel('Order')).toHaveValue('1');
  await dialog.getByLabel('Lesson Title').fill('Headlines that convert');
  await expect(dialog.getByRole('heading', { name: 'Edit Lesson' })).toBeVisible();
  const editor = dialog.locator('.ProseMirror');
  await editor.click();
  await page.keyboard.type('Write **bold promises** first. ');
  await expect(editor.locator('strong')).toHaveText('bold promises');
  const upload = page.waitForResponse((r) => r.url().endsWith('/api/admin/media') && r.request().method() === 'POST');
  await dialog.getByLabel('Image files').setInputFiles({ name: 'hero.png', mimeType: 'image/png', buffer: PNG });
  expect((await upload).status()).toBe(201);
  await expect(editor.locator('img')).toHaveAttribute('src', /^\/media\//);
  await dialog.getByLabel('Publish this lesson').check();
  await dialog.getByRole('button', { name: 'Save Lesson' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Add Lesson' }).click();
  await dialog.getByLabel('Lesson Title').fill('Watch the teardown');
  await dialog.getByRole('combobox', { name: 'Lesson Type' }).click();
  await page.getByRole('option', { name: 'Video' }).click();
  await dialog.getByRole('button', { name: 'Save Lesson' }).click();
  await expect(dialog.getByText('Video URL is required')).toBeVisible();
  await dialog.getByLabel('Video URL').fill(VIDEO);
  await dialog.getByLabel('Publish this lesson').check();
  await dialog.getByRole('button', { name: 'Save Lesson' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('lesson-row')).toHaveCount(2);

  await page.getByRole('button', { name: 'Create Course' }).click();
  await expect(page).toHaveURL(/\/admin\/courses$/);
  // A specific success message, not react-admin's generic "Element created".
  await expect(page.getByText('Course saved')).toBeVisible();
  await page.getByPlaceholder('Search by title or instructor').fill(title);
  await expect(page.getByTestId('course-card')).toHaveCount(1);
  await expect(page.getByTestId('course-card')).toContainText('Published');
  await expect(page.getByTestId('course-card')).toContainText('2/2');

  const created = await findCourse(request, token, title);
  expect(created).toBeTruthy();
  const { learner } = await demoCredentials(request);
  const learnerToken = (await (await request.post('/api/auth/login', { data: learner })).json()).token;
  const res = await request.get(`/api/courses/${created!.id}`, { headers: authHeader(learnerToken) });
  expect(res.status()).toBe(200);
  const { course } = await res.json();
  expect(course.lessons.map((l: { title: string }) => l.title)).toEqual(['Headlines that convert', 'Watch the teardown']);
  const [text, video] = course.lessons;
  expect(text.content).toContain('<strong>bold promises</strong>');
  expect(text.content).toMatch(/<img[^>]+src="\/media\/[^"]+"/);
  expect(text.content).not.toContain('data:');
  expect(video.type).toBe('video');
  expect(video.videoUrl).toBe(VIDEO);
  const imageSrc = text.content.match(/src="(\/media\/[^"]+)"/)[1];
  expect((await request.get(imageSrc)).status()).toBe(200);
});

test('courses list: server-side filters, empty state, deleting a course asks first; axe', async ({ page, request }) => {
  const token = await signInAdmin(page);
  const title = `Delete Me ${unique()}`;
  await createCourseByApi(request, token, title);
  await page.goto('/admin/courses');
  await expect(page.getByTestId('course-card').first()).toBeVisible();
  await expectAccessible(page);

  await page.getByPlaceholder('Search by title or instructor').fill('no course is called this');
  await expect(page.getByText('No courses found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();

  await page.getByPlaceholder('Search by title or instructor').fill(title);
  await expect(page.getByTestId('course-card')).toHaveCount(1);
  await expect(page.getByTestId('course-card')).toContainText('Draft');
  await expect(page.getByTestId('stat-Total Courses')).toHaveText('1');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Published' }).click();
  await expect(page.getByText('No courses found')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Draft' }).click();
  await expect(page.getByTestId('course-card')).toHaveCount(1);

  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await expect(page.getByRole('dialog')).toContainText(`Are you sure you want to delete "${title}"?`);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No courses found')).toBeVisible();
  expect(await findCourse(request, token, title)).toBeUndefined();
});

test('course edit page: autosave into the draft after an edit without pressing Save, lesson delete asks first, publish, preview, back link; axe', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await signInAdmin(page);
  const title = `Autosave ${unique()}`;
  const created = await createCourseByApi(request, token, title, [
    { title: 'Keep me', type: 'text', duration: '5 min', content: '<p>Some <strong>kept</strong> text</p>', order: 1, published: true },
    { title: 'Remove me', type: 'text', duration: '5 min', content: '<p>Gone</p>', order: 2, published: false },
  ]);
  await page.goto(`/admin/course/${created.id}/edit`);
  await expect(page.getByLabel('Course Title')).toHaveValue(title);
  // Back goes to the course's page in the console (the learner's /course/{id} would ask an admin to sign in as a learner).
  await expect(page.getByRole('link', { name: 'Back to course' })).toHaveAttribute('href', `/admin/courses/${created.id}/show`);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Delete lesson Remove me' }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you sure you want to delete this lesson?');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('lesson-row')).toHaveCount(1);
  await page.getByLabel('Course Title').fill(`${title} (autosaved)`);
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  // The editor saves into the course's draft by itself; learners keep the published course until it is published.
  const saved = page.waitForResponse((r) => r.url().endsWith(`/api/admin/courses/${created.id}/draft`) && r.request().method() === 'PUT', { timeout: 35_000 });
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Saved!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Course' })).toBeVisible({ timeout: 5_000 });
  const draft = await (await request.get(`/api/admin/courses/${created.id}/draft`, { headers: authHeader(token) })).json();
  expect(draft.draft.title).toBe(`${title} (autosaved)`);
  expect(draft.draft.lessons.map((l: { title: string }) => l.title)).toEqual(['Keep me']);
  const live = await (await request.get(`/api/admin/courses/${created.id}`, { headers: authHeader(token) })).json();
  expect(live.title).toBe(title);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText('Up to date')).toBeVisible();
  const after = await (await request.get(`/api/admin/courses/${created.id}`, { headers: authHeader(token) })).json();
  expect(after.title).toBe(`${title} (autosaved)`);
  expect(after.lessons.map((l: { title: string }) => l.title)).toEqual(['Keep me']);

  await page.getByRole('button', { name: 'Preview Mode' }).click();
  await expect(page.getByRole('article', { name: 'Preview of Keep me' }).locator('strong')).toHaveText('kept');

  await page.getByRole('link', { name: 'Back to course' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/courses/${created.id}/show$`));
  await expect(page.getByText(`${title} (autosaved)`).first()).toBeVisible();
});

test("course edit page: a PDF lesson's preview shows the PDF (the CSP frames our own signed lesson links, nothing else)", async ({ page, request }) => {
  const token = await signInAdmin(page);
  const course = (await (await request.get('/api/admin/courses/1', { headers: authHeader(token) })).json()) as {
    lessons: Array<{ id: number; title: string; type: string; order: number }>;
  };
  const pdf = course.lessons.find((l) => l.type === 'pdf')!;
  expect(pdf).toBeTruthy();
  const refused: string[] = [];
  page.on('console', (m) => {
    if (/Refused to frame|Content Security Policy/i.test(m.text())) refused.push(m.text());
  });
  await page.goto('/admin/course/1/edit');
  await page.getByRole('button', { name: 'Preview Mode' }).click();
  const file = page.waitForResponse((r) => r.url().includes('/api/courses/file-preview?') && r.request().resourceType() === 'document');
  await page.getByRole('list', { name: 'Lessons' }).getByText(`${pdf.order}. ${pdf.title}`).click();
  const frame = page.getByRole('article', { name: `Preview of ${pdf.title}` }).locator('iframe');
  await expect(frame).toHaveAttribute('src', /^\/api\/courses\/file-preview\?/);
  const answer = await file;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/pdf');
  expect(refused).toEqual([]);

  // Only video players and our own lesson files may be framed.
  const csp = (await request.get('/admin/overview')).headers()['content-security-policy'];
  const frameSrc = csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-src'))!
    .split(/\s+/)
    .slice(1);
  expect(frameSrc).not.toContain('*');
  expect(frameSrc).not.toContain('https:');
  expect(frameSrc.some((s) => s.endsWith('/api/courses/'))).toBe(true);
});

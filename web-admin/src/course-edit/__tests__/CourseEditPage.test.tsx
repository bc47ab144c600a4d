import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { AdminContext, defaultI18nProvider, Notification } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, dataProvider } from '../../api';
import { fakeApi, meAsAdmin, storeAdminSession } from '../../test/fakeApi';
import { server } from '../../test/server';
import CourseEditPage from '../CourseEditPage';
import type { CourseChanges, CourseContent, CourseDraftView, RevisionView } from '../../api';

const published: CourseContent = {
  title: 'Traffic Basics',
  description: 'Where visitors come from',
  instructor: 'Ada',
  thumbnail: '',
  duration: '2h 0m',
  category: 'Traffic',
  price: 0,
  totalLessons: 3,
  lessons: [
    { id: 70, title: 'Intro', type: 'text', duration: '10 min', content: '<p>Hi</p>', videoUrl: null, pdfUrl: null, order: 1, published: true },
    { id: 71, title: 'Sources', type: 'text', duration: '15 min', content: '<p>Search</p>', videoUrl: null, pdfUrl: null, order: 2, published: true },
  ],
};

const NO_CHANGES: CourseChanges = { differs: false, fields: [], lessons: [] };

/** The draft view of course 7: by default nothing saved (the draft is the published course). */
function draftView(overrides: Partial<CourseDraftView> = {}): CourseDraftView {
  return {
    courseId: 7,
    status: 'published',
    hasDraft: false,
    updatedAt: null,
    updatedBy: null,
    draft: published,
    published,
    changes: NO_CHANGES,
    schedule: null,
    revision: 2,
    ...overrides,
  };
}

/** A draft that changes the title, Intro's content, and adds Bonus (id 72). */
const edited = draftView({
  hasDraft: true,
  updatedAt: '2026-11-22T10:00:00Z',
  updatedBy: 'admin@example.com',
  draft: {
    ...published,
    title: 'Traffic Basics, revised',
    lessons: [
      { ...published.lessons[0], content: '<p>Hello there</p>' },
      published.lessons[1],
      { id: 72, title: 'Bonus', type: 'text', duration: '5 min', content: '', videoUrl: null, pdfUrl: null, order: 3, published: true },
    ],
  },
  changes: {
    differs: true,
    fields: [{ field: 'title', before: 'Traffic Basics', after: 'Traffic Basics, revised' }],
    lessons: [
      {
        lessonId: 70,
        title: 'Intro',
        kind: 'changed',
        fields: ['content'],
        fromOrder: 1,
        toOrder: 1,
        contentDiff: [
          { op: 'removed', text: 'Hi' },
          { op: 'added', text: 'Hello there' },
        ],
      },
      { lessonId: 72, title: 'Bonus', kind: 'added', fields: [], fromOrder: null, toOrder: 3, contentDiff: null },
      { lessonId: 69, title: 'Old welcome', kind: 'removed', fields: [], fromOrder: 3, toOrder: null, contentDiff: null },
    ],
  },
});

function renderPage() {
  const page = (
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider}>
      <CourseEditPage />
      <Notification />
    </AdminContext>
  );
  const router = createMemoryRouter([{ path: '/course/:courseId/edit', element: page }], { initialEntries: ['/course/7/edit'] });
  return render(<RouterProvider router={router} useTransitions={false} />);
}

const DRAFT = '/api/admin/courses/7/draft';
const saves = (calls: ReturnType<typeof fakeApi>['calls']) => calls.filter((c) => c.method === 'PUT' && c.path === DRAFT);
const liveWrites = (calls: ReturnType<typeof fakeApi>['calls']) => calls.filter((c) => c.method !== 'GET' && c.path === '/api/admin/courses/7');
const callsTo = (calls: ReturnType<typeof fakeApi>['calls'], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

/** The saved draft as the server answers it: the body becomes the draft, new lessons get ids from 100. */
function savedDraft(body: unknown): { body: CourseDraftView } {
  const content = body as CourseContent;
  const lessons = content.lessons.map((lesson, i) => ({ ...lesson, id: lesson.id ?? 100 + i }));
  return { body: draftView({ hasDraft: true, draft: { ...content, lessons }, changes: { ...NO_CHANGES, differs: true } }) };
}

beforeEach(() => {
  localStorage.clear();
  storeAdminSession();
});

describe('course edit page: autosave into the draft', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('saves the whole draft to PUT .../draft 2 s after the edits stop, never to the published course, shows Saved! for 2 s, and then stays quiet', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      [`GET ${DRAFT}`]: () => ({ body: draftView() }),
      [`PUT ${DRAFT}`]: savedDraft,
    });
    renderPage();
    const title = await screen.findByLabelText(/Course Title/);
    expect(screen.getByText('Up to date')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(saves(calls)).toHaveLength(0);

    fireEvent.change(title, { target: { value: 'Traffic Basics, revised' } });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    fireEvent.change(title, { target: { value: 'Traffic Basics, revised!' } });
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(saves(calls)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(saves(calls)).toHaveLength(1);
    expect(saves(calls)[0].body).toMatchObject({
      title: 'Traffic Basics, revised!',
      category: 'Traffic',
      totalLessons: 3,
      lessons: [
        { id: 70, title: 'Intro', order: 1 },
        { id: 71, title: 'Sources', order: 2 },
      ],
    });
    expect(await screen.findByRole('button', { name: 'Saved!' })).toBeTruthy();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(screen.getByText('Draft differs from published')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(screen.getByRole('button', { name: 'Save Course' })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(saves(calls)).toHaveLength(1);
    expect(liveWrites(calls)).toHaveLength(0);
  });

  it("reports the server's error as 'Error saving course: {server error}', keeps the changes and tries again at the 30 s tick", async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      [`GET ${DRAFT}`]: () => ({ body: draftView() }),
      [`PUT ${DRAFT}`]: () => ({ status: 400, body: { code: 'VALIDATION_FAILED', message: 'Title is required', errors: { title: 'Title is required' } } }),
    });
    renderPage();
    fireEvent.change(await screen.findByLabelText(/Course Title/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Course' }));
    expect(await screen.findByText('Error saving course: Title is required')).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    // The quiet-period save does not hammer a refused draft; the 30 s tick tries again.
    await act(() => vi.advanceTimersByTimeAsync(30_500));
    expect(saves(calls)).toHaveLength(2);
  });

  it("says 'Error saving course. Please try again.' when the server cannot be reached", async () => {
    fakeApi({
      'GET /api/auth/me': meAsAdmin,
      [`GET ${DRAFT}`]: () => ({ body: draftView() }),
    });
    renderPage();
    fireEvent.change(await screen.findByLabelText(/Instructor/), { target: { value: 'Grace' } });
    server.use(http.put(DRAFT, () => HttpResponse.error(), { once: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Course' }));
    expect(await screen.findByText('Error saving course. Please try again.')).toBeTruthy();
  });

  it('gives a lesson added during a save the id the server gave it, so the next save does not add it twice', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      [`GET ${DRAFT}`]: () => ({ body: draftView() }),
      [`PUT ${DRAFT}`]: savedDraft,
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Lesson' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Save Lesson' }));
    expect(await screen.findByText('3. New Lesson')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect((saves(calls)[0].body as CourseContent).lessons[2]).toMatchObject({ title: 'New Lesson', order: 3 });
    expect((saves(calls)[0].body as CourseContent).lessons[2].id).toBeUndefined();

    fireEvent.change(screen.getByLabelText(/Instructor/), { target: { value: 'Grace' } });
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    await waitFor(() => expect(saves(calls)).toHaveLength(2));
    expect((saves(calls)[1].body as CourseContent).lessons[2]).toMatchObject({ id: 102, title: 'New Lesson' });
  });
});

describe('course edit page: draft against published', () => {
  it('marks the outline per lesson and lists the changes with the content diff', async () => {
    fakeApi({ 'GET /api/auth/me': meAsAdmin, [`GET ${DRAFT}`]: () => ({ body: edited }) });
    renderPage();
    expect(await screen.findByText('Draft differs from published')).toBeTruthy();
    const outline = screen.getByRole('list', { name: 'Lessons' });
    const rows = within(outline).getAllByTestId('lesson-row');
    expect(within(rows[0]).getByText('Changed')).toBeTruthy();
    expect(within(rows[1]).queryByText(/Changed|New|Moved/)).toBeNull();
    expect(within(rows[2]).getByText('New')).toBeTruthy();
    const removed = screen.getByRole('region', { name: /Removed in the draft/ });
    expect(within(removed).getByText('3. Old welcome')).toBeTruthy();
    expect(within(removed).getByText('Removed')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changes' });
    const details = within(dialog).getByRole('region', { name: 'Course details changes' });
    expect(within(details).getByText('Traffic Basics').tagName).toBe('DEL');
    expect(within(details).getByText('Traffic Basics, revised').tagName).toBe('INS');
    const diff = within(dialog).getByLabelText('Content changes');
    expect(within(diff).getByText('Hi').tagName).toBe('DEL');
    expect(within(diff).getByText('Hello there').tagName).toBe('INS');
    expect(within(dialog).getByText('Changed: content')).toBeTruthy();
  });

  it('publishes only the chosen changes, with the notification choice, and shows the new state', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      [`GET ${DRAFT}`]: () => ({ body: edited }),
      'POST /api/admin/courses/7/publish': () => ({
        body: {
          revision: { number: 3, createdAt: '2026-11-22T11:00:00Z', author: 'admin@example.com', source: 'publish', summary: '', changes: NO_CHANGES },
          draft: draftView({ revision: 3 }),
        },
      }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish draft' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Bonus (New)' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Course details' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Notify enrolled learners' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish now' }));

    expect(await screen.findByText('Published: revision 3')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/courses/7/publish')[0].body).toEqual({ lessonIds: [70, 69], details: false, notify: true });
    expect(await screen.findByText('Up to date')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Publish draft' })).toBeNull();
  });

  it('publishes the whole draft when every change stays chosen', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      [`GET ${DRAFT}`]: () => ({ body: edited }),
      'POST /api/admin/courses/7/publish': () => ({ status: 409, body: { code: 'CONFLICT', message: 'Nothing to publish' } }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Publish draft' })).getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText('Could not publish: Nothing to publish')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/courses/7/publish')[0].body).toEqual({ notify: false });
  });

  it('schedules a publish at the typed time of the site time zone, then shows it with a way to cancel it', async () => {
    const schedule = {
      id: 5,
      at: '2030-01-15T09:30:00Z',
      lessonIds: null,
      details: true,
      notify: false,
      createdBy: 'admin@example.com',
      createdAt: '2026-11-22T10:00:00Z',
    };
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      [`GET ${DRAFT}`]: () => ({ body: edited }),
      'POST /api/admin/courses/7/publish-schedule': () => ({ body: schedule }),
      'DELETE /api/admin/courses/7/publish-schedule': () => ({ body: edited }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule publish' });
    expect(within(dialog).getByText(/Time zone: /)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Publish at/), { target: { value: '2030-01-15T09:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule publish' }));

    expect(await screen.findByText(/Publish scheduled for Jan 15, 2030/, { selector: '.MuiAlert-message' })).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/courses/7/publish-schedule')[0].body).toEqual({ at: '2030-01-15T09:30', notify: false });

    fireEvent.click(screen.getByRole('button', { name: 'Cancel schedule' }));
    expect(await screen.findByText('Scheduled publish cancelled')).toBeTruthy();
    expect(callsTo(calls, 'DELETE', '/api/admin/courses/7/publish-schedule')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel schedule' })).toBeNull());
  });

  it('discards the draft only after the confirmation', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      [`GET ${DRAFT}`]: () => ({ body: edited }),
      [`DELETE ${DRAFT}`]: () => ({ body: draftView() }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Discard draft' }));
    const confirm = await screen.findByRole('dialog', { name: 'Discard draft' });
    expect(callsTo(calls, 'DELETE', DRAFT)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Draft discarded')).toBeTruthy();
    expect(callsTo(calls, 'DELETE', DRAFT)).toHaveLength(1);
    expect(await screen.findByText('Up to date')).toBeTruthy();
    expect((screen.getByLabelText(/Course Title/) as HTMLInputElement).value).toBe('Traffic Basics');
  });

  it('restores a revision from the history as the draft after the confirmation', async () => {
    const revisions: RevisionView[] = [
      {
        number: 2,
        createdAt: '2026-11-20T10:00:00Z',
        author: 'admin@example.com',
        source: 'publish',
        summary: "Changed lesson 'Intro' (content)",
        changes: NO_CHANGES,
      },
      { number: 1, createdAt: '2026-11-01T10:00:00Z', author: null, source: 'baseline', summary: 'First version', changes: NO_CHANGES },
    ];
    const restored = draftView({ hasDraft: true, draft: { ...published, title: 'Traffic Basics (v1)' }, changes: { ...NO_CHANGES, differs: true } });
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      [`GET ${DRAFT}`]: () => ({ body: draftView() }),
      'GET /api/admin/courses/7/revisions': () => ({ body: revisions }),
      'POST /api/admin/courses/7/revisions/1/restore': () => ({ body: restored }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'History' }));
    const history = await screen.findByRole('dialog', { name: 'History' });
    const rows = await within(history).findAllByRole('listitem');
    expect(within(rows[0]).getByText("Changed lesson 'Intro' (content)", { exact: false })).toBeTruthy();
    expect(within(rows[1]).getByText(/Revision 1/)).toBeTruthy();
    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Restore as draft' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Restore revision 1 as draft' })).getByRole('button', { name: 'Restore' }));

    expect(await screen.findByText('Revision 1 restored as the draft')).toBeTruthy();
    expect(callsTo(calls, 'POST', '/api/admin/courses/7/revisions/1/restore')).toHaveLength(1);
    expect(await screen.findByDisplayValue('Traffic Basics (v1)')).toBeTruthy();
    expect(screen.getByText('Draft differs from published')).toBeTruthy();
  });

  it('opens the preview link in a new tab once unsaved edits are saved', async () => {
    const tab = { location: { href: '' }, opener: {}, close: vi.fn() } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(tab);
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      [`GET ${DRAFT}`]: () => ({ body: draftView() }),
      [`PUT ${DRAFT}`]: savedDraft,
      'POST /api/admin/courses/7/preview-link': () => ({ body: { url: '/preview/abc', token: 'abc', expiresAt: '2026-11-22T12:00:00Z' } }),
    });
    renderPage();
    fireEvent.change(await screen.findByLabelText(/Instructor/), { target: { value: 'Grace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview as learner' }));
    await waitFor(() => expect(tab.location.href).toBe('/preview/abc'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    const order = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(order).toEqual([`PUT ${DRAFT}`, 'POST /api/admin/courses/7/preview-link']);
    open.mockRestore();
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { AdminContext, defaultI18nProvider, Notification } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, dataProvider, type Course } from '../../api';
import { fakeApi, meAsAdmin, storeAdminSession } from '../../test/fakeApi';
import { server } from '../../test/server';
import CourseEditPage from '../CourseEditPage';

const course: Course = {
  id: 7,
  title: 'Traffic Basics',
  description: 'Where visitors come from',
  instructor: 'Ada',
  thumbnail: '',
  duration: '2h 0m',
  category: 'Traffic',
  status: 'draft',
  price: 0,
  totalLessons: 3,
  lessonsCount: 1,
  students: 0,
  rating: 0,
  ratingsCount: 0,
  revenue: 0,
  createdDate: '2026-11-01',
  lastUpdated: '2026-11-01',
  lessons: [{ id: 70, title: 'Intro', type: 'text', duration: '10 min', content: '<p>Hi</p>', videoUrl: null, pdfUrl: null, order: 1, published: true }],
};

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

const puts = (calls: ReturnType<typeof fakeApi>['calls']) => calls.filter((c) => c.method === 'PUT');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStorage.clear();
  storeAdminSession();
});
afterEach(() => vi.useRealTimers());

describe('course edit page autosave', () => {
  it('saves the whole course at the next 30 s tick after an edit without pressing Save, shows Saved! for 2 s, and then stays quiet', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/courses/7': () => ({ body: course }),
      'PUT /api/admin/courses/7': (body) => ({ body: { ...(body as Course), lastUpdated: '2026-11-22' } }),
    });
    renderPage();
    const title = await screen.findByLabelText(/Course Title/);

    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(puts(calls)).toHaveLength(0);

    fireEvent.change(title, { target: { value: 'Traffic Basics, revised' } });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    // The autosave ticks every 30 s: the next tick after the edit saves it.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0].body).toMatchObject({ id: 7, title: 'Traffic Basics, revised', lessons: [{ id: 70, title: 'Intro', order: 1 }] });
    expect(await screen.findByRole('button', { name: 'Saved!' })).toBeTruthy();
    expect(screen.queryByText('Unsaved changes')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(2_100));
    expect(screen.getByRole('button', { name: 'Save Course' })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(puts(calls)).toHaveLength(1);
  });

  it("reports the server's error as 'Error saving course: {server error}' and keeps the changes for the next try", async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/courses/7': () => ({ body: course }),
      'PUT /api/admin/courses/7': () => ({ status: 400, body: { statusCode: 400, message: 'Title is required', errors: { title: 'Title is required' } } }),
    });
    renderPage();
    fireEvent.change(await screen.findByLabelText(/Course Title/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Course' }));
    expect(await screen.findByText('Error saving course: Title is required')).toBeTruthy();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(30_500));
    expect(puts(calls)).toHaveLength(2);
  });

  it("says 'Error saving course. Please try again.' when the server cannot be reached", async () => {
    fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/courses/7': () => ({ body: course }),
    });
    renderPage();
    fireEvent.change(await screen.findByLabelText(/Instructor/), { target: { value: 'Grace' } });
    server.use(http.put('/api/admin/courses/7', () => HttpResponse.error(), { once: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Course' }));
    expect(await screen.findByText('Error saving course. Please try again.')).toBeTruthy();
  });
});

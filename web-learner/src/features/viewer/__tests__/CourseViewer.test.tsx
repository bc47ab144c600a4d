import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Course, Lesson } from '../../../api/types';
import { aCourse } from './fixtures';
import { CourseViewerPage } from '../CourseViewerPage';
import { setSiteTimeZone } from '../../../i18n/format';
import { recordRequests, server, type SentRequest } from '../../../test/server';
import { courseProgress, lessonNavigation, upNext, visibleLessons } from '../lessonNavigation';

const lesson = (id: number, type: Lesson['type'], extra: Partial<Lesson> = {}): Lesson => ({
  id,
  title: `Lesson ${id} title`,
  type,
  duration: '5 min',
  content: '<p>Body</p>',
  videoUrl: type === 'video' ? 'https://www.youtube-nocookie.com/embed/x' : null,
  pdfUrl: type === 'pdf' ? '/media/guide.pdf' : null,
  order: id,
  published: true,
  completed: false,
  ...extra,
});

describe('lesson navigation rules', () => {
  const lessons = [lesson(11, 'video'), lesson(12, 'text'), lesson(13, 'pdf')];

  it('disables Previous at the first and Next at the last lesson', () => {
    expect(lessonNavigation(lessons, 11)).toMatchObject({ position: 1, total: 3, previous: null, next: { id: 12 } });
    expect(lessonNavigation(lessons, 12)).toMatchObject({ position: 2, previous: { id: 11 }, next: { id: 13 } });
    expect(lessonNavigation(lessons, 13)).toMatchObject({ position: 3, previous: { id: 12 }, next: null });
  });

  it('falls back to the first lesson when the chosen one is missing, and has nothing without lessons', () => {
    expect(lessonNavigation(lessons, 99).current?.id).toBe(11);
    expect(lessonNavigation(lessons, null).current?.id).toBe(11);
    expect(lessonNavigation([], 1)).toEqual({ current: null, position: 0, total: 0, previous: null, next: null });
  });

  it('offers the next open lesson as "Up next", or the first locked one to say when it opens', () => {
    const dripped = [lesson(1, 'text'), lesson(2, 'text', { locked: true }), lesson(3, 'text'), lesson(4, 'text', { locked: true })];
    expect(upNext(dripped, 1)).toEqual({ open: expect.objectContaining({ id: 3 }) });
    expect(upNext(dripped, 3)).toEqual({ locked: expect.objectContaining({ id: 4 }) });
    expect(upNext(dripped, 4)).toBeNull();
  });

  it('treats a lesson as published unless it says false, and counts progress', () => {
    const mixed = [lesson(1, 'text'), lesson(2, 'text', { published: false }), lesson(3, 'text', { published: undefined, completed: true })];
    expect(visibleLessons(mixed).map((l) => l.id)).toEqual([1, 3]);
    expect(courseProgress(visibleLessons(mixed))).toEqual({ completed: 1, total: 2, percent: 50 });
  });
});

describe('course viewer', () => {
  let course: Course;
  let sent: SentRequest[];

  beforeEach(() => {
    course = aCourse({
      id: 7,
      title: 'Traffic Arbitrage',
      lessons: [lesson(11, 'video'), lesson(12, 'text', { content: '<p>Read me</p><img src="x" onerror="alert(1)">' }), lesson(13, 'pdf')],
    });
    const complete = ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => {
      const id = Number(params.lessonId);
      const done = request.method === 'POST';
      course.lessons = course.lessons.map((l) => (l.id === id ? { ...l, completed: done } : l));
      const n = course.lessons.filter((l) => l.completed).length;
      return HttpResponse.json({
        success: true,
        lessonId: id,
        completed: done,
        completedLessons: n,
        totalLessons: 3,
        progress: Math.round((n / 3) * 100),
        courseCompleted: n === 3,
      });
    };
    server.use(
      http.post('/api/courses/:courseId/lessons/:lessonId/complete', complete),
      http.delete('/api/courses/:courseId/lessons/:lessonId/complete', complete),
      http.get('/api/courses/7', () => HttpResponse.json({ success: true, course })),
      http.all('/api/*', () => HttpResponse.json({}, { status: 404 })),
    );
    sent = recordRequests();
  });

  function renderViewer(path = '/course/7') {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/course/:courseId', element: <CourseViewerPage /> }], { initialEntries: [path] });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it('moves with Previous and Next and disables them at the ends', async () => {
    const user = userEvent.setup();
    renderViewer();
    expect(await screen.findByText('Lesson 1 of 3')).toBeTruthy();
    const previous = screen.getByRole('button', { name: /Previous Lesson/ }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: /Next Lesson/ }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    expect(next.disabled).toBe(false);
    expect(screen.getByTitle('Video: Lesson 11 title')).toBeTruthy();

    await user.click(next);
    expect(screen.getByText('Lesson 2 of 3')).toBeTruthy();
    expect(previous.disabled).toBe(false);
    expect(screen.getByText('Read me')).toBeTruthy();
    // DOMPurify removed the handler.
    expect(document.querySelector('.lesson-content img')?.getAttribute('onerror')).toBeNull();

    await user.click(next);
    expect(screen.getByText('Lesson 3 of 3')).toBeTruthy();
    expect(next.disabled).toBe(true);
    expect(screen.getByRole('link', { name: /Open PDF/ }).getAttribute('href')).toBe('/media/guide.pdf');

    await user.click(previous);
    expect(screen.getByText('Lesson 2 of 3')).toBeTruthy();
  });

  it('groups the lessons by type and jumps to a lesson from the sidebar', async () => {
    const user = userEvent.setup();
    renderViewer('/course/7?lesson=999');
    expect(await screen.findByText('Lesson 1 of 3')).toBeTruthy();
    const sidebar = screen.getByRole('navigation', { name: 'Course Content' });
    for (const group of ['Video Lessons', 'Text Lessons', 'PDF Lessons']) expect(within(sidebar).getByText(group)).toBeTruthy();
    await user.click(within(sidebar).getByRole('button', { name: /Lesson 13 title/ }));
    expect(screen.getByText('Lesson 3 of 3')).toBeTruthy();
  });

  it('persists Mark as Complete and updates the tick and progress at once', async () => {
    const user = userEvent.setup();
    renderViewer();
    await screen.findByText('Lesson 1 of 3');
    expect(screen.getByTestId('progress-count').textContent).toBe('0 / 3 lessons');
    await user.click(screen.getByRole('button', { name: /Mark as Complete/ }));
    expect(await screen.findByRole('button', { name: /Completed/ })).toBeTruthy();
    expect(screen.getByTestId('progress-count').textContent).toBe('1 / 3 lessons');
    expect(screen.getByTestId('progress-percent').textContent).toBe('33%');
    expect(within(screen.getByRole('navigation', { name: 'Course Content' })).getByRole('button', { name: /Lesson 11 title.*\(completed\)/ })).toBeTruthy();
    expect(sent.map((request) => `${request.method} ${request.path}`)).toContain('POST /api/courses/7/lessons/11/complete');
  });

  it('after a lesson, does not offer a drip-locked one as "Up next": it says when that lesson opens, drawn as an icon', async () => {
    setSiteTimeZone('UTC');
    course.lessons = [lesson(11, 'text'), lesson(12, 'text', { locked: true, opensAt: '2026-11-29T09:00:00.000Z', content: undefined })];
    const user = userEvent.setup();
    renderViewer();
    await screen.findByText('Lesson 1 of 2');
    // The sidebar's lock is a drawn icon, not an emoji that needs an emoji font.
    const locked = within(screen.getByRole('navigation', { name: 'Course Content' })).getByRole('button', { name: /Lesson 12 title/ });
    expect(locked.querySelector('svg')).not.toBeNull();
    expect(locked.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    await user.click(screen.getByRole('button', { name: /Mark as Complete/ }));
    const status = await screen.findByText(/Lesson complete\. The next lesson/);
    expect(status.textContent).toBe('Lesson complete. The next lesson, Lesson 12 title, opens on Nov 29, 2026, 9:00 AM UTC.');
    expect(screen.queryByText(/Up next/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Continue to the next lesson/ })).toBeNull();
  });

  it('shows the empty state when the course has no lessons', async () => {
    course.lessons = [];
    renderViewer();
    expect(await screen.findByText('No Lessons Available', { selector: 'h2' })).toBeTruthy();
    expect(screen.getByText('Course content is being prepared. Check back soon!')).toBeTruthy();
  });
  it('says the course is locked, with the outline and a way to get access, when the account has no access', async () => {
    const user = userEvent.setup();
    course.hasAccess = false;
    course.lessons = [11, 12].map((id) => ({ id, title: `Lesson ${id} title`, type: 'text' as const, duration: '5 min', order: id }));
    renderViewer();
    expect(await screen.findByText('Lifetime access required')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get access' }).getAttribute('href')).toBe('/payment');
    expect(screen.queryByRole('button', { name: /Mark as Complete/ })).toBeNull();
    await user.click(within(screen.getByRole('navigation', { name: 'Course Content' })).getByRole('button', { name: /Lesson 12 title/ }));
    expect(screen.getByText('Lesson 2 of 2')).toBeTruthy();
    expect(sent.every((request) => request.path === '/api/courses/7')).toBe(true);
  });
});

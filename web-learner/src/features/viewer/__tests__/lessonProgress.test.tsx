import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../../api/queries';
import type { Course, CourseSummary, Lesson } from '../../../api/types';
import { recordRequests, server, type SentRequest } from '../../../test/server';
import { aCourse, aCourseSummary } from './fixtures';
import { useToggleLessonCompleted } from '../api/useToggleLessonCompleted';
import { CourseViewerPage } from '../CourseViewerPage';

const textLesson = (id: number, extra: Partial<Lesson> = {}): Lesson => ({
  id,
  title: `Lesson ${id} title`,
  type: 'text',
  duration: '5 min',
  content: `<p>Body of ${id}</p>`,
  order: id,
  published: true,
  completed: false,
  ...extra,
});

const completion = (lessonId: number, completed: boolean, completedLessons: number) => ({
  success: true,
  lessonId,
  completed,
  completedLessons,
  totalLessons: 3,
  progress: Math.round((completedLessons / 3) * 100),
  courseCompleted: completedLessons === 3,
});

describe('lesson progress in the course viewer', () => {
  let course: Course;
  let client: QueryClient;
  let sent: SentRequest[];
  const courseList: CourseSummary[] = [aCourseSummary({ id: 7, title: 'Traffic Arbitrage' })];
  const cachedCourse = () => client.getQueryData<Course>(queryKeys.course(7))!;

  beforeEach(() => {
    course = aCourse({ id: 7, title: 'Traffic Arbitrage', lessons: [textLesson(11), textLesson(12, { positionSeconds: 40 }), textLesson(13)] });
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(queryKeys.courses, courseList);
    server.use(
      http.get('/api/courses/7', () => HttpResponse.json({ success: true, course })),
      http.all('/api/*', () => HttpResponse.json({ success: true })),
    );
    sent = recordRequests();
  });
  const calls = () => sent.map((request) => `${request.method} ${request.path}`);

  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

  function renderViewer() {
    const router = createMemoryRouter([{ path: '/course/:courseId', element: <CourseViewerPage /> }], { initialEntries: ['/course/7'] });
    render(<RouterProvider router={router} />, { wrapper });
  }

  it('ticks the lesson at once, takes the progress from the server, then refreshes the course list', async () => {
    client.setQueryData(queryKeys.course(7), course);
    let answer!: (response: Response) => void;
    server.use(http.post('/api/courses/7/lessons/11/complete', () => new Promise<Response>((resolve) => (answer = resolve))));
    const { result } = renderHook(() => useToggleLessonCompleted(7), { wrapper });

    act(() => result.current.mutate({ lessonId: 11, completed: true }));
    await waitFor(() => expect(cachedCourse().lessons[0]!.completed).toBe(true));
    expect(client.getQueryState(queryKeys.courses)?.isInvalidated).toBe(false);

    answer(HttpResponse.json(completion(11, true, 1)));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(cachedCourse()).toMatchObject({ progress: 33, completedLessons: 1 });
    expect(client.getQueryState(queryKeys.courses)?.isInvalidated).toBe(true);
    expect(calls()).toContain('POST /api/courses/7/lessons/11/complete');
  });

  it('unticks with DELETE', async () => {
    client.setQueryData(queryKeys.course(7), { ...course, lessons: [textLesson(11, { completed: true })] });
    server.use(http.delete('/api/courses/7/lessons/11/complete', () => HttpResponse.json(completion(11, false, 0))));
    const { result } = renderHook(() => useToggleLessonCompleted(7), { wrapper });
    act(() => result.current.mutate({ lessonId: 11, completed: false }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(cachedCourse().lessons[0]!.completed).toBe(false);
    expect(calls()).toContain('DELETE /api/courses/7/lessons/11/complete');
  });

  it('puts the tick back and says why when the server refuses', async () => {
    const user = userEvent.setup();
    course.lastLessonId = 11;
    server.use(
      http.post('/api/courses/7/lessons/:lessonId/complete', () => HttpResponse.json({ statusCode: 500, message: 'Progress is unavailable' }, { status: 500 })),
    );
    renderViewer();
    await screen.findByText('Lesson 1 of 3');
    await user.click(screen.getByRole('button', { name: /Mark as Complete/ }));

    expect((await screen.findByRole('alert')).textContent).toBe('Could not save your progress: Progress is unavailable');
    expect(screen.getByRole('button', { name: /Mark as Complete/ }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('progress-count').textContent).toBe('0 / 3 lessons');
    expect(cachedCourse().lessons[0]!.completed).toBe(false);
    expect(client.getQueryState(queryKeys.courses)?.isInvalidated).toBe(true);
  });

  it('remembers each lesson opened (with its saved position) once, but not the one already remembered', async () => {
    const user = userEvent.setup();
    course.lastLessonId = 11;
    renderViewer();
    await screen.findByText('Lesson 1 of 3');
    expect(sent.map((request) => request.path).filter((path) => !/\/(reviews|questions)$/.test(path))).toEqual(['/api/courses/7']);

    await user.click(screen.getByRole('button', { name: /Next Lesson/ }));
    await waitFor(() => expect(cachedCourse().lastLessonId).toBe(12));
    const saves = sent.filter((request) => request.path.endsWith('/position'));
    expect(saves.map((request) => `${request.method} ${request.path}`)).toEqual(['PUT /api/courses/7/lessons/12/position']);
    expect(await saves[0]!.json()).toEqual({ seconds: 40 });
  });
});

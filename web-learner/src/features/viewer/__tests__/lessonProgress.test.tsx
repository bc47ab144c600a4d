import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../api/queries';
import type { Course, CourseSummary, Lesson } from '../../../api/types';
import { aCourse, aCourseSummary } from './fixtures';
import { useToggleLessonCompleted } from '../api/useToggleLessonCompleted';
import { CourseViewerPage } from '../CourseViewerPage';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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
  const fetchMock = vi.fn();
  const courseList: CourseSummary[] = [aCourseSummary({ id: 7, title: 'Traffic Arbitrage' })];
  const cachedCourse = () => client.getQueryData<Course>(queryKeys.course(7))!;

  beforeEach(() => {
    course = aCourse({ id: 7, title: 'Traffic Arbitrage', lessons: [textLesson(11), textLesson(12, { positionSeconds: 40 }), textLesson(13)] });
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(queryKeys.courses, courseList);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (url: string) => (url === '/api/courses/7' ? json({ success: true, course }) : json({ success: true })));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

  function renderViewer() {
    const router = createMemoryRouter([{ path: '/course/:courseId', element: <CourseViewerPage /> }], { initialEntries: ['/course/7'] });
    render(<RouterProvider router={router} />, { wrapper });
  }

  it('ticks the lesson at once, takes the progress from the server, then refreshes the course list', async () => {
    client.setQueryData(queryKeys.course(7), course);
    let answer!: (response: Response) => void;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useToggleLessonCompleted(7), { wrapper });

    act(() => result.current.mutate({ lessonId: 11, completed: true }));
    await waitFor(() => expect(cachedCourse().lessons[0]!.completed).toBe(true));
    expect(client.getQueryState(queryKeys.courses)?.isInvalidated).toBe(false);

    answer(json(completion(11, true, 1)));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(cachedCourse()).toMatchObject({ progress: 33, completedLessons: 1 });
    expect(client.getQueryState(queryKeys.courses)?.isInvalidated).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith('/api/courses/7/lessons/11/complete', expect.objectContaining({ method: 'POST' }));
  });

  it('unticks with DELETE', async () => {
    client.setQueryData(queryKeys.course(7), { ...course, lessons: [textLesson(11, { completed: true })] });
    fetchMock.mockImplementation(async () => json(completion(11, false, 0)));
    const { result } = renderHook(() => useToggleLessonCompleted(7), { wrapper });
    act(() => result.current.mutate({ lessonId: 11, completed: false }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(cachedCourse().lessons[0]!.completed).toBe(false);
    expect(fetchMock).toHaveBeenCalledWith('/api/courses/7/lessons/11/complete', expect.objectContaining({ method: 'DELETE' }));
  });

  it('puts the tick back and says why when the server refuses', async () => {
    const user = userEvent.setup();
    course.lastLessonId = 11;
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/courses/7' ? json({ success: true, course }) : json({ statusCode: 500, message: 'Progress is unavailable' }, 500),
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
    expect(fetchMock.mock.calls.map(([url]) => url).filter((url) => !/\/(reviews|questions)$/.test(String(url)))).toEqual(['/api/courses/7']);

    await user.click(screen.getByRole('button', { name: /Next Lesson/ }));
    await waitFor(() => expect(cachedCourse().lastLessonId).toBe(12));
    const saves = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/position'));
    expect(saves).toHaveLength(1);
    expect(saves[0]![0]).toBe('/api/courses/7/lessons/12/position');
    expect(saves[0]![1]).toMatchObject({ method: 'PUT', body: JSON.stringify({ seconds: 40 }) });
  });
});

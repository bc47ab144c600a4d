import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CoursePreview, Lesson, QuizSubmission } from '../../../api/types';
import { routes } from '../../../app/router';
import { setSiteTimeZone } from '../../../i18n/format';
import { recordRequests, server, type SentRequest } from '../../../test/server';
import { PreviewPage } from '../PreviewPage';
import { aChoiceQuestion, aCourse, aLearnerQuiz } from './fixtures';

const TOKEN = 'signed.preview-token';
const API = `/api/preview/${TOKEN}`;

const lesson = (id: number, type: Lesson['type'], extra: Partial<Lesson> = {}): Lesson => ({
  id,
  title: `Lesson ${id} title`,
  type,
  duration: '5 min',
  content: '',
  videoUrl: null,
  pdfUrl: null,
  order: id,
  published: true,
  completed: false,
  positionSeconds: 0,
  locked: false,
  opensAt: null,
  quiz: null,
  ...extra,
});

/** The draft as GET /api/preview/{token} answers it: every lesson open, nothing completed, and when the link expires. */
const aPreview = (): CoursePreview & { success: true } => ({
  success: true,
  course: aCourse({
    id: 7,
    title: 'Traffic Arbitrage (draft)',
    lessons: [
      lesson(11, 'text', { content: '<p>The new draft wording</p>' }),
      lesson(12, 'video', { videoUrl: 'https://www.youtube-nocookie.com/embed/x', opensAt: '2099-01-05T09:00:00.000Z' }),
      lesson(13, 'quiz', { quiz: { passMark: 100, questionCount: 1, attemptsAllowed: 0, attemptsUsed: 0, passed: false, bestScore: null } }),
    ],
  }),
  preview: { expiresAt: '2026-11-29T11:00:00.000Z' },
});

const quiz = aLearnerQuiz({ lessonId: 13, questions: [aChoiceQuestion()] });

const graded: QuizSubmission = {
  success: true,
  attemptsLeft: null,
  completion: null,
  result: {
    attemptNumber: 1,
    quizVersion: 1,
    score: 100,
    passed: true,
    passMark: 100,
    correctCount: 1,
    questionCount: 1,
    submittedAt: '2026-11-20T10:00:00.000Z',
    questions: [
      {
        id: 'q1',
        kind: 'single',
        prompt: 'Which engine?',
        options: quiz.questions[0]!.options,
        correct: true,
        yourAnswer: { optionIds: ['a'] },
        rightAnswer: null,
        explanation: '',
      },
    ],
  },
};

describe('course draft preview', () => {
  let sent: SentRequest[];

  beforeEach(() => {
    setSiteTimeZone('UTC');
    localStorage.clear();
    // Only the preview routes answer: any other call (a completion, a resume point, a rating, questions) fails the test.
    server.use(
      http.get(API, () => HttpResponse.json(aPreview())),
      http.get(`${API}/lessons/13/quiz`, () => HttpResponse.json(quiz)),
      http.post(`${API}/lessons/13/quiz`, () => HttpResponse.json(graded)),
    );
    sent = recordRequests();
  });

  function renderPreview(path = `/preview/${TOKEN}`) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/preview/:token', element: <PreviewPage /> }], { initialEntries: [path] });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it('shows the draft in the learner viewer under a Preview banner, read-only, with drip dates instead of locks', async () => {
    const user = userEvent.setup();
    renderPreview();
    expect(await screen.findByText('The new draft wording')).toBeTruthy();
    const banner = screen.getByRole('region', { name: 'Preview' });
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    expect(banner.textContent).toContain('You are previewing the draft of this course. Nothing you do here is recorded.');
    expect(banner.textContent).toContain('This link works until Nov 29, 2026, 11:00 AM UTC.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Traffic Arbitrage (draft)');
    expect(screen.getByText('Lesson 1 of 3')).toBeTruthy();

    // Nothing here records anything: no completion, progress, questions, rating, nor a way back to a learner's courses.
    expect(screen.queryByRole('button', { name: /Mark as Complete/ })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Questions' })).toBeNull();
    expect(screen.queryByText('Rate this course')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Back to courses' })).toBeNull();

    // A drip lesson is readable, and says when learners get it.
    const sidebar = screen.getByRole('navigation', { name: 'Course Content' });
    expect(within(sidebar).getByRole('button', { name: /Lesson 12 title/ }).textContent).toContain('Opens on Jan 5, 2099');
    await user.click(screen.getByRole('button', { name: /Next Lesson/ }));
    expect(screen.getByText('Lesson 2 of 3')).toBeTruthy();
    expect(screen.getByTitle('Video: Lesson 12 title')).toBeTruthy();
    expect(screen.getByText(/Learners who buy today can open this lesson on Jan 5, 2099, 9:00 AM UTC/)).toBeTruthy();

    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([`GET ${API}`]);
  });

  it('grades a quiz through the preview route and says the attempt was not recorded', async () => {
    const user = userEvent.setup();
    renderPreview(`/preview/${TOKEN}?lesson=13`);
    await user.click(await screen.findByRole('radio', { name: 'Google' }));
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect((await screen.findByText(/^Passed: 100%/)).getAttribute('role')).toBe('status');
    expect(screen.getByText('Preview: this attempt was not recorded.')).toBeTruthy();

    const submitted = sent.filter((request) => request.method === 'POST');
    expect(submitted.map((request) => request.path)).toEqual([`${API}/lessons/13/quiz`]);
    expect(await submitted[0]!.json()).toEqual({ answers: [{ questionId: 'q1', optionIds: ['a'] }] });
    expect(sent.every((request) => request.path.startsWith(API))).toBe(true);
  });

  it('says an expired or forged link is not valid, with the way home', async () => {
    server.use(http.get(API, () => HttpResponse.json({ code: 'NOT_FOUND', message: 'This preview link has expired or is not valid' }, { status: 404 })));
    renderPreview();
    expect((await screen.findByRole('alert')).textContent).toContain('This preview link has expired or is not valid');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Preview unavailable');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('region', { name: 'Preview' })).toBeNull();
  });

  it('opens from the app’s routes without a session', async () => {
    const router = createMemoryRouter(routes, { initialEntries: [`/preview/${TOKEN}`] });
    // The screens' code loads first (lazy pages): the render is awaited.
    await act(async () => {
      render(
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>,
      );
    });
    expect(await screen.findByText('The new draft wording')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Preview' })).toBeTruthy();
    expect(sent.map((request) => request.path)).toEqual([API]);
  });
});

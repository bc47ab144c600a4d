import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LearnerQuiz, QuizAttemptResult } from '../../../api/types';
import { server } from '../../../test/server';
import { QuizPanel } from '../QuizPanel';
import { aChoiceQuestion, aLearnerQuiz } from './fixtures';

const QUIZ_URL = '/api/courses/7/lessons/21/quiz';

function failedAttempt(attemptNumber: number): QuizAttemptResult {
  return {
    attemptNumber,
    quizVersion: 1,
    score: 50,
    passed: false,
    passMark: 100,
    correctCount: 1,
    questionCount: 2,
    submittedAt: '2026-11-20T10:00:00.000Z',
    questions: [
      { id: 'q1', kind: 'single', prompt: 'Which engine?', options: [], correct: true, yourAnswer: { optionIds: ['a'] }, rightAnswer: null, explanation: '' },
      {
        id: 'q2',
        kind: 'true_false',
        prompt: 'Backlinks matter?',
        options: [],
        correct: false,
        yourAnswer: { value: false },
        rightAnswer: null,
        explanation: '',
      },
    ],
  };
}

describe('quiz panel', () => {
  let quiz: LearnerQuiz;
  let submitted: unknown[];

  beforeEach(() => {
    submitted = [];
    quiz = aLearnerQuiz({
      lessonId: 21,
      attemptsAllowed: 3,
      attemptsLeft: 3,
      questions: [aChoiceQuestion(), { id: 'q2', kind: 'true_false', prompt: 'Backlinks matter?', options: [] }],
    });
    server.use(
      http.get(QUIZ_URL, () => HttpResponse.json(quiz)),
      http.post(`${QUIZ_URL}/attempts`, async ({ request }) => {
        submitted.push(await request.json());
        const result = failedAttempt(submitted.length);
        quiz = { ...quiz, attemptsUsed: submitted.length, attemptsLeft: 3 - submitted.length, lastAttempt: result };
        return HttpResponse.json({ success: true, result, attemptsLeft: quiz.attemptsLeft, completion: null });
      }),
      http.all('/api/*', () => HttpResponse.json({}, { status: 404 })),
    );
  });

  const renderPanel = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <QuizPanel source={{ kind: 'course', courseId: 7 }} lessonId={21} />
      </QueryClientProvider>,
    );

  it('does not submit while questions are unanswered, and says which', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Submit answers' }));
    expect(screen.getByRole('alert').textContent).toContain('Answer every question before you submit: 2 questions are unanswered.');
    expect(screen.getAllByText('Not answered yet')).toHaveLength(2);

    await user.click(screen.getByRole('radio', { name: 'Google' }));
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(screen.getByRole('alert').textContent).toContain('1 question is unanswered.');
    expect(screen.getByRole('group', { name: '2. Backlinks matter?' }).getAttribute('aria-invalid')).toBe('true');
    expect(submitted).toEqual([]);
  });

  it('after a failed attempt, "Try again" brings back the questions, cleared, and submits nothing', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('radio', { name: 'Google' }));
    await user.click(screen.getByRole('radio', { name: 'False' }));
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/^Not passed: 50%/);
    expect(submitted).toHaveLength(1);
    expect(screen.queryByRole('radio')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(submitted).toHaveLength(1);
    expect(screen.queryByText(/Not passed/)).toBeNull();
    expect((screen.getByRole('radio', { name: 'Google' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('radio', { name: 'False' }) as HTMLInputElement).checked).toBe(false);

    // Submitting the cleared form straight away is stopped too: an empty attempt never reaches the server.
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(screen.getByRole('alert').textContent).toContain('2 questions are unanswered.');
    expect(submitted).toHaveLength(1);
  });

  it('sends the version it shows; a quiz the author changed meanwhile is not graded as a mix: the new questions load, the old answers go', async () => {
    const changed = 'This quiz was updated since you opened it (now version 2). Reload it to answer the new questions.';
    server.use(
      http.post(`${QUIZ_URL}/attempts`, async ({ request }) => {
        submitted.push(await request.json());
        quiz = aLearnerQuiz({ lessonId: 21, quizVersion: 2, questions: [{ id: 'n1', kind: 'true_false', prompt: 'A new question?', options: [] }] });
        return HttpResponse.json({ success: false, code: 'QUIZ_CHANGED', message: changed }, { status: 409 });
      }),
    );
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('radio', { name: 'Google' }));
    await user.click(screen.getByRole('radio', { name: 'False' }));
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(submitted).toEqual([expect.objectContaining({ quizVersion: 1 })]);
    expect((await screen.findByRole('alert')).textContent).toBe(changed);
    expect(await screen.findByRole('group', { name: '1. A new question?' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Google' })).toBeNull();
    expect((screen.getByRole('radio', { name: 'False' }) as HTMLInputElement).checked).toBe(false);
  });
});

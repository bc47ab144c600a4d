import { describe, expect, it } from 'vitest';
import type { Quiz } from '../../../api';
import { newQuiz, quizProblem } from '../QuizEditor';

const quiz = (questions: Quiz['questions'], passMark = 70): Quiz => ({ ...newQuiz(), passMark, questions });
const question = (over: Partial<Quiz['questions'][number]>): Quiz['questions'][number] => ({
  kind: 'single',
  prompt: 'Pick one',
  options: [
    { text: 'A', correct: true },
    { text: 'B', correct: false },
  ],
  answer: null,
  acceptedAnswers: [],
  explanation: '',
  ...over,
});

describe('quizProblem: what the author must fix before saving a quiz lesson', () => {
  it('accepts a complete quiz of every kind', () => {
    expect(
      quizProblem(
        quiz([
          question({}),
          question({
            kind: 'multiple',
            options: [
              { text: 'A', correct: true },
              { text: 'B', correct: true },
            ],
          }),
          question({ kind: 'true_false', options: [], answer: false }),
          question({ kind: 'short', options: [], acceptedAnswers: ['SEO'] }),
        ]),
      ),
    ).toBeUndefined();
  });

  it('names the first problem', () => {
    expect(quizProblem(null)).toBe('Add at least one question');
    expect(quizProblem(quiz([]))).toBe('Add at least one question');
    expect(quizProblem(quiz([question({})], 0))).toBe('The pass mark is a percent between 1 and 100');
    expect(quizProblem(quiz([question({ prompt: ' ' })]))).toBe('Question 1 needs a text');
    expect(
      quizProblem(
        quiz([
          question({
            options: [
              { text: 'A', correct: true },
              { text: 'B', correct: true },
            ],
          }),
        ]),
      ),
    ).toBe('Question 1: mark exactly one choice as correct');
    expect(
      quizProblem(
        quiz([
          question({}),
          question({
            kind: 'multiple',
            options: [
              { text: 'A', correct: false },
              { text: '', correct: false },
            ],
          }),
        ]),
      ),
    ).toBe('Question 2 needs at least two choices, each with a text');
    expect(quizProblem(quiz([question({ kind: 'true_false', options: [], answer: null })]))).toBe('Question 1: choose true or false');
    expect(quizProblem(quiz([question({ kind: 'short', options: [], acceptedAnswers: [' '] })]))).toBe('Question 1 needs an accepted answer');
  });
});

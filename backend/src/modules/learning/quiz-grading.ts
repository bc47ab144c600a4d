import { randomInt } from 'node:crypto';
import { CommonError } from '../../common/errors/common.error';
import type { FieldErrors } from '../../common/errors/domain-error';
import { normaliseShortAnswer, type QuizDefinition, type QuizQuestion } from '../courses';
import type { QuizQuestionResult } from './dto/quiz.dto';
import { LearningError } from './learning.error';

/** One answer as a learner submits it: the choices picked (single, multiple), true or false, or a short text. */
export interface GivenAnswer {
  questionId: string;
  optionIds?: string[];
  value?: boolean;
  text?: string;
}

export interface QuestionResult {
  questionId: string;
  correct: boolean;
}

export interface GradedAttempt {
  /** The answers kept with the attempt, one per answered question, in the quiz's order. */
  answers: GivenAnswer[];
  results: QuestionResult[];
  correctCount: number;
  /** Percent of the questions answered right, rounded down. */
  score: number;
  /** The exact share reaches the pass mark (2 of 3 is below 67%). */
  passed: boolean;
}

function isRight(question: QuizQuestion, answer: GivenAnswer | undefined): boolean {
  if (!answer) return false;
  switch (question.kind) {
    case 'single': {
      const picked = answer.optionIds ?? [];
      return picked.length === 1 && question.options.some((o) => o.id === picked[0] && o.correct);
    }
    case 'multiple': {
      const picked = new Set(answer.optionIds ?? []);
      const right = question.options.filter((o) => o.correct).map((o) => o.id);
      return picked.size === right.length && right.every((id) => picked.has(id));
    }
    case 'true_false':
      return typeof answer.value === 'boolean' && answer.value === question.answer;
    case 'short': {
      const given = normaliseShortAnswer(answer.text ?? '');
      return given !== '' && question.acceptedAnswers.some((a) => normaliseShortAnswer(a) === given);
    }
  }
}

/** The answer of the question's kind, or the field errors of one that does not fit it (unknown choices, a text for a choice question...). */
function checkedAnswer(question: QuizQuestion, answer: GivenAnswer, field: string, errors: FieldErrors): GivenAnswer {
  const kept: GivenAnswer = { questionId: question.id };
  if (question.kind === 'single' || question.kind === 'multiple') {
    const ids = answer.optionIds ?? [];
    const known = new Set(question.options.map((o) => o.id));
    if (answer.value !== undefined || answer.text !== undefined) errors[field] = 'Answer this question with its choices';
    else if (ids.some((id) => !known.has(id)) || new Set(ids).size !== ids.length) errors[`${field}.optionIds`] = 'Not a choice of this question';
    else if (question.kind === 'single' && ids.length > 1) errors[`${field}.optionIds`] = 'Pick one choice';
    kept.optionIds = ids;
  } else if (question.kind === 'true_false') {
    if (answer.optionIds !== undefined || answer.text !== undefined || typeof answer.value !== 'boolean') errors[field] = 'Answer true or false';
    kept.value = answer.value;
  } else {
    if (answer.optionIds !== undefined || answer.value !== undefined || typeof answer.text !== 'string') errors[field] = 'Answer with a short text';
    kept.text = (answer.text ?? '').trim();
  }
  return kept;
}

/** Whether the learner gave this question an answer: a choice picked, true or false, or some text. */
function isAnswered(answer: GivenAnswer | undefined): boolean {
  if (!answer) return false;
  if (answer.optionIds !== undefined) return answer.optionIds.length > 0;
  if (answer.text !== undefined) return answer.text.trim() !== '';
  return typeof answer.value === 'boolean';
}

/**
 * Grades a submission against the quiz, on the server: answers must belong
 * to the quiz and fit their question's kind, and every question must be
 * answered (a 400 with the fields otherwise, nothing stored: an empty or
 * half-filled form never costs an attempt).
 */
export function gradeAttempt(quiz: QuizDefinition, given: readonly GivenAnswer[]): GradedAttempt {
  const errors: FieldErrors = {};
  const byQuestion = new Map<string, GivenAnswer>();
  const questions = new Map(quiz.questions.map((q) => [q.id, q]));
  given.forEach((answer, i) => {
    const question = questions.get(answer.questionId);
    if (!question) errors[`answers.${i}.questionId`] = 'Not a question of this quiz';
    else if (byQuestion.has(question.id)) errors[`answers.${i}.questionId`] = 'This question is answered twice';
    else byQuestion.set(question.id, checkedAnswer(question, answer, `answers.${i}`, errors));
  });
  if (Object.keys(errors).length > 0) throw CommonError.fields(errors);
  const unanswered = quiz.questions.filter((q) => !isAnswered(byQuestion.get(q.id)));
  if (unanswered.length > 0)
    throw LearningError.quizIncomplete(
      unanswered.map((q) => q.id),
      quiz.questions.length,
    );

  const results = quiz.questions.map((q) => ({ questionId: q.id, correct: isRight(q, byQuestion.get(q.id)) }));
  const correctCount = results.filter((r) => r.correct).length;
  const total = quiz.questions.length;
  return {
    answers: quiz.questions.flatMap((q) => byQuestion.get(q.id) ?? []),
    results,
    correctCount,
    score: total === 0 ? 0 : Math.floor((correctCount * 100) / total),
    passed: total > 0 && correctCount * 100 >= quiz.passMark * total,
  };
}

/** A copy in a random order (Fisher-Yates with a cryptographic source, so learners cannot predict it). */
export function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** What a learner sees of a question before answering: its kind, prompt and choices. Nothing says which answer is right. */
export interface QuestionForLearner {
  id: string;
  kind: QuizQuestion['kind'];
  prompt: string;
  options: Array<{ id: string; text: string }>;
}

export function questionsForLearner(quiz: QuizDefinition): QuestionForLearner[] {
  const order = quiz.shuffle ? shuffled(quiz.questions) : quiz.questions;
  return order.map((q) => ({
    id: q.id,
    kind: q.kind,
    prompt: q.prompt,
    options: (quiz.shuffle ? shuffled(q.options) : q.options).map((o) => ({ id: o.id, text: o.text })),
  }));
}

/** The right answer of a question, shown once the learner passed or has no attempt left. */
export function answerKey(question: QuizQuestion): { optionIds?: string[]; value?: boolean; acceptedAnswers?: string[] } {
  if (question.kind === 'single' || question.kind === 'multiple') return { optionIds: question.options.filter((o) => o.correct).map((o) => o.id) };
  if (question.kind === 'true_false') return { value: question.answer ?? undefined };
  return { acceptedAnswers: question.acceptedAnswers };
}

/** An attempt's answers question by question, in the order of the quiz they answered, with its explanations; the right answers only when `reveal`. */
export function questionResults(
  quiz: QuizDefinition,
  answers: readonly GivenAnswer[],
  results: readonly QuestionResult[],
  reveal: boolean,
): QuizQuestionResult[] {
  const given = new Map(answers.map((a) => [a.questionId, a]));
  const right = new Map(results.map((r) => [r.questionId, r.correct]));
  return quiz.questions.map((q) => {
    const answer = given.get(q.id);
    return {
      id: q.id,
      kind: q.kind,
      prompt: q.prompt,
      options: q.options.map((o) => ({ id: o.id, text: o.text })),
      correct: right.get(q.id) ?? false,
      yourAnswer: answer ? { optionIds: answer.optionIds, value: answer.value, text: answer.text } : null,
      rightAnswer: reveal ? answerKey(q) : null,
      explanation: q.explanation,
    };
  });
}

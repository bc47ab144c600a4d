import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedOne, typedRows } from '../../database/sql.repository';
import type { GivenAnswer, QuestionResult } from './quiz-grading';
import type {
  ICountAttemptsQuery,
  IHasPassedQuery,
  IInsertAttemptQuery,
  ILatestAttemptQuery,
  ILatestAttemptResult,
  ILessonTotalsQuery,
  IOptionPicksQuery,
  IQuestionTotalsQuery,
  IStandingsQuery,
} from './quiz.repository.types';

/** An attempt as its statements read it (generated from the schema), with the grading's shapes of its jsonb answers and results. */
export type QuizAttemptRow = Omit<ILatestAttemptResult, 'answers' | 'results'> & { answers: GivenAnswer[]; results: QuestionResult[] };

/** A learner's standing on one quiz lesson. */
export interface QuizStanding {
  lesson_id: number;
  attempts: number;
  passed: boolean;
  best_score: number | null;
}

export interface NewQuizAttempt {
  userId: string;
  courseId: number;
  lessonId: number;
  attemptNumber: number;
  answers: GivenAnswer[];
  results: QuestionResult[];
  score: number;
  passMark: number;
  passed: boolean;
}

/* Typed against the schema by pgtyped (npm run db:types writes quiz.repository.types.ts). */
const insertAttempt = sql<IInsertAttemptQuery>`
  INSERT INTO quiz_attempts (user_id, course_id, lesson_id, attempt_number, answers, results, score, pass_mark, passed)
  VALUES ($userId!, $courseId!, $lessonId!, $attemptNumber!, $answers!::jsonb, $results!::jsonb, $score!, $passMark!, $passed!)
  RETURNING id, attempt_number, answers, results, score, pass_mark, passed, submitted_at`;
const countAttempts = sql<ICountAttemptsQuery>`SELECT count(*)::int AS "n!" FROM quiz_attempts WHERE user_id = $userId! AND lesson_id = $lessonId!`;
const hasPassed = sql<IHasPassedQuery>`SELECT 1 AS found FROM quiz_attempts WHERE user_id = $userId! AND lesson_id = $lessonId! AND passed LIMIT 1`;
const latestAttempt = sql<ILatestAttemptQuery>`
  SELECT id, attempt_number, answers, results, score, pass_mark, passed, submitted_at FROM quiz_attempts
   WHERE user_id = $userId! AND lesson_id = $lessonId! ORDER BY attempt_number DESC LIMIT 1`;
const standings = sql<IStandingsQuery>`
  SELECT lesson_id, count(*)::int AS "attempts!", bool_or(passed) AS "passed!", max(score)::int AS best_score
    FROM quiz_attempts WHERE user_id = $userId! AND course_id = $courseId! GROUP BY lesson_id`;
const lessonTotals = sql<ILessonTotalsQuery>`
  SELECT count(*)::int AS "attempts!", count(DISTINCT user_id)::int AS "learners!", count(*) FILTER (WHERE passed)::int AS "passes!",
         round(avg(score), 1)::float8 AS average_score, count(DISTINCT user_id) FILTER (WHERE passed)::int AS "passed_learners!"
    FROM quiz_attempts WHERE lesson_id = $lessonId!`;
const questionTotals = sql<IQuestionTotalsQuery>`
  SELECT r->>'questionId' AS "question_id!", count(*)::int AS "asked!", count(*) FILTER (WHERE (r->>'correct')::boolean)::int AS "correct!"
    FROM quiz_attempts a CROSS JOIN LATERAL jsonb_array_elements(a.results) r
   WHERE a.lesson_id = $lessonId! GROUP BY 1`;
const optionPicks = sql<IOptionPicksQuery>`
  SELECT x->>'questionId' AS "question_id!", o AS "option_id!", count(*)::int AS "picked!"
    FROM quiz_attempts a CROSS JOIN LATERAL jsonb_array_elements(a.answers) x
         CROSS JOIN LATERAL jsonb_array_elements_text(coalesce(x->'optionIds', '[]'::jsonb)) o
   WHERE a.lesson_id = $lessonId! GROUP BY 1, 2`;

/** An attempt row as generated (jsonb columns) with what the grading wrote into them. */
const asAttempt = <T extends object>(row: T) => row as Omit<T, 'answers' | 'results'> & Pick<QuizAttemptRow, 'answers' | 'results'>;

/** quiz_attempts: every graded submission of a quiz lesson, with its answers and which questions were right. */
@Injectable()
export class QuizRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, a: NewQuizAttempt): Promise<QuizAttemptRow> {
    const row = await typedOne(manager, insertAttempt, {
      userId: a.userId,
      courseId: a.courseId,
      lessonId: a.lessonId,
      attemptNumber: a.attemptNumber,
      answers: JSON.stringify(a.answers),
      results: JSON.stringify(a.results),
      score: a.score,
      passMark: a.passMark,
      passed: a.passed,
    });
    return asAttempt(row!);
  }

  /** Attempts made so far; read in the caller's transaction, after the learner's course row is locked. */
  async count(manager: EntityManager, userId: string, lessonId: number): Promise<number> {
    const row = await typedOne(manager, countAttempts, { userId, lessonId });
    return row!.n;
  }

  async hasPassed(manager: EntityManager, userId: string, lessonId: number): Promise<boolean> {
    return (await typedRows(manager, hasPassed, { userId, lessonId })).length > 0;
  }

  async latest(userId: string, lessonId: number): Promise<QuizAttemptRow | undefined> {
    const row = await typedOne(this.dataSource.manager, latestAttempt, { userId, lessonId });
    return row && asAttempt(row);
  }

  /** The learner's attempts, pass and best score on each quiz lesson of a course they tried. */
  standings(userId: string, courseId: number): Promise<QuizStanding[]> {
    return typedRows(this.dataSource.manager, standings, { userId, courseId });
  }

  // Per-question statistics for the console.

  async lessonTotals(lessonId: number): Promise<{ attempts: number; learners: number; passes: number; average_score: number | null; passed_learners: number }> {
    return (await typedOne(this.dataSource.manager, lessonTotals, { lessonId }))!;
  }

  /** For each question: in how many attempts it was asked and answered right. */
  questionTotals(lessonId: number): Promise<Array<{ question_id: string; asked: number; correct: number }>> {
    return typedRows(this.dataSource.manager, questionTotals, { lessonId });
  }

  /** For each choice: in how many attempts it was picked. */
  optionPicks(lessonId: number): Promise<Array<{ question_id: string; option_id: string; picked: number }>> {
    return typedRows(this.dataSource.manager, optionPicks, { lessonId });
  }
}

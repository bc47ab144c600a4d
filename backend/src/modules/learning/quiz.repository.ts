import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedOne, typedRows } from '../../database/sql.repository';
import type { QuizDefinition } from '../courses';
import type { GivenAnswer, QuestionResult } from './quiz-grading';
import type {
  ICountAttemptsQuery,
  ICurrentQuizQuery,
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
export type QuizAttemptRow = Omit<ILatestAttemptResult, 'answers' | 'results' | 'quiz'> & { answers: GivenAnswer[]; results: QuestionResult[] };

/** An attempt with the quiz of the version it answered (null: that version was never kept). */
export type AnsweredAttempt = QuizAttemptRow & { quiz: QuizDefinition | null };

/** A quiz lesson's current version: the one learners answer now. */
export interface CurrentQuiz {
  version: number;
  quiz: QuizDefinition | null;
}

/** A learner's attempts on one quiz lesson: all of them (they number the next one) and those of one version (they count against its attempts allowed). */
export interface AttemptCounts {
  total: number;
  ofVersion: number;
}

/** A learner's standing on one quiz lesson: attempts of its current version; passed and best score over every version. */
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
  quizVersion: number;
  attemptNumber: number;
  answers: GivenAnswer[];
  results: QuestionResult[];
  score: number;
  passMark: number;
  passed: boolean;
}

/* Typed against the schema by pgtyped (npm run db:types writes quiz.repository.types.ts). */
const insertAttempt = sql<IInsertAttemptQuery>`
  INSERT INTO quiz_attempts (user_id, course_id, lesson_id, quiz_version, attempt_number, answers, results, score, pass_mark, passed)
  VALUES ($userId!, $courseId!, $lessonId!, $quizVersion!, $attemptNumber!, $answers!::jsonb, $results!::jsonb, $score!, $passMark!, $passed!)
  RETURNING id, quiz_version, attempt_number, answers, results, score, pass_mark, passed, submitted_at`;
/** The lesson's current quiz version with its definition, read in one statement so the two agree (the lesson's own quiz when the version was never kept). */
const currentQuiz = sql<ICurrentQuizQuery>`
  SELECT l.quiz_version AS version, coalesce(v.quiz, l.quiz) AS quiz
    FROM lessons l LEFT JOIN lesson_quiz_versions v ON v.lesson_id = l.id AND v.version = l.quiz_version
   WHERE l.id = $lessonId!`;
const countAttempts = sql<ICountAttemptsQuery>`
  SELECT count(*)::int AS "total!", count(*) FILTER (WHERE quiz_version = $quizVersion!)::int AS "of_version!"
    FROM quiz_attempts WHERE user_id = $userId! AND lesson_id = $lessonId!`;
const hasPassed = sql<IHasPassedQuery>`SELECT 1 AS found FROM quiz_attempts WHERE user_id = $userId! AND lesson_id = $lessonId! AND passed LIMIT 1`;
const latestAttempt = sql<ILatestAttemptQuery>`
  SELECT a.id, a.quiz_version, a.attempt_number, a.answers, a.results, a.score, a.pass_mark, a.passed, a.submitted_at, v.quiz AS "quiz?"
    FROM quiz_attempts a LEFT JOIN lesson_quiz_versions v ON v.lesson_id = a.lesson_id AND v.version = a.quiz_version
   WHERE a.user_id = $userId! AND a.lesson_id = $lessonId! ORDER BY a.attempt_number DESC LIMIT 1`;
const standings = sql<IStandingsQuery>`
  SELECT a.lesson_id, count(*) FILTER (WHERE a.quiz_version = l.quiz_version)::int AS "attempts!", bool_or(a.passed) AS "passed!",
         max(a.score)::int AS best_score
    FROM quiz_attempts a JOIN lessons l ON l.id = a.lesson_id
   WHERE a.user_id = $userId! AND a.course_id = $courseId! GROUP BY a.lesson_id`;
const lessonTotals = sql<ILessonTotalsQuery>`
  SELECT count(*)::int AS "attempts!", count(DISTINCT user_id)::int AS "learners!", count(*) FILTER (WHERE passed)::int AS "passes!",
         round(avg(score), 1)::float8 AS average_score, count(DISTINCT user_id) FILTER (WHERE passed)::int AS "passed_learners!"
    FROM quiz_attempts WHERE lesson_id = $lessonId! AND quiz_version = $quizVersion!`;
const questionTotals = sql<IQuestionTotalsQuery>`
  SELECT r->>'questionId' AS "question_id!", count(*)::int AS "asked!", count(*) FILTER (WHERE (r->>'correct')::boolean)::int AS "correct!"
    FROM quiz_attempts a CROSS JOIN LATERAL jsonb_array_elements(a.results) r
   WHERE a.lesson_id = $lessonId! AND a.quiz_version = $quizVersion! GROUP BY 1`;
const optionPicks = sql<IOptionPicksQuery>`
  SELECT x->>'questionId' AS "question_id!", o AS "option_id!", count(*)::int AS "picked!"
    FROM quiz_attempts a CROSS JOIN LATERAL jsonb_array_elements(a.answers) x
         CROSS JOIN LATERAL jsonb_array_elements_text(coalesce(x->'optionIds', '[]'::jsonb)) o
   WHERE a.lesson_id = $lessonId! AND a.quiz_version = $quizVersion! GROUP BY 1, 2`;

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
      quizVersion: a.quizVersion,
      attemptNumber: a.attemptNumber,
      answers: JSON.stringify(a.answers),
      results: JSON.stringify(a.results),
      score: a.score,
      passMark: a.passMark,
      passed: a.passed,
    });
    return asAttempt(row!);
  }

  /** The quiz learners answer now on this lesson, with its version; undefined for no such lesson. */
  async currentQuiz(manager: EntityManager | undefined, lessonId: number): Promise<CurrentQuiz | undefined> {
    const row = await typedOne(manager ?? this.dataSource.manager, currentQuiz, { lessonId });
    return row && { version: row.version, quiz: row.quiz as QuizDefinition | null };
  }

  /** Attempts made so far; read in the caller's transaction, after the learner's course row is locked. */
  async count(manager: EntityManager, userId: string, lessonId: number, quizVersion: number): Promise<AttemptCounts> {
    const row = await typedOne(manager, countAttempts, { userId, lessonId, quizVersion });
    return { total: row!.total, ofVersion: row!.of_version };
  }

  async hasPassed(manager: EntityManager, userId: string, lessonId: number): Promise<boolean> {
    return (await typedRows(manager, hasPassed, { userId, lessonId })).length > 0;
  }

  /** The learner's latest attempt, of whichever version, with that version's quiz. */
  async latest(userId: string, lessonId: number): Promise<AnsweredAttempt | undefined> {
    const row = await typedOne(this.dataSource.manager, latestAttempt, { userId, lessonId });
    return row && { ...asAttempt(row), quiz: row.quiz as QuizDefinition | null };
  }

  /** The learner's attempts (of the current version), pass and best score (of any version) on each quiz lesson of a course they tried. */
  standings(userId: string, courseId: number): Promise<QuizStanding[]> {
    return typedRows(this.dataSource.manager, standings, { userId, courseId });
  }

  // Per-question statistics of one quiz version for the console.

  async lessonTotals(
    lessonId: number,
    quizVersion: number,
  ): Promise<{ attempts: number; learners: number; passes: number; average_score: number | null; passed_learners: number }> {
    return (await typedOne(this.dataSource.manager, lessonTotals, { lessonId, quizVersion }))!;
  }

  /** For each question: in how many attempts it was asked and answered right. */
  questionTotals(lessonId: number, quizVersion: number): Promise<Array<{ question_id: string; asked: number; correct: number }>> {
    return typedRows(this.dataSource.manager, questionTotals, { lessonId, quizVersion });
  }

  /** For each choice: in how many attempts it was picked. */
  optionPicks(lessonId: number, quizVersion: number): Promise<Array<{ question_id: string; option_id: string; picked: number }>> {
    return typedRows(this.dataSource.manager, optionPicks, { lessonId, quizVersion });
  }
}

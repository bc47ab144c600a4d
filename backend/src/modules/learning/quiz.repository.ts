import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryOne, queryRows } from '../../database/sql.repository';
import type { GivenAnswer, QuestionResult } from './quiz-grading';

export interface QuizAttemptRow {
  id: string;
  attempt_number: number;
  answers: GivenAnswer[];
  results: QuestionResult[];
  score: number;
  pass_mark: number;
  passed: boolean;
  submitted_at: Date;
}

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

/** quiz_attempts: every graded submission of a quiz lesson, with its answers and which questions were right. */
@Injectable()
export class QuizRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, a: NewQuizAttempt): Promise<QuizAttemptRow> {
    const row = await queryOne<QuizAttemptRow>(
      manager,
      `INSERT INTO quiz_attempts (user_id, course_id, lesson_id, attempt_number, answers, results, score, pass_mark, passed)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8, $9)
       RETURNING id, attempt_number, answers, results, score, pass_mark, passed, submitted_at`,
      [a.userId, a.courseId, a.lessonId, a.attemptNumber, JSON.stringify(a.answers), JSON.stringify(a.results), a.score, a.passMark, a.passed],
    );
    return row!;
  }

  /** Attempts made so far; read in the caller's transaction, after the learner's course row is locked. */
  async count(manager: EntityManager, userId: string, lessonId: number): Promise<number> {
    const row = await queryOne<{ n: number }>(manager, `SELECT count(*)::int AS n FROM quiz_attempts WHERE user_id = $1 AND lesson_id = $2`, [
      userId,
      lessonId,
    ]);
    return row!.n;
  }

  async hasPassed(manager: EntityManager, userId: string, lessonId: number): Promise<boolean> {
    return (await queryRows(manager, `SELECT 1 FROM quiz_attempts WHERE user_id = $1 AND lesson_id = $2 AND passed LIMIT 1`, [userId, lessonId])).length > 0;
  }

  latest(userId: string, lessonId: number): Promise<QuizAttemptRow | undefined> {
    return queryOne<QuizAttemptRow>(
      this.dataSource.manager,
      `SELECT id, attempt_number, answers, results, score, pass_mark, passed, submitted_at FROM quiz_attempts
        WHERE user_id = $1 AND lesson_id = $2 ORDER BY attempt_number DESC LIMIT 1`,
      [userId, lessonId],
    );
  }

  /** The learner's attempts, pass and best score on each quiz lesson of a course they tried. */
  standings(userId: string, courseId: number): Promise<QuizStanding[]> {
    return queryRows<QuizStanding>(
      this.dataSource.manager,
      `SELECT lesson_id, count(*)::int AS attempts, bool_or(passed) AS passed, max(score)::int AS best_score
         FROM quiz_attempts WHERE user_id = $1 AND course_id = $2 GROUP BY lesson_id`,
      [userId, courseId],
    );
  }

  // Per-question statistics for the console.

  async lessonTotals(lessonId: number): Promise<{ attempts: number; learners: number; passes: number; average_score: number | null; passed_learners: number }> {
    const row = await queryOne<{ attempts: number; learners: number; passes: number; average_score: number | null; passed_learners: number }>(
      this.dataSource.manager,
      `SELECT count(*)::int AS attempts, count(DISTINCT user_id)::int AS learners, count(*) FILTER (WHERE passed)::int AS passes,
              round(avg(score), 1)::float8 AS average_score, count(DISTINCT user_id) FILTER (WHERE passed)::int AS passed_learners
         FROM quiz_attempts WHERE lesson_id = $1`,
      [lessonId],
    );
    return row!;
  }

  /** For each question: in how many attempts it was asked and answered right. */
  questionTotals(lessonId: number): Promise<Array<{ question_id: string; asked: number; correct: number }>> {
    return queryRows(
      this.dataSource.manager,
      `SELECT r->>'questionId' AS question_id, count(*)::int AS asked, count(*) FILTER (WHERE (r->>'correct')::boolean)::int AS correct
         FROM quiz_attempts a CROSS JOIN LATERAL jsonb_array_elements(a.results) r
        WHERE a.lesson_id = $1 GROUP BY 1`,
      [lessonId],
    );
  }

  /** For each choice: in how many attempts it was picked. */
  optionPicks(lessonId: number): Promise<Array<{ question_id: string; option_id: string; picked: number }>> {
    return queryRows(
      this.dataSource.manager,
      `SELECT x->>'questionId' AS question_id, o AS option_id, count(*)::int AS picked
         FROM quiz_attempts a CROSS JOIN LATERAL jsonb_array_elements(a.answers) x
              CROSS JOIN LATERAL jsonb_array_elements_text(coalesce(x->'optionIds', '[]'::jsonb)) o
        WHERE a.lesson_id = $1 GROUP BY 1, 2`,
      [lessonId],
    );
  }
}

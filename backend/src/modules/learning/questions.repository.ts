import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type {
  IAllQuestionsQuery,
  IDeleteQuestionQuery,
  IInsertQuestionQuery,
  ILockQuestionQuery,
  IMarkQuestionAnsweredQuery,
  IQuestionByIdQuery,
  IQuestionByIdResult,
  IQuestionsOfLessonQuery,
  IRecentQuestionsByQuery,
  ISetQuestionHiddenQuery,
  IUnansweredQuestionsQuery,
} from './questions.repository.types';

/** A post as its statements read it (generated from the schema and the select list below). */
export type QuestionRow = IQuestionByIdResult;

/*
 * Typed against the schema by pgtyped (npm run db:types writes questions.repository.types.ts). Each read of posts
 * repeats the same select list: an instructor's post (an administrator answering) speaks as the course's instructor;
 * anyone else's as their own name.
 */
const insertQuestion = sql<IInsertQuestionQuery>`
  INSERT INTO lesson_questions (course_id, lesson_id, parent_id, user_id, by_instructor, body)
  VALUES ($courseId!, $lessonId!, $parentId, $userId!, $byInstructor!, $body!) RETURNING id::text AS "id!"`;
const questionById = sql<IQuestionByIdQuery>`
  SELECT q.id::text AS "id!", q.course_id, q.lesson_id, q.parent_id::text AS parent_id, q.user_id,
         CASE WHEN q.by_instructor AND qc.instructor <> '' THEN qc.instructor ELSE u.name END AS author, q.by_instructor, q.body,
         q.hidden_at, q.answered_at, q.created_at
    FROM lesson_questions q LEFT JOIN users u ON u.id = q.user_id LEFT JOIN courses qc ON qc.id = q.course_id
   WHERE q.id = $id!`;
const lockQuestion = sql<ILockQuestionQuery>`SELECT id::text AS "id!", answered_at FROM lesson_questions WHERE id = $id! FOR UPDATE`;
const questionsOfLesson = sql<IQuestionsOfLessonQuery>`
  SELECT q.id::text AS "id!", q.course_id, q.lesson_id, q.parent_id::text AS parent_id, q.user_id,
         CASE WHEN q.by_instructor AND qc.instructor <> '' THEN qc.instructor ELSE u.name END AS author, q.by_instructor, q.body,
         q.hidden_at, q.answered_at, q.created_at
    FROM lesson_questions q LEFT JOIN users u ON u.id = q.user_id LEFT JOIN courses qc ON qc.id = q.course_id
   WHERE q.lesson_id = $lessonId! AND ($withHidden! OR q.hidden_at IS NULL)
   ORDER BY coalesce(q.parent_id, q.id) DESC, q.parent_id NULLS FIRST, q.created_at`;
const recentQuestionsBy = sql<IRecentQuestionsByQuery>`
  SELECT count(*)::int AS "n!" FROM lesson_questions WHERE user_id = $userId! AND created_at > now() - make_interval(secs => $seconds!)`;
const markQuestionAnswered = sql<IMarkQuestionAnsweredQuery>`UPDATE lesson_questions SET answered_at = now() WHERE id = $id! AND answered_at IS NULL`;
const setQuestionHidden = sql<ISetQuestionHiddenQuery>`
  UPDATE lesson_questions SET hidden_at = CASE WHEN $hidden! THEN coalesce(hidden_at, now()) ELSE NULL END WHERE id = $id!`;
const deleteQuestion = sql<IDeleteQuestionQuery>`DELETE FROM lesson_questions WHERE id = $id! RETURNING id`;
const unansweredQuestions = sql<IUnansweredQuestionsQuery>`
  SELECT x.*, count(*) OVER ()::int AS "total!" FROM (
    SELECT q.id::text AS "id!", q.course_id, q.lesson_id, q.parent_id::text AS parent_id, q.user_id,
           CASE WHEN q.by_instructor AND qc.instructor <> '' THEN qc.instructor ELSE u.name END AS author, q.by_instructor, q.body,
           q.hidden_at, q.answered_at, q.created_at, c.title AS course_title, l.title AS lesson_title
      FROM lesson_questions q JOIN courses c ON c.id = q.course_id JOIN lessons l ON l.id = q.lesson_id
           LEFT JOIN users u ON u.id = q.user_id LEFT JOIN courses qc ON qc.id = q.course_id
     WHERE q.parent_id IS NULL AND q.answered_at IS NULL AND q.hidden_at IS NULL) x
  ORDER BY x.created_at ASC, x."id!" LIMIT $limit! OFFSET $offset!`;
const allQuestions = sql<IAllQuestionsQuery>`
  SELECT x.*, count(*) OVER ()::int AS "total!" FROM (
    SELECT q.id::text AS "id!", q.course_id, q.lesson_id, q.parent_id::text AS parent_id, q.user_id,
           CASE WHEN q.by_instructor AND qc.instructor <> '' THEN qc.instructor ELSE u.name END AS author, q.by_instructor, q.body,
           q.hidden_at, q.answered_at, q.created_at, c.title AS course_title, l.title AS lesson_title
      FROM lesson_questions q JOIN courses c ON c.id = q.course_id JOIN lessons l ON l.id = q.lesson_id
           LEFT JOIN users u ON u.id = q.user_id LEFT JOIN courses qc ON qc.id = q.course_id
     WHERE q.parent_id IS NULL) x
  ORDER BY x.created_at DESC, x."id!" LIMIT $limit! OFFSET $offset!`;

/** lesson_questions: questions under a lesson (parent_id NULL) and their replies (one level). */
@Injectable()
export class QuestionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(
    manager: EntityManager,
    q: { courseId: number; lessonId: number; parentId: string | null; userId: string; byInstructor: boolean; body: string },
  ): Promise<QuestionRow> {
    const row = await typedOne(manager, insertQuestion, q);
    return (await this.find(row!.id, manager))!;
  }

  find(id: string, manager: EntityManager = this.dataSource.manager): Promise<QuestionRow | undefined> {
    return typedOne(manager, questionById, { id });
  }

  lock(manager: EntityManager, id: string): Promise<{ id: string; answered_at: Date | null } | undefined> {
    return typedOne(manager, lockQuestion, { id });
  }

  /** A lesson's questions and replies, oldest reply first; hidden posts only when `withHidden`. */
  ofLesson(lessonId: number, withHidden: boolean): Promise<QuestionRow[]> {
    return typedRows(this.dataSource.manager, questionsOfLesson, { lessonId, withHidden });
  }

  /** How many posts the user made in the last `seconds` (the rate limit). */
  async recentBy(manager: EntityManager, userId: string, seconds: number): Promise<number> {
    const row = await typedOne(manager, recentQuestionsBy, { userId, seconds });
    return row!.n;
  }

  async markAnswered(manager: EntityManager, id: string): Promise<void> {
    await typedExecute(manager, markQuestionAnswered, { id });
  }

  async setHidden(manager: EntityManager, id: string, hidden: boolean): Promise<void> {
    await typedExecute(manager, setQuestionHidden, { id, hidden });
  }

  async delete(manager: EntityManager, id: string): Promise<boolean> {
    return (await typedRows(manager, deleteQuestion, { id })).length > 0;
  }

  /** The console's list: questions (not replies), the unanswered ones only when asked (oldest first), else all of them (newest first). */
  list(unanswered: boolean, limit: number, offset: number): Promise<Array<QuestionRow & { total: number; course_title: string; lesson_title: string }>> {
    return typedRows(this.dataSource.manager, unanswered ? unansweredQuestions : allQuestions, { limit, offset });
  }
}

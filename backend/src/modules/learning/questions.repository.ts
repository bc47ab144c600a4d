import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { execute, queryOne, queryRows } from '../../database/sql.repository';

export interface QuestionRow {
  id: string;
  course_id: number;
  lesson_id: number;
  parent_id: string | null;
  user_id: string | null;
  author: string | null;
  by_instructor: boolean;
  body: string;
  hidden_at: Date | null;
  answered_at: Date | null;
  created_at: Date;
}

/** An instructor's post (an administrator answering) speaks as the course's instructor; anyone else's as their own name. */
const SELECT = `SELECT q.id::text AS id, q.course_id, q.lesson_id, q.parent_id::text AS parent_id, q.user_id,
                       CASE WHEN q.by_instructor AND qc.instructor <> '' THEN qc.instructor ELSE u.name END AS author, q.by_instructor, q.body,
                       q.hidden_at, q.answered_at, q.created_at
                  FROM lesson_questions q LEFT JOIN users u ON u.id = q.user_id LEFT JOIN courses qc ON qc.id = q.course_id`;

/** lesson_questions: questions under a lesson (parent_id NULL) and their replies (one level). */
@Injectable()
export class QuestionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(
    manager: EntityManager,
    q: { courseId: number; lessonId: number; parentId: string | null; userId: string; byInstructor: boolean; body: string },
  ): Promise<QuestionRow> {
    const row = await queryOne<{ id: string }>(
      manager,
      `INSERT INTO lesson_questions (course_id, lesson_id, parent_id, user_id, by_instructor, body) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id`,
      [q.courseId, q.lessonId, q.parentId, q.userId, q.byInstructor, q.body],
    );
    return (await this.find(row!.id, manager))!;
  }

  find(id: string, manager: EntityManager = this.dataSource.manager): Promise<QuestionRow | undefined> {
    return queryOne<QuestionRow>(manager, `${SELECT} WHERE q.id = $1`, [id]);
  }

  lock(manager: EntityManager, id: string): Promise<{ id: string; answered_at: Date | null } | undefined> {
    return queryOne(manager, `SELECT id::text AS id, answered_at FROM lesson_questions WHERE id = $1 FOR UPDATE`, [id]);
  }

  /** A lesson's questions and replies, oldest reply first; hidden posts only when `withHidden`. */
  ofLesson(lessonId: number, withHidden: boolean): Promise<QuestionRow[]> {
    return queryRows<QuestionRow>(
      this.dataSource.manager,
      `${SELECT} WHERE q.lesson_id = $1 AND ($2 OR q.hidden_at IS NULL) ORDER BY coalesce(q.parent_id, q.id) DESC, q.parent_id NULLS FIRST, q.created_at`,
      [lessonId, withHidden],
    );
  }

  /** How many posts the user made in the last `seconds` (the rate limit). */
  async recentBy(manager: EntityManager, userId: string, seconds: number): Promise<number> {
    const row = await queryOne<{ n: number }>(
      manager,
      `SELECT count(*)::int AS n FROM lesson_questions WHERE user_id = $1 AND created_at > now() - make_interval(secs => $2)`,
      [userId, seconds],
    );
    return row!.n;
  }

  async markAnswered(manager: EntityManager, id: string): Promise<void> {
    await execute(manager, `UPDATE lesson_questions SET answered_at = now() WHERE id = $1 AND answered_at IS NULL`, [id]);
  }

  async setHidden(manager: EntityManager, id: string, hidden: boolean): Promise<void> {
    await execute(manager, `UPDATE lesson_questions SET hidden_at = CASE WHEN $2 THEN coalesce(hidden_at, now()) ELSE NULL END WHERE id = $1`, [id, hidden]);
  }

  async delete(manager: EntityManager, id: string): Promise<boolean> {
    return (await queryRows(manager, `DELETE FROM lesson_questions WHERE id = $1 RETURNING id`, [id])).length > 0;
  }

  /** The console's list: questions (not replies), the unanswered ones only when asked, oldest first. */
  list(unanswered: boolean, limit: number, offset: number): Promise<Array<QuestionRow & { total: number; course_title: string; lesson_title: string }>> {
    return queryRows(
      this.dataSource.manager,
      `SELECT x.*, count(*) OVER ()::int AS total FROM (
         ${SELECT.replace('FROM lesson_questions q', ', c.title AS course_title, l.title AS lesson_title FROM lesson_questions q JOIN courses c ON c.id = q.course_id JOIN lessons l ON l.id = q.lesson_id')}
         WHERE q.parent_id IS NULL AND (NOT $1 OR (q.answered_at IS NULL AND q.hidden_at IS NULL))) x
       ORDER BY x.created_at ${unanswered ? 'ASC' : 'DESC'}, x.id LIMIT $2 OFFSET $3`,
      [unanswered, limit, offset],
    );
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { execute, queryOne, queryRows } from '../../database/sql.repository';

export interface LessonProgressRow {
  lesson_id: number;
  completed: boolean;
  last_position_seconds: number;
}

/**
 * lesson_progress, course_enrollments and course_completions: a learner's
 * completions and resume positions, who started which course, and who
 * completed it. Counts of published lessons join the catalogue's lessons
 * and courses read-only (progress is always derived from what is published).
 */
@Injectable()
export class ProgressRepository {
  constructor(private readonly dataSource: DataSource) {}

  lessonProgress(
    manager: EntityManager,
    userId: string,
    lessonId: number,
  ): Promise<{ completed_at: Date | null; first_completed_at: Date | null } | undefined> {
    return queryOne(manager, `SELECT completed_at, first_completed_at FROM lesson_progress WHERE user_id = $1 AND lesson_id = $2`, [userId, lessonId]);
  }

  async markCompleted(manager: EntityManager, userId: string, courseId: number, lessonId: number): Promise<void> {
    await execute(
      manager,
      `INSERT INTO lesson_progress (user_id, lesson_id, course_id, completed_at, first_completed_at)
       VALUES ($1, $2, $3, now(), now())
       ON CONFLICT (user_id, lesson_id) DO UPDATE
         SET completed_at = now(), first_completed_at = coalesce(lesson_progress.first_completed_at, now()), updated_at = now()`,
      [userId, lessonId, courseId],
    );
  }

  async markNotCompleted(manager: EntityManager, userId: string, lessonId: number): Promise<void> {
    await execute(
      manager,
      `UPDATE lesson_progress SET completed_at = NULL, updated_at = now() WHERE user_id = $1 AND lesson_id = $2 AND completed_at IS NOT NULL`,
      [userId, lessonId],
    );
  }

  async savePosition(manager: EntityManager, userId: string, courseId: number, lessonId: number, seconds: number): Promise<void> {
    await execute(
      manager,
      `INSERT INTO lesson_progress (user_id, lesson_id, course_id, last_position_seconds) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, lesson_id) DO UPDATE SET last_position_seconds = EXCLUDED.last_position_seconds, updated_at = now()`,
      [userId, lessonId, courseId, seconds],
    );
  }

  /** Published lessons of the course, and how many of them the learner completed. */
  async courseTally(manager: EntityManager, userId: string, courseId: number): Promise<{ total: number; done: number }> {
    const row = await queryOne<{ total: number; done: number }>(
      manager,
      `SELECT count(*)::int AS total, count(p.completed_at)::int AS done
         FROM lessons l LEFT JOIN lesson_progress p ON p.lesson_id = l.id AND p.user_id = $1
        WHERE l.course_id = $2 AND l.published`,
      [userId, courseId],
    );
    return row!;
  }

  /** True the first time. */
  async recordCompletion(manager: EntityManager, userId: string, courseId: number): Promise<boolean> {
    const rows = await queryRows(manager, `INSERT INTO course_completions (user_id, course_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING course_id`, [
      userId,
      courseId,
    ]);
    return rows.length > 0;
  }

  /** True the first time the learner opens the course. */
  async enroll(manager: EntityManager, userId: string, courseId: number): Promise<boolean> {
    const rows = await queryRows(manager, `INSERT INTO course_enrollments (user_id, course_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING course_id`, [
      userId,
      courseId,
    ]);
    return rows.length > 0;
  }

  /** Serialises the learner's writes to one course (the enrollment row lock). */
  async lockEnrollment(manager: EntityManager, userId: string, courseId: number): Promise<void> {
    await execute(manager, `SELECT 1 FROM course_enrollments WHERE user_id = $1 AND course_id = $2 FOR UPDATE`, [userId, courseId]);
  }

  async isEnrolled(manager: EntityManager, userId: string, courseId: number): Promise<boolean> {
    return (await queryRows(manager, `SELECT 1 FROM course_enrollments WHERE user_id = $1 AND course_id = $2`, [userId, courseId])).length > 0;
  }

  async touch(manager: EntityManager, userId: string, courseId: number, lessonId: number): Promise<void> {
    await execute(manager, `UPDATE course_enrollments SET last_lesson_id = $3, last_opened_at = now() WHERE user_id = $1 AND course_id = $2`, [
      userId,
      courseId,
      lessonId,
    ]);
  }

  enrollment(userId: string, courseId: number): Promise<{ last_lesson_id: number | null } | undefined> {
    return queryOne(this.dataSource.manager, `SELECT last_lesson_id FROM course_enrollments WHERE user_id = $1 AND course_id = $2`, [userId, courseId]);
  }

  lessonStates(userId: string, courseId: number): Promise<LessonProgressRow[]> {
    return queryRows<LessonProgressRow>(
      this.dataSource.manager,
      `SELECT lesson_id, completed_at IS NOT NULL AS completed, last_position_seconds FROM lesson_progress WHERE user_id = $1 AND course_id = $2`,
      [userId, courseId],
    );
  }

  /** Completed published lessons per course for one learner. */
  completedByCourse(userId: string): Promise<Array<{ course_id: number; n: number }>> {
    return queryRows(
      this.dataSource.manager,
      `SELECT p.course_id, count(*)::int AS n
         FROM lesson_progress p JOIN lessons l ON l.id = p.lesson_id AND l.published
        WHERE p.user_id = $1 AND p.completed_at IS NOT NULL
        GROUP BY p.course_id`,
      [userId],
    );
  }

  /** Published lessons (of published courses) the learner has opened or completed, and how many there are. */
  async accessed(userId: string): Promise<{ accessed: number; total: number }> {
    const row = await queryOne<{ accessed: number; total: number }>(
      this.dataSource.manager,
      `SELECT (SELECT count(*) FROM lesson_progress p JOIN lessons l ON l.id = p.lesson_id JOIN courses c ON c.id = l.course_id
                WHERE p.user_id = $1 AND l.published AND c.status = 'published')::int AS accessed,
              (SELECT count(*) FROM lessons l JOIN courses c ON c.id = l.course_id WHERE l.published AND c.status = 'published')::int AS total`,
      [userId],
    );
    return row!;
  }

  completedCourseCounts(userIds: string[]): Promise<Array<{ user_id: string; n: number }>> {
    return queryRows(this.dataSource.manager, `SELECT user_id, count(*)::int AS n FROM course_completions WHERE user_id = ANY($1::uuid[]) GROUP BY user_id`, [
      userIds,
    ]);
  }

  /** The learner's most recently opened courses (published ones only), newest first. */
  recentEnrollments(userId: string, limit: number): Promise<Array<{ course_id: number; last_lesson_id: number | null }>> {
    return queryRows(
      this.dataSource.manager,
      `SELECT e.course_id, e.last_lesson_id FROM course_enrollments e JOIN courses c ON c.id = e.course_id AND c.status = 'published'
        WHERE e.user_id = $1 ORDER BY e.last_opened_at DESC LIMIT ${Number(limit)}`,
      [userId],
    );
  }

  completedLessonIds(userId: string, courseId: number): Promise<Array<{ lesson_id: number }>> {
    return queryRows(this.dataSource.manager, `SELECT lesson_id FROM lesson_progress WHERE user_id = $1 AND course_id = $2 AND completed_at IS NOT NULL`, [
      userId,
      courseId,
    ]);
  }
}

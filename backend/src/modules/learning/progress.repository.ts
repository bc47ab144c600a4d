import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type {
  IAccessedLessonsOfQuery,
  IAccessedLessonsQuery,
  ICompletedByCourseQuery,
  ICompletedCourseCountsQuery,
  ICompletedLessonIdsQuery,
  ICourseTallyQuery,
  IEnrollQuery,
  IEnrollmentQuery,
  IIsEnrolledQuery,
  ILessonProgressQuery,
  ILessonStatesQuery,
  ILockEnrollmentQuery,
  IMarkCompletedQuery,
  IMarkNotCompletedQuery,
  IRecentEnrollmentsQuery,
  IRecordCompletionQuery,
  ISavePositionQuery,
  ITouchEnrollmentQuery,
} from './progress.repository.types';

export interface LessonProgressRow {
  lesson_id: number;
  completed: boolean;
  last_position_seconds: number;
}

/* Typed against the schema by pgtyped (npm run db:types writes progress.repository.types.ts). */
const lessonProgress = sql<ILessonProgressQuery>`SELECT completed_at, first_completed_at FROM lesson_progress WHERE user_id = $userId! AND lesson_id = $lessonId!`;
const markCompleted = sql<IMarkCompletedQuery>`
  INSERT INTO lesson_progress (user_id, lesson_id, course_id, completed_at, first_completed_at)
  VALUES ($userId!, $lessonId!, $courseId!, now(), now())
  ON CONFLICT (user_id, lesson_id) DO UPDATE
    SET completed_at = now(), first_completed_at = coalesce(lesson_progress.first_completed_at, now()), updated_at = now()`;
const markNotCompleted = sql<IMarkNotCompletedQuery>`
  UPDATE lesson_progress SET completed_at = NULL, updated_at = now() WHERE user_id = $userId! AND lesson_id = $lessonId! AND completed_at IS NOT NULL`;
const savePosition = sql<ISavePositionQuery>`
  INSERT INTO lesson_progress (user_id, lesson_id, course_id, last_position_seconds) VALUES ($userId!, $lessonId!, $courseId!, $seconds!)
  ON CONFLICT (user_id, lesson_id) DO UPDATE SET last_position_seconds = EXCLUDED.last_position_seconds, updated_at = now()`;
const courseTally = sql<ICourseTallyQuery>`
  SELECT count(*)::int AS "total!", count(p.completed_at)::int AS "done!"
    FROM lessons l LEFT JOIN lesson_progress p ON p.lesson_id = l.id AND p.user_id = $userId!
   WHERE l.course_id = $courseId! AND l.published`;
const recordCompletion = sql<IRecordCompletionQuery>`
  INSERT INTO course_completions (user_id, course_id) VALUES ($userId!, $courseId!) ON CONFLICT DO NOTHING RETURNING course_id`;
const enroll = sql<IEnrollQuery>`INSERT INTO course_enrollments (user_id, course_id) VALUES ($userId!, $courseId!) ON CONFLICT DO NOTHING RETURNING course_id`;
const lockEnrollment = sql<ILockEnrollmentQuery>`SELECT 1 AS locked FROM course_enrollments WHERE user_id = $userId! AND course_id = $courseId! FOR UPDATE`;
const isEnrolled = sql<IIsEnrolledQuery>`SELECT 1 AS enrolled FROM course_enrollments WHERE user_id = $userId! AND course_id = $courseId!`;
const touchEnrollment = sql<ITouchEnrollmentQuery>`
  UPDATE course_enrollments SET last_lesson_id = $lessonId!, last_opened_at = now() WHERE user_id = $userId! AND course_id = $courseId!`;
const enrollment = sql<IEnrollmentQuery>`SELECT last_lesson_id FROM course_enrollments WHERE user_id = $userId! AND course_id = $courseId!`;
const lessonStates = sql<ILessonStatesQuery>`
  SELECT lesson_id, completed_at IS NOT NULL AS "completed!", last_position_seconds FROM lesson_progress WHERE user_id = $userId! AND course_id = $courseId!`;
const completedByCourse = sql<ICompletedByCourseQuery>`
  SELECT p.course_id, count(*)::int AS "n!"
    FROM lesson_progress p JOIN lessons l ON l.id = p.lesson_id AND l.published
   WHERE p.user_id = $userId! AND p.completed_at IS NOT NULL
   GROUP BY p.course_id`;
const accessedLessons = sql<IAccessedLessonsQuery>`
  SELECT (SELECT count(*) FROM lesson_progress p JOIN lessons l ON l.id = p.lesson_id JOIN courses c ON c.id = l.course_id
           WHERE p.user_id = $userId! AND l.published AND c.status = 'published')::int AS "accessed!",
         (SELECT count(*) FROM lessons l JOIN courses c ON c.id = l.course_id WHERE l.published AND c.status = 'published')::int AS "total!"`;
const accessedLessonsOf = sql<IAccessedLessonsOfQuery>`
  SELECT u.user_id AS "user_id!",
         (SELECT count(*) FROM lesson_progress p JOIN lessons l ON l.id = p.lesson_id JOIN courses c ON c.id = l.course_id
           WHERE p.user_id = u.user_id AND l.published AND c.status = 'published')::int AS "accessed!",
         (SELECT count(*) FROM lessons l JOIN courses c ON c.id = l.course_id WHERE l.published AND c.status = 'published')::int AS "total!"
    FROM unnest($userIds!::uuid[]) AS u(user_id)`;
const completedCourseCounts = sql<ICompletedCourseCountsQuery>`
  SELECT user_id, count(*)::int AS "n!" FROM course_completions WHERE user_id = ANY($userIds!::uuid[]) GROUP BY user_id`;
const recentEnrollments = sql<IRecentEnrollmentsQuery>`
  SELECT e.course_id, e.last_lesson_id FROM course_enrollments e JOIN courses c ON c.id = e.course_id AND c.status = 'published'
   WHERE e.user_id = $userId! ORDER BY e.last_opened_at DESC LIMIT $limit!`;
const completedLessonIds = sql<ICompletedLessonIdsQuery>`
  SELECT lesson_id FROM lesson_progress WHERE user_id = $userId! AND course_id = $courseId! AND completed_at IS NOT NULL`;

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
    return typedOne(manager, lessonProgress, { userId, lessonId });
  }

  async markCompleted(manager: EntityManager, userId: string, courseId: number, lessonId: number): Promise<void> {
    await typedExecute(manager, markCompleted, { userId, lessonId, courseId });
  }

  async markNotCompleted(manager: EntityManager, userId: string, lessonId: number): Promise<void> {
    await typedExecute(manager, markNotCompleted, { userId, lessonId });
  }

  async savePosition(manager: EntityManager, userId: string, courseId: number, lessonId: number, seconds: number): Promise<void> {
    await typedExecute(manager, savePosition, { userId, lessonId, courseId, seconds });
  }

  /** Published lessons of the course, and how many of them the learner completed. */
  async courseTally(manager: EntityManager, userId: string, courseId: number): Promise<{ total: number; done: number }> {
    return (await typedOne(manager, courseTally, { userId, courseId }))!;
  }

  /** True the first time. */
  async recordCompletion(manager: EntityManager, userId: string, courseId: number): Promise<boolean> {
    return (await typedRows(manager, recordCompletion, { userId, courseId })).length > 0;
  }

  /** True the first time the learner opens the course. */
  async enroll(manager: EntityManager, userId: string, courseId: number): Promise<boolean> {
    return (await typedRows(manager, enroll, { userId, courseId })).length > 0;
  }

  /** Serialises the learner's writes to one course (the enrollment row lock). */
  async lockEnrollment(manager: EntityManager, userId: string, courseId: number): Promise<void> {
    await typedExecute(manager, lockEnrollment, { userId, courseId });
  }

  async isEnrolled(manager: EntityManager, userId: string, courseId: number): Promise<boolean> {
    return (await typedRows(manager, isEnrolled, { userId, courseId })).length > 0;
  }

  async touch(manager: EntityManager, userId: string, courseId: number, lessonId: number): Promise<void> {
    await typedExecute(manager, touchEnrollment, { userId, courseId, lessonId });
  }

  enrollment(userId: string, courseId: number): Promise<{ last_lesson_id: number | null } | undefined> {
    return typedOne(this.dataSource.manager, enrollment, { userId, courseId });
  }

  lessonStates(userId: string, courseId: number): Promise<LessonProgressRow[]> {
    return typedRows(this.dataSource.manager, lessonStates, { userId, courseId });
  }

  /** Completed published lessons per course for one learner. */
  completedByCourse(userId: string): Promise<Array<{ course_id: number; n: number }>> {
    return typedRows(this.dataSource.manager, completedByCourse, { userId });
  }

  /** Published lessons (of published courses) the learner has opened or completed, and how many there are. */
  async accessed(userId: string): Promise<{ accessed: number; total: number }> {
    return (await typedOne(this.dataSource.manager, accessedLessons, { userId }))!;
  }

  /** The same for several learners (a page of the admin payments grid) in one query. */
  accessedOf(userIds: string[]): Promise<Array<{ user_id: string; accessed: number; total: number }>> {
    return typedRows(this.dataSource.manager, accessedLessonsOf, { userIds });
  }

  completedCourseCounts(userIds: string[]): Promise<Array<{ user_id: string; n: number }>> {
    return typedRows(this.dataSource.manager, completedCourseCounts, { userIds });
  }

  /** The learner's most recently opened courses (published ones only), newest first. */
  recentEnrollments(userId: string, limit: number): Promise<Array<{ course_id: number; last_lesson_id: number | null }>> {
    return typedRows(this.dataSource.manager, recentEnrollments, { userId, limit: Number(limit) });
  }

  completedLessonIds(userId: string, courseId: number): Promise<Array<{ lesson_id: number }>> {
    return typedRows(this.dataSource.manager, completedLessonIds, { userId, courseId });
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { ApiError } from '../../common/errors/api-error';
import { queryRows } from '../../database/query-rows';
import { TransactionRunner, type Tx } from '../../events/transaction-runner';

export interface CompletionAnswer {
  success: true;
  lessonId: number;
  completed: boolean;
  completedLessons: number;
  totalLessons: number;
  progress: number;
  courseCompleted: boolean;
}

export interface RatingAnswer {
  success: true;
  rating: number;
  myRating: number;
}

export interface LessonState {
  completed: boolean;
  positionSeconds: number;
}

export interface CourseProgress {
  completedLessons: number;
  lastLessonId: number | null;
  myRating: number | null;
  started: boolean;
}

interface LessonTarget {
  lesson_id: number;
  lesson_title: string;
  course_id: number;
  course_title: string;
  price: string;
}

type Learner = Pick<AuthUser, 'id' | 'name'>;

/** Percent of the course's published lessons completed, rounded; derived on every read so lesson changes never leave it stale. */
export function progressPercent(completed: number, total: number): number {
  return total === 0 ? 0 : Math.round((Math.min(completed, total) / total) * 100);
}

/**
 * A learner's progress: completions, resume positions, ratings and who
 * started which course. Progress percentages are always derived from the
 * currently published lessons; events go through the outbox in the same
 * transaction as the rows they describe.
 */
@Injectable()
export class ProgressService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
  ) {}

  /** Idempotent: a completed lesson stays completed and emits nothing more. */
  async complete(user: Learner, courseId: number, lessonId: number): Promise<CompletionAnswer> {
    return this.tx.run(async (tx) => {
      const target = await this.findLesson(tx.manager, courseId, lessonId);
      await this.startCourse(tx, user, target);
      const [existing] = await queryRows<{ completed_at: Date | null; first_completed_at: Date | null }>(
        tx.manager,
        `SELECT completed_at, first_completed_at FROM lesson_progress WHERE user_id = $1 AND lesson_id = $2`,
        [user.id, lessonId],
      );
      if (!existing?.completed_at) {
        await tx.manager.query(
          `INSERT INTO lesson_progress (user_id, lesson_id, course_id, completed_at, first_completed_at)
           VALUES ($1, $2, $3, now(), now())
           ON CONFLICT (user_id, lesson_id) DO UPDATE
             SET completed_at = now(), first_completed_at = coalesce(lesson_progress.first_completed_at, now()), updated_at = now()`,
          [user.id, lessonId, courseId],
        );
        // A lesson completed, un-completed and completed again counts once.
        if (!existing?.first_completed_at) {
          await tx.emit('lesson.completed', { type: 'lesson', id: lessonId }, {
            userId: user.id,
            userName: user.name,
            courseId,
            courseTitle: target.course_title,
            lessonId,
            lessonTitle: target.lesson_title,
          });
        }
      }
      await this.touch(tx.manager, user.id, courseId, lessonId);
      const answer = await this.answer(tx.manager, user.id, courseId, lessonId, true);
      if (answer.courseCompleted) {
        const inserted = await queryRows(
          tx.manager,
          `INSERT INTO course_completions (user_id, course_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING course_id`,
          [user.id, courseId],
        );
        if (inserted.length > 0) {
          await tx.emit('course.completed', { type: 'course', id: courseId }, { userId: user.id, userName: user.name, courseId, courseTitle: target.course_title });
        }
      }
      return answer;
    });
  }

  async uncomplete(user: Learner, courseId: number, lessonId: number): Promise<CompletionAnswer> {
    return this.tx.run(async (tx) => {
      const target = await this.findLesson(tx.manager, courseId, lessonId);
      await this.startCourse(tx, user, target);
      await tx.manager.query(`UPDATE lesson_progress SET completed_at = NULL, updated_at = now() WHERE user_id = $1 AND lesson_id = $2 AND completed_at IS NOT NULL`, [user.id, lessonId]);
      await this.touch(tx.manager, user.id, courseId, lessonId);
      return this.answer(tx.manager, user.id, courseId, lessonId, false);
    });
  }

  /** The last video position, for resuming. */
  async savePosition(user: Learner, courseId: number, lessonId: number, seconds: number): Promise<{ success: true; positionSeconds: number }> {
    return this.tx.run(async (tx) => {
      const target = await this.findLesson(tx.manager, courseId, lessonId);
      await this.startCourse(tx, user, target);
      await tx.manager.query(
        `INSERT INTO lesson_progress (user_id, lesson_id, course_id, last_position_seconds) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, lesson_id) DO UPDATE SET last_position_seconds = EXCLUDED.last_position_seconds, updated_at = now()`,
        [user.id, lessonId, courseId, seconds],
      );
      await this.touch(tx.manager, user.id, courseId, lessonId);
      return { success: true as const, positionSeconds: seconds };
    });
  }

  /** Only a learner who has opened the course may rate it; a new rating replaces the previous one. */
  async rate(user: Learner, courseId: number, stars: number): Promise<RatingAnswer> {
    return this.tx.run(async (tx) => {
      const course = await this.findCourse(tx.manager, courseId);
      const started = await queryRows(tx.manager, `SELECT 1 FROM course_enrollments WHERE user_id = $1 AND course_id = $2`, [user.id, courseId]);
      if (started.length === 0) throw ApiError.forbidden('Open the course before rating it');
      await tx.manager.query(
        `INSERT INTO course_ratings (user_id, course_id, stars) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, course_id) DO UPDATE SET stars = EXCLUDED.stars, rated_at = now()`,
        [user.id, courseId, stars],
      );
      await tx.emit('course.rated', { type: 'course', id: courseId }, { userId: user.id, userName: user.name, courseId, courseTitle: course.title, stars });
      const [{ rating }] = await tx.manager.query(
        `SELECT coalesce(round(avg(stars), 1), 0)::float8 AS rating FROM course_ratings WHERE course_id = $1`,
        [courseId],
      );
      return { success: true as const, rating, myRating: stars };
    });
  }

  /** The learner opened the course: they become one of its students (once). */
  async open(user: Learner, courseId: number): Promise<void> {
    await this.tx.run(async (tx) => {
      const course = await this.findCourse(tx.manager, courseId);
      await this.startCourse(tx, user, { course_id: courseId, course_title: course.title, price: course.price });
    });
  }

  /** Completed published lessons per course for one learner. */
  async completedByCourse(userId: string, courseIds?: number[]): Promise<Map<number, number>> {
    const rows: Array<{ course_id: number; n: number }> = await this.dataSource.query(
      `SELECT p.course_id, count(*)::int AS n
         FROM lesson_progress p JOIN lessons l ON l.id = p.lesson_id AND l.published
        WHERE p.user_id = $1 AND p.completed_at IS NOT NULL AND ($2::int[] IS NULL OR p.course_id = ANY($2::int[]))
        GROUP BY p.course_id`,
      [userId, courseIds ?? null],
    );
    return new Map(rows.map((r) => [r.course_id, r.n]));
  }

  async myRatings(userId: string): Promise<Map<number, number>> {
    const rows: Array<{ course_id: number; stars: number }> = await this.dataSource.query(`SELECT course_id, stars FROM course_ratings WHERE user_id = $1`, [userId]);
    return new Map(rows.map((r) => [r.course_id, r.stars]));
  }

  async courseProgress(userId: string, courseId: number): Promise<{ course: CourseProgress; lessons: Map<number, LessonState> }> {
    const [enrollment] = await this.dataSource.query(
      `SELECT e.last_lesson_id, r.stars FROM course_enrollments e LEFT JOIN course_ratings r ON r.user_id = e.user_id AND r.course_id = e.course_id
        WHERE e.user_id = $1 AND e.course_id = $2`,
      [userId, courseId],
    );
    const rows: Array<{ lesson_id: number; completed: boolean; last_position_seconds: number }> = await this.dataSource.query(
      `SELECT lesson_id, completed_at IS NOT NULL AS completed, last_position_seconds FROM lesson_progress WHERE user_id = $1 AND course_id = $2`,
      [userId, courseId],
    );
    const lessons = new Map(rows.map((r) => [r.lesson_id, { completed: r.completed, positionSeconds: r.last_position_seconds }]));
    return {
      course: {
        completedLessons: 0,
        lastLessonId: enrollment?.last_lesson_id ?? null,
        myRating: enrollment?.stars ?? null,
        started: !!enrollment,
      },
      lessons,
    };
  }

  /** Share (0-100) of the published lessons a learner has opened or completed (refund eligibility). */
  async accessedPercent(userId: string): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT (SELECT count(*) FROM lesson_progress p JOIN lessons l ON l.id = p.lesson_id JOIN courses c ON c.id = l.course_id
                WHERE p.user_id = $1 AND l.published AND c.status = 'published')::int AS accessed,
              (SELECT count(*) FROM lessons l JOIN courses c ON c.id = l.course_id WHERE l.published AND c.status = 'published')::int AS total`,
      [userId],
    );
    return row.total === 0 ? 0 : Math.round((row.accessed / row.total) * 1000) / 10;
  }

  /** Completed courses per user, for the admin's user list. */
  async completedCourseCounts(userIds: string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows: Array<{ user_id: string; n: number }> = await this.dataSource.query(
      `SELECT user_id, count(*)::int AS n FROM course_completions WHERE user_id = ANY($1::uuid[]) GROUP BY user_id`,
      [userIds],
    );
    return new Map(rows.map((r) => [r.user_id, r.n]));
  }

  private async findCourse(manager: EntityManager, courseId: number): Promise<{ title: string; price: string }> {
    const [course] = await queryRows<{ title: string; price: string }>(manager, `SELECT title, price::text AS price FROM courses WHERE id = $1 AND status = 'published'`, [courseId]);
    if (!course) throw ApiError.notFound('Course not found');
    return course;
  }

  /** A published lesson of this published course; a lesson of another course is a 404, never a write. */
  private async findLesson(manager: EntityManager, courseId: number, lessonId: number): Promise<LessonTarget> {
    const course = await this.findCourse(manager, courseId);
    const [lesson] = await queryRows<{ title: string }>(manager, `SELECT title FROM lessons WHERE id = $1 AND course_id = $2 AND published`, [lessonId, courseId]);
    if (!lesson) throw ApiError.notFound('Lesson not found in this course');
    return { lesson_id: lessonId, lesson_title: lesson.title, course_id: courseId, course_title: course.title, price: course.price };
  }

  /**
   * Makes the learner a student of the course (emitting course.started the
   * first time) and locks that row, so concurrent completions of the same
   * learner's course run one after the other and course.completed cannot be
   * missed or doubled.
   */
  private async startCourse(tx: Tx, user: Learner, target: Pick<LessonTarget, 'course_id' | 'course_title' | 'price'>): Promise<void> {
    const inserted = await queryRows(
      tx.manager,
      `INSERT INTO course_enrollments (user_id, course_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING course_id`,
      [user.id, target.course_id],
    );
    if (inserted.length > 0) {
      await tx.emit('course.started', { type: 'course', id: target.course_id }, {
        userId: user.id,
        userName: user.name,
        courseId: target.course_id,
        courseTitle: target.course_title,
        price: target.price,
      });
    }
    await tx.manager.query(`SELECT 1 FROM course_enrollments WHERE user_id = $1 AND course_id = $2 FOR UPDATE`, [user.id, target.course_id]);
  }

  private async touch(manager: EntityManager, userId: string, courseId: number, lessonId: number): Promise<void> {
    await manager.query(`UPDATE course_enrollments SET last_lesson_id = $3, last_opened_at = now() WHERE user_id = $1 AND course_id = $2`, [userId, courseId, lessonId]);
  }

  private async answer(manager: EntityManager, userId: string, courseId: number, lessonId: number, completed: boolean): Promise<CompletionAnswer> {
    const [row] = await queryRows<{ total: number; done: number }>(
      manager,
      `SELECT count(*)::int AS total, count(p.completed_at)::int AS done
         FROM lessons l LEFT JOIN lesson_progress p ON p.lesson_id = l.id AND p.user_id = $1
        WHERE l.course_id = $2 AND l.published`,
      [userId, courseId],
    );
    return {
      success: true,
      lessonId,
      completed,
      completedLessons: row.done,
      totalLessons: row.total,
      progress: progressPercent(row.done, row.total),
      courseCompleted: row.total > 0 && row.done === row.total,
    };
  }
}

import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { TransactionRunner, type Tx } from '../../events/transaction-runner';
import { CoursesService, LessonGate, type LearnerLesson } from '../courses';
import { LearningError } from './learning.error';
import { ProgressRepository } from './progress.repository';
import { QuizRepository } from './quiz.repository';
import type { CompletionAnswer, NextStep } from './dto/learning-views.dto';

export interface LessonState {
  completed: boolean;
  positionSeconds: number;
}

export type Learner = Pick<AuthUser, 'id' | 'name' | 'role' | 'kind'>;

/** The first unfinished lesson after `lastLessonId` in course order, wrapping to the first unfinished one; null when all are finished. */
export function nextLessonAfter<L extends { id: number }>(lessons: readonly L[], lastLessonId: number | null, done: ReadonlySet<number>): L | null {
  const start = Math.max(
    0,
    lessons.findIndex((l) => l.id === lastLessonId),
  );
  for (let i = 0; i < lessons.length; i++) {
    const lesson = lessons[(start + i) % lessons.length];
    if (!done.has(lesson.id)) return lesson;
  }
  return null;
}

/** Percent of the course's published lessons completed, rounded; derived on every read so lesson changes never leave it stale. */
export function progressPercent(completed: number, total: number): number {
  return total === 0 ? 0 : Math.round((Math.min(completed, total) / total) * 100);
}

/** Share (0-100, one decimal) of the lessons opened. */
const accessedShare = (accessed: number, total: number): number => (total === 0 ? 0 : Math.round((accessed / total) * 1000) / 10);

/**
 * A learner's progress: completions, resume positions and who started which
 * course. Progress percentages are always derived from the currently
 * published lessons; events go through the outbox in the same transaction as
 * the rows they describe.
 */
@Injectable()
export class ProgressService {
  constructor(
    private readonly progress: ProgressRepository,
    private readonly courses: CoursesService,
    private readonly quizzes: QuizRepository,
    private readonly gate: LessonGate,
    private readonly tx: TransactionRunner,
  ) {}

  /**
   * Idempotent: a completed lesson stays completed and emits nothing more. A
   * quiz lesson completes only once its quiz is passed; a lesson not released
   * to the learner yet (drip) cannot be completed.
   */
  async complete(user: Learner, courseId: number, lessonId: number): Promise<CompletionAnswer> {
    return this.tx.run(async (tx) => {
      const target = await this.courses.learnerLesson(tx.manager, courseId, lessonId, user);
      await this.startCourse(tx, user, courseId, target);
      if (target.type === 'quiz' && !(await this.quizzes.hasPassed(tx.manager, user.id, lessonId))) throw LearningError.quizNotPassed();
      return this.markCompleted(tx, user, courseId, lessonId, target);
    });
  }

  /**
   * Marks the lesson completed in the caller's transaction, after
   * `startCourse`: lesson.completed the first time, and course.completed when
   * it was the course's last lesson (once per learner and course).
   */
  async markCompleted(tx: Tx, user: Learner, courseId: number, lessonId: number, target: LearnerLesson): Promise<CompletionAnswer> {
    const existing = await this.progress.lessonProgress(tx.manager, user.id, lessonId);
    if (!existing?.completed_at) {
      await this.progress.markCompleted(tx.manager, user.id, courseId, lessonId);
      // A lesson completed, un-completed and completed again counts once.
      if (!existing?.first_completed_at) {
        await tx.emit(
          'lesson.completed',
          { type: 'lesson', id: lessonId },
          {
            userId: user.id,
            userName: user.name,
            courseId,
            courseTitle: target.courseTitle,
            lessonId,
            lessonTitle: target.lessonTitle,
          },
        );
      }
    }
    await this.progress.touch(tx.manager, user.id, courseId, lessonId);
    const answer = await this.answer(tx, user.id, courseId, lessonId, true);
    if (answer.courseCompleted && (await this.progress.recordCompletion(tx.manager, user.id, courseId))) {
      await tx.emit('course.completed', { type: 'course', id: courseId }, { userId: user.id, userName: user.name, courseId, courseTitle: target.courseTitle });
    }
    return answer;
  }

  async uncomplete(user: Learner, courseId: number, lessonId: number): Promise<CompletionAnswer> {
    return this.tx.run(async (tx) => {
      const target = await this.courses.learnerLesson(tx.manager, courseId, lessonId, user);
      await this.startCourse(tx, user, courseId, target);
      await this.progress.markNotCompleted(tx.manager, user.id, lessonId);
      await this.progress.touch(tx.manager, user.id, courseId, lessonId);
      return this.answer(tx, user.id, courseId, lessonId, false);
    });
  }

  /** The last video position, for resuming. */
  async savePosition(user: Learner, courseId: number, lessonId: number, seconds: number): Promise<{ success: true; positionSeconds: number }> {
    return this.tx.run(async (tx) => {
      const target = await this.courses.learnerLesson(tx.manager, courseId, lessonId, user);
      await this.startCourse(tx, user, courseId, target);
      await this.progress.savePosition(tx.manager, user.id, courseId, lessonId, seconds);
      await this.progress.touch(tx.manager, user.id, courseId, lessonId);
      return { success: true as const, positionSeconds: seconds };
    });
  }

  /** The learner opened the course: they become one of its students (once). */
  async open(user: Learner, courseId: number): Promise<void> {
    await this.tx.run(async (tx) => {
      const course = await this.courses.publishedCourse(tx.manager, courseId);
      await this.startCourse(tx, user, courseId, { courseTitle: course.title, price: course.price });
    });
  }

  /** Completed published lessons per course for one learner. */
  async completedByCourse(userId: string): Promise<Map<number, number>> {
    return new Map((await this.progress.completedByCourse(userId)).map((r) => [r.course_id, r.n]));
  }

  /** Where the learner is in one course: whether they started it, the last lesson opened, and each lesson's state. */
  async courseProgress(userId: string, courseId: number): Promise<{ started: boolean; lastLessonId: number | null; lessons: Map<number, LessonState> }> {
    const [enrollment, rows] = await Promise.all([this.progress.enrollment(userId, courseId), this.progress.lessonStates(userId, courseId)]);
    return {
      started: Boolean(enrollment),
      lastLessonId: enrollment?.last_lesson_id ?? null,
      lessons: new Map(rows.map((r) => [r.lesson_id, { completed: r.completed, positionSeconds: r.last_position_seconds }])),
    };
  }

  /** Share (0-100, one decimal) of the published lessons a learner has opened or completed (refund eligibility). */
  async accessedPercent(userId: string): Promise<number> {
    const { accessed, total } = await this.progress.accessed(userId);
    return accessedShare(accessed, total);
  }

  /** accessedPercent of several learners in one query, by user id. */
  async accessedPercents(userIds: string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.progress.accessedOf([...new Set(userIds)]);
    return new Map(rows.map((r) => [r.user_id, accessedShare(r.accessed, r.total)]));
  }

  /**
   * What to study next: in the course opened most recently that is not
   * finished, the first unfinished lesson after the last one opened (else the
   * first unfinished one), among the lessons released to the learner. Null
   * when there is nothing to continue.
   */
  async nextStep(user: Pick<AuthUser, 'id' | 'role' | 'kind'>): Promise<NextStep | null> {
    const userId = user.id;
    const viewer = await this.gate.viewer(user);
    for (const enrollment of await this.progress.recentEnrollments(userId, 5)) {
      const course = await this.courses.published(enrollment.course_id).catch(() => null);
      if (!course || course.lessons.length === 0) continue;
      const done = new Set((await this.progress.completedLessonIds(userId, course.id)).map((r) => r.lesson_id));
      const open = course.lessons.filter((l) => !this.gate.lockedUntil(l, viewer));
      const next = nextLessonAfter(open, enrollment.last_lesson_id, done);
      if (!next) continue;
      return {
        courseId: course.id,
        courseTitle: course.title,
        lessonId: next.id,
        lessonTitle: next.title,
        completedLessons: course.lessons.filter((l) => done.has(l.id)).length,
        totalLessons: course.lessons.length,
      };
    }
    return null;
  }

  /** Completed courses per user, for the admin's user list. */
  async completedCourseCounts(userIds: string[]): Promise<Map<string, number>> {
    if (userIds.length === 0) return new Map();
    return new Map((await this.progress.completedCourseCounts(userIds)).map((r) => [r.user_id, r.n]));
  }

  /**
   * Makes the learner a student of the course (emitting course.started the
   * first time) and locks that row, so concurrent completions of the same
   * learner's course run one after the other and course.completed cannot be
   * missed or doubled.
   */
  async startCourse(tx: Tx, user: Learner, courseId: number, course: { courseTitle: string; price: string }): Promise<void> {
    if (await this.progress.enroll(tx.manager, user.id, courseId)) {
      await tx.emit(
        'course.started',
        { type: 'course', id: courseId },
        { userId: user.id, userName: user.name, courseId, courseTitle: course.courseTitle, price: course.price },
      );
    }
    await this.progress.lockEnrollment(tx.manager, user.id, courseId);
  }

  private async answer(tx: Tx, userId: string, courseId: number, lessonId: number, completed: boolean): Promise<CompletionAnswer> {
    const { total, done } = await this.progress.courseTally(tx.manager, userId, courseId);
    return {
      success: true,
      lessonId,
      completed,
      completedLessons: done,
      totalLessons: total,
      progress: progressPercent(done, total),
      courseCompleted: total > 0 && done === total,
    };
  }
}

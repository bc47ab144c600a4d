import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { linkHolderOf, SignedLinks } from '../../common/auth/signed-links';
import { CoursesService, lessonOpensAt, LessonGate } from '../courses';
import { MEDIA_URL_PREFIX } from '../media';
import { ProgressService, progressPercent } from './progress.service';
import { QuizRepository } from './quiz.repository';
import { RatingsService } from './ratings.service';
import type { CourseListItem, CourseView, LessonView } from './dto/learning-views.dto';

/** The catalogue as a learner sees it: the published courses with their own progress, ratings and resume points. */
@Injectable()
export class LearnerCatalogueService {
  constructor(
    private readonly courses: CoursesService,
    private readonly progress: ProgressService,
    private readonly ratings: RatingsService,
    private readonly quizzes: QuizRepository,
    private readonly gate: LessonGate,
    private readonly links: SignedLinks,
  ) {}

  /** The catalogue; with a learner, each course carries that learner's progress. */
  async list(learnerId?: string): Promise<CourseListItem[]> {
    const [courses, completed, ratings] = await Promise.all([
      this.courses.catalogue(),
      learnerId ? this.progress.completedByCourse(learnerId) : new Map<number, number>(),
      learnerId ? this.ratings.mine(learnerId) : new Map<number, number>(),
    ]);
    return courses.map((course) => {
      const done = Math.min(completed.get(course.id) ?? 0, course.lessonsCount);
      return { ...course, progress: progressPercent(done, course.lessonsCount), completedLessons: done, myRating: ratings.get(course.id) ?? null };
    });
  }

  /**
   * One published course with its published lessons in order. A viewer with
   * access gets the lessons in full with their completions and resume
   * positions (and opening it makes a learner one of its students), except
   * the lessons not released to them yet (drip): those come locked, with the
   * date they open and without content, video or file. Anyone else gets the
   * public metadata and the lesson outline only. Quiz lessons carry the
   * learner's standing, never the questions or answers.
   */
  async get(courseId: number, viewer?: AuthUser): Promise<CourseView> {
    const course = await this.courses.published(courseId);
    const { price: _price, lessons, ...metadata } = course;
    if (!viewer?.hasAccess) {
      return {
        ...metadata,
        progress: 0,
        completedLessons: 0,
        myRating: null,
        myReview: null,
        hasAccess: false,
        lastLessonId: null,
        lessons: lessons.map((l) => ({ id: l.id, title: l.title, type: l.type, duration: l.duration, order: l.sort_order })),
      };
    }
    let mine = await this.progress.courseProgress(viewer.id, courseId);
    if (viewer.role === 'student' && !mine.started) {
      await this.progress.open(viewer, courseId);
      mine = { ...mine, started: true };
    }
    const [viewerOfDrip, standings] = await Promise.all([this.gate.viewer(viewer), this.quizzes.standings(viewer.id, courseId)]);
    const standingOf = new Map(standings.map((s) => [s.lesson_id, s]));
    const lessonViews = lessons.map((l): LessonView => {
      const opensAt = viewerOfDrip.isAdmin ? null : lessonOpensAt(l, viewerOfDrip.accessSince);
      const locked = this.gate.lockedUntil(l, viewerOfDrip) !== null;
      const standing = standingOf.get(l.id);
      return {
        id: l.id,
        title: l.title,
        type: l.type,
        duration: l.duration,
        content: locked ? '' : l.content,
        videoUrl: locked ? null : l.video_url,
        // Our own PDFs go out as signed links for this viewer, checked again when opened; an outside https address is shown as is.
        pdfUrl:
          locked || !l.pdf_url
            ? null
            : l.pdf_url.startsWith(MEDIA_URL_PREFIX)
              ? this.links.url('lesson-file', l.id, linkHolderOf(viewer), `/api/courses/${courseId}/lessons/${l.id}/file`)
              : l.pdf_url,
        order: l.sort_order,
        published: l.published,
        completed: mine.lessons.get(l.id)?.completed ?? false,
        positionSeconds: mine.lessons.get(l.id)?.positionSeconds ?? 0,
        locked,
        opensAt: opensAt && opensAt.getTime() < 8.64e15 ? opensAt.toISOString() : null,
        quiz: l.quiz
          ? {
              passMark: l.quiz.passMark,
              questionCount: l.quiz.questions.length,
              attemptsAllowed: l.quiz.attemptsAllowed,
              attemptsUsed: standing?.attempts ?? 0,
              passed: standing?.passed ?? false,
              bestScore: standing?.best_score ?? null,
            }
          : null,
      };
    });
    const done = lessonViews.filter((l) => l.completed).length;
    const mineRated = await this.ratings.mineFor(viewer.id, courseId);
    return {
      ...metadata,
      progress: progressPercent(done, lessons.length),
      completedLessons: done,
      myRating: mineRated?.stars ?? null,
      myReview: mineRated?.review ?? null,
      hasAccess: true,
      lastLessonId: mine.lastLessonId,
      lessons: lessonViews,
    };
  }
}

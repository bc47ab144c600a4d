import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { hasAdminPower } from '../../common/auth/admin-power';
import type { AuthUser } from '../../common/auth/auth-user';
import { MEDIA_URL_PREFIX } from '../media';
import type { LessonRow, LessonType } from './course.model';
import { toCatalogueCourse, type CatalogueCourse, type PublishedCourse } from './course-views';
import { CoursesError } from './courses.error';
import { CoursesRepository, type DrippedLessonRow, type SearchHit } from './courses.repository';
import { LessonGate } from './lesson-gate.service';
import type { QuizDefinition } from './quiz.model';

/** A published lesson a learner acts on (completes, answers, asks about), open for them. */
export interface LearnerLesson {
  courseTitle: string;
  price: string;
  lessonTitle: string;
  type: LessonType;
  /** Quiz lessons: the definition with its answers, for the grader only. */
  quiz: QuizDefinition | null;
}

/**
 * The published catalogue, as other modules see it: the public course list
 * and pages (learning adds each learner's progress), the lesson a learner
 * acts on, the file of a lesson, figures for the admin overview and search.
 */
@Injectable()
export class CoursesService {
  constructor(
    private readonly courses: CoursesRepository,
    private readonly gate: LessonGate,
  ) {}

  async catalogue(): Promise<CatalogueCourse[]> {
    return (await this.courses.catalogue()).map(toCatalogueCourse);
  }

  /** One published course with its published lessons in order; 404 otherwise. */
  async published(id: number): Promise<PublishedCourse> {
    const row = await this.courses.publishedById(id);
    if (!row) throw CoursesError.courseNotFound();
    const lessons = await this.courses.lessonsOf([id], { publishedOnly: true });
    return { ...toCatalogueCourse(row), lessonsCount: lessons.length, price: row.price, lessons };
  }

  /** A published course, read in the caller's transaction; 404 otherwise. */
  async publishedCourse(manager: EntityManager, courseId: number): Promise<{ title: string; price: string }> {
    const course = await this.courses.publishedCourse(manager, courseId);
    if (!course) throw CoursesError.courseNotFound();
    return course;
  }

  /**
   * A published lesson of this published course that has opened for this
   * learner (drip): a lesson of another course is a 404, a locked one a 403.
   */
  async learnerLesson(
    manager: EntityManager | undefined,
    courseId: number,
    lessonId: number,
    viewer: Pick<AuthUser, 'id' | 'role' | 'kind'>,
  ): Promise<LearnerLesson> {
    const course = await this.courses.publishedCourse(manager, courseId);
    if (!course) throw CoursesError.courseNotFound();
    const lesson = await this.courses.publishedLesson(manager, courseId, lessonId);
    if (!lesson) throw CoursesError.lessonNotFound();
    this.gate.assertOpen(lesson, await this.gate.viewer(viewer, manager));
    return { courseTitle: course.title, price: course.price, lessonTitle: lesson.title, type: lesson.type, quiz: lesson.quiz };
  }

  /**
   * The /media reference of a lesson's own file (its PDF), for a published
   * lesson of a published course that has opened for this learner (admins:
   * any lesson); 404 otherwise, 403 while it is locked.
   */
  async lessonFileReference(courseId: number, lessonId: number, viewer: Pick<AuthUser, 'id' | 'role' | 'kind'>): Promise<string> {
    const lesson = await this.courses.lessonFile(courseId, lessonId, hasAdminPower(viewer));
    if (!lesson?.pdf_url?.startsWith(MEDIA_URL_PREFIX)) throw CoursesError.noLessonFile();
    this.gate.assertOpen(lesson, await this.gate.viewer(viewer));
    return lesson.pdf_url;
  }

  /** A lesson of a course, published or not, for the console; 404 otherwise. */
  async lessonOfCourse(courseId: number, lessonId: number): Promise<LessonRow> {
    const lesson = await this.courses.lessonOfCourse(courseId, lessonId);
    if (!lesson) throw CoursesError.lessonNotFound();
    return lesson;
  }

  /** Published lessons of published courses that have a drip rule. */
  drippedLessons(): Promise<DrippedLessonRow[]> {
    return this.courses.drippedLessons();
  }

  /** Catalogue size for the admin overview: all courses, published ones, and the published ones created in the last `days` days. */
  counts(days = 30): Promise<{ total: number; published: number; publishedRecently: number }> {
    return this.courses.counts(days);
  }

  /** Title and average rating of every course (analytics' course performance). */
  async titlesAndRatings(): Promise<Map<number, { title: string; rating: number }>> {
    return new Map((await this.courses.titlesAndRatings()).map((r) => [r.id, { title: r.title, rating: r.rating }]));
  }

  /** Published courses and lessons matching a LIKE pattern, for the dashboard's search. */
  async search(pattern: string, perKind: number): Promise<{ courses: SearchHit[]; lessons: SearchHit[] }> {
    const [courses, lessons] = await Promise.all([this.courses.searchCourses(pattern, perKind), this.courses.searchLessons(pattern, perKind)]);
    return { courses, lessons };
  }
}

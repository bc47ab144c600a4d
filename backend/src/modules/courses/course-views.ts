import { createHash } from 'node:crypto';
import type { CourseRow, LessonRow } from './course.model';
import type { AdminCourseView, AdminLessonView, CatalogueCourse } from './dto/course-views.dto';

export type { AdminCourseView, AdminLessonView, CatalogueCourse };

/** A published course with its published lessons in order. */
export interface PublishedCourse extends CatalogueCourse {
  price: string;
  lessons: LessonRow[];
}

export function toAdminLessonView(row: LessonRow): AdminLessonView {
  return {
    id: row.id,
    courseId: row.course_id,
    title: row.title,
    type: row.type,
    duration: row.duration,
    content: row.content,
    videoUrl: row.video_url,
    pdfUrl: row.pdf_url,
    order: row.sort_order,
    published: row.published,
    quiz: row.quiz,
    dripDays: row.drip_days,
    availableFrom: row.available_from ? new Date(row.available_from).toISOString() : null,
  };
}

export function toAdminCourseView(row: CourseRow, lessons: LessonRow[]): AdminCourseView {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    instructor: row.instructor,
    thumbnail: row.thumbnail,
    duration: row.duration,
    category: row.category,
    status: row.status,
    price: Number(row.price),
    totalLessons: row.total_lessons,
    lessonsCount: row.lessons_count,
    students: row.students,
    rating: Number(row.rating),
    ratingsCount: row.ratings_count,
    revenue: Number(row.revenue),
    createdDate: row.created_date,
    lastUpdated: row.last_updated,
    hasDraft: row.has_draft ?? false,
    lessons: lessons.map(toAdminLessonView),
  };
}

export function toCatalogueCourse(row: CourseRow): CatalogueCourse {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    instructor: row.instructor,
    thumbnail: row.thumbnail,
    duration: row.duration,
    category: row.category,
    lessonsCount: row.published_lessons,
    students: row.students,
    rating: Number(row.rating),
    ratingsCount: row.ratings_count,
  };
}

function fingerprint(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 12);
}

/** What the audit trail records of a course: its fields and its lesson outline, not the derived figures. */
export function auditSnapshot(view: AdminCourseView): Record<string, unknown> {
  const { lessons, students: _s, rating: _r, ratingsCount: _n, revenue: _v, lessonsCount: _c, lastUpdated: _u, hasDraft: _d, ...rest } = view;
  return {
    ...rest,
    lessons: lessons.map((l) => ({
      id: l.id,
      title: l.title,
      type: l.type,
      order: l.order,
      published: l.published,
      // The quiz's settings and a fingerprint of its questions and answers: any change to them is recorded, without copying the whole quiz.
      ...(l.quiz
        ? {
            quiz: {
              passMark: l.quiz.passMark,
              attemptsAllowed: l.quiz.attemptsAllowed,
              shuffle: l.quiz.shuffle,
              questions: l.quiz.questions.length,
              fingerprint: fingerprint(l.quiz.questions),
            },
          }
        : {}),
      ...(l.dripDays !== null ? { dripDays: l.dripDays } : {}),
      ...(l.availableFrom !== null ? { availableFrom: l.availableFrom } : {}),
    })),
  };
}

/** Groups lessons by course, keeping their order. */
export function lessonsByCourse(lessons: LessonRow[]): Map<number, LessonRow[]> {
  const byCourse = new Map<number, LessonRow[]>();
  for (const l of lessons) {
    const list = byCourse.get(l.course_id) ?? [];
    list.push(l);
    byCourse.set(l.course_id, list);
  }
  return byCourse;
}

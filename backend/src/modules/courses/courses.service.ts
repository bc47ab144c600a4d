import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { CATALOGUE_SQL, type CatalogueRow } from './catalogue.sql';
import { Course } from './entities/course.entity';
import { Lesson } from './entities/lesson.entity';
import { progressPercent, ProgressService } from './progress.service';

export interface CourseListItem {
  id: number;
  title: string;
  description: string;
  instructor: string;
  thumbnail: string;
  duration: string;
  category: string;
  lessonsCount: number;
  students: number;
  rating: number;
  /** Percent of the published lessons the signed-in learner completed (0 without a learner). */
  progress: number;
  completedLessons: number;
  myRating: number | null;
}

export interface LessonView {
  id: number;
  title: string;
  type: Lesson['type'];
  duration: string;
  content: string;
  videoUrl: string | null;
  pdfUrl: string | null;
  order: number;
  published: boolean;
  completed: boolean;
  positionSeconds: number;
}

/**
 * What anyone may see of a lesson: the course outline, never its content.
 * Hiding the addresses is the protection: uploaded PDFs are served from
 * /media without an access check, guarded only by their random names.
 */
export type LessonOutline = Pick<LessonView, 'id' | 'title' | 'type' | 'duration' | 'order'>;

export interface CourseView extends CourseListItem {
  hasAccess: boolean;
  lastLessonId: number | null;
  /** Full lessons with access; otherwise the outline only (no content, video or PDF address). */
  lessons: LessonView[] | LessonOutline[];
}

@Injectable()
export class CoursesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly progress: ProgressService,
    @InjectRepository(Course) private readonly courses: Repository<Course>,
    @InjectRepository(Lesson) private readonly lessons: Repository<Lesson>,
  ) {}

  /** The catalogue; with a learner, each course carries that learner's progress. */
  async listPublished(learnerId?: string): Promise<CourseListItem[]> {
    const rows: CatalogueRow[] = await this.dataSource.query(CATALOGUE_SQL);
    const completed = learnerId ? await this.progress.completedByCourse(learnerId) : new Map<number, number>();
    const ratings = learnerId ? await this.progress.myRatings(learnerId) : new Map<number, number>();
    return rows.map((row) => {
      const done = Math.min(completed.get(row.id) ?? 0, row.lessons_count);
      return {
        id: row.id,
        title: row.title,
        description: row.description,
        instructor: row.instructor,
        thumbnail: row.thumbnail,
        duration: row.duration,
        category: row.category,
        lessonsCount: row.lessons_count,
        students: row.students,
        rating: Number(row.rating),
        progress: progressPercent(done, row.lessons_count),
        completedLessons: done,
        myRating: ratings.get(row.id) ?? null,
      };
    });
  }

  /**
   * One published course with its published lessons in order. A viewer with
   * access gets the lessons in full with their completions and resume
   * positions; anyone else (anonymous, or signed in without an active
   * entitlement) gets the public metadata and the lesson outline only.
   */
  async getPublished(id: number, viewer?: { id: string; hasAccess: boolean }): Promise<CourseView> {
    const course = await this.courses.findOne({ where: { id, status: 'published' } });
    if (!course) throw ApiError.notFound('Course not found');
    const lessons = await this.lessons.find({ where: { courseId: id, published: true }, order: { order: 'ASC', id: 'ASC' } });
    const [stats] = await this.dataSource.query(
      `SELECT (SELECT count(*)::int FROM course_enrollments WHERE course_id = $1) AS students,
              (SELECT coalesce(round(avg(stars), 1), 0)::float8 FROM course_ratings WHERE course_id = $1) AS rating`,
      [id],
    );
    const metadata = {
      id: course.id,
      title: course.title,
      description: course.description,
      instructor: course.instructor,
      thumbnail: course.thumbnail,
      duration: course.duration,
      category: course.category,
      lessonsCount: lessons.length,
      students: stats.students,
      rating: stats.rating,
    };
    if (!viewer?.hasAccess) {
      return {
        ...metadata,
        progress: 0,
        completedLessons: 0,
        myRating: null,
        hasAccess: false,
        lastLessonId: null,
        lessons: lessons.map((l) => ({ id: l.id, title: l.title, type: l.type, duration: l.duration, order: l.order })),
      };
    }
    const mine = await this.progress.courseProgress(viewer.id, id);
    const lessonViews = lessons.map((l) => ({
      id: l.id,
      title: l.title,
      type: l.type,
      duration: l.duration,
      content: l.content,
      videoUrl: l.videoUrl,
      pdfUrl: l.pdfUrl,
      order: l.order,
      published: l.published,
      completed: mine.lessons.get(l.id)?.completed ?? false,
      positionSeconds: mine.lessons.get(l.id)?.positionSeconds ?? 0,
    }));
    const done = lessonViews.filter((l) => l.completed).length;
    return {
      ...metadata,
      progress: progressPercent(done, lessons.length),
      completedLessons: done,
      myRating: mine.course.myRating ?? null,
      hasAccess: true,
      lastLessonId: mine.course.lastLessonId ?? null,
      lessons: lessonViews,
    };
  }

  /** Catalogue size for the admin overview: all courses, published ones, and the published ones created in the last `days` days. */
  async counts(days = 30): Promise<{ total: number; published: number; publishedRecently: number }> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE status = 'published')::int AS published,
              count(*) FILTER (WHERE status = 'published' AND created_at >= now() - make_interval(days => $1))::int AS "publishedRecently"
         FROM courses`,
      [days],
    );
    return row;
  }

  /** Title and average rating of every course (analytics' course performance). */
  async titlesAndRatings(): Promise<Map<number, { title: string; rating: number }>> {
    const rows: Array<{ id: number; title: string; rating: number }> = await this.dataSource.query(
      `SELECT c.id, c.title, coalesce(r.rating, 0)::float8 AS rating
         FROM courses c LEFT JOIN (SELECT course_id, round(avg(stars), 1) AS rating FROM course_ratings GROUP BY course_id) r ON r.course_id = c.id`,
    );
    return new Map(rows.map((r) => [r.id, { title: r.title, rating: r.rating }]));
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ListQuery } from '../../common/http/list-query';
import { likePattern } from '../../common/http/list-query';
import { WhereBuilder } from '../../common/http/where-builder';
import { execute, queryOne, queryRows } from '../../database/sql.repository';
import type { CourseCategory, CourseRow, CourseStatus, CourseWrite, LessonRow, LessonWrite } from './course.model';
import type { CourseSummary } from './dto/course-views.dto';

/**
 * The course read model (see CourseRow). Students and rating are read from
 * learning's course_enrollments and course_ratings, read-only, so lists sort
 * and page on them in SQL; only the learning module writes those tables.
 * Revenue is the course as sold: the price of each enrolment when it was
 * made, from the analytics rollup course_daily_metrics (read-only), the same
 * figure as the Analytics course performance, not today's price × students.
 */
const COURSE_ROWS = `
  SELECT c.id, c.title, c.description, c.instructor, c.thumbnail, c.duration, c.category, c.status, c.price::text AS price,
         c.total_lessons, c.created_at, c.updated_at,
         to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS created_date,
         to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS last_updated,
         (SELECT count(*)::int FROM lessons l WHERE l.course_id = c.id) AS lessons_count,
         (SELECT count(*)::int FROM lessons l WHERE l.course_id = c.id AND l.published) AS published_lessons,
         s.students,
         rt.rating, rt.ratings_count,
         rv.revenue::text AS revenue
    FROM courses c
    CROSS JOIN LATERAL (SELECT count(*)::int AS students FROM course_enrollments e WHERE e.course_id = c.id) s
    CROSS JOIN LATERAL (SELECT coalesce(sum(m.revenue), 0)::numeric(14, 2) AS revenue FROM course_daily_metrics m WHERE m.course_id = c.id) rv
    CROSS JOIN LATERAL (SELECT coalesce(round(avg(r.stars), 1), 0)::float8 AS rating, count(*)::int AS ratings_count FROM course_ratings r WHERE r.course_id = c.id) rt`;

/** The public catalogue, exported for the catalogue benchmark's raw baseline so both sides run exactly the same SQL. */
export const CATALOGUE_SQL = `${COURSE_ROWS} WHERE c.status = 'published' ORDER BY c.id`;

const LESSON_COLUMNS = 'id, course_id, title, type, duration, content, video_url, pdf_url, sort_order, published, quiz, drip_days, available_from';

/** API sort field → SQL over the read model (allow-listed; nothing else reaches ORDER BY). */
export const COURSE_SORT_COLUMNS: Record<string, string> = {
  id: 'id',
  title: 'lower(title)',
  instructor: 'lower(instructor)',
  category: 'category',
  status: 'status',
  price: 'price::numeric',
  totalLessons: 'total_lessons',
  lessonsCount: 'lessons_count',
  students: 'students',
  rating: 'rating',
  revenue: 'revenue::numeric',
  createdDate: 'created_at',
  lastUpdated: 'updated_at',
};

export interface CourseFilter {
  q?: string;
  status?: CourseStatus;
  category?: CourseCategory;
}

export type { CourseSummary };

export type PublishedLessonRow = Pick<LessonRow, 'title' | 'type' | 'quiz' | 'drip_days' | 'available_from'>;

export interface DrippedLessonRow {
  id: number;
  title: string;
  course_id: number;
  course_title: string;
  drip_days: number | null;
  available_from: Date | null;
}

export interface SearchHit {
  id: number;
  title: string;
  subtitle: string | null;
  url: string;
}

function where(filter: CourseFilter = {}, ids?: number[]): WhereBuilder {
  const q = filter.q ? likePattern(filter.q) : undefined;
  return new WhereBuilder()
    .when(q, '(c.title ILIKE ? OR c.instructor ILIKE ?)', q, q)
    .when(filter.status, 'c.status = ?', filter.status)
    .when(filter.category, 'c.category = ?', filter.category)
    .when(ids, 'c.id = ANY(?::int[])', ids);
}

/** Column order of a course write; values are bound in this order. */
const COURSE_COLUMNS: Array<[keyof CourseWrite, string]> = [
  ['title', 'title'],
  ['description', 'description'],
  ['instructor', 'instructor'],
  ['thumbnail', 'thumbnail'],
  ['duration', 'duration'],
  ['category', 'category'],
  ['status', 'status'],
  ['price', 'price'],
  ['totalLessons', 'total_lessons'],
];

/** courses and lessons: the catalogue and its content. */
@Injectable()
export class CoursesRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get manager(): EntityManager {
    return this.dataSource.manager;
  }

  catalogue(): Promise<CourseRow[]> {
    return queryRows<CourseRow>(this.manager, CATALOGUE_SQL);
  }

  byId(id: number, manager: EntityManager = this.manager): Promise<CourseRow | undefined> {
    return queryOne<CourseRow>(manager, `${COURSE_ROWS} WHERE c.id = $1`, [id]);
  }

  publishedById(id: number): Promise<CourseRow | undefined> {
    return queryOne<CourseRow>(this.manager, `${COURSE_ROWS} WHERE c.id = $1 AND c.status = 'published'`, [id]);
  }

  /** Locks the course row for a write in the caller's transaction; false when there is no such course. */
  async lock(manager: EntityManager, id: number): Promise<boolean> {
    return (await queryRows(manager, `SELECT id FROM courses WHERE id = $1 FOR UPDATE`, [id])).length > 0;
  }

  /** The lessons of some courses in order; `publishedOnly` for learners. */
  lessonsOf(courseIds: number[], options: { publishedOnly?: boolean; manager?: EntityManager } = {}): Promise<LessonRow[]> {
    if (courseIds.length === 0) return Promise.resolve([]);
    return queryRows<LessonRow>(
      options.manager ?? this.manager,
      `SELECT ${LESSON_COLUMNS} FROM lessons WHERE course_id = ANY($1::int[]) ${options.publishedOnly ? 'AND published' : ''} ORDER BY sort_order, id`,
      [courseIds],
    );
  }

  async list(filter: CourseFilter, ids: number[] | undefined, page: Pick<ListQuery, 'sort' | 'skip' | 'take'>): Promise<{ rows: CourseRow[]; total: number }> {
    const w = where(filter, ids);
    const count = await queryOne<{ total: number }>(this.manager, `SELECT count(*)::int AS total FROM courses c ${w.sql}`, w.params);
    const order = COURSE_SORT_COLUMNS[page.sort.field];
    const rows = await queryRows<CourseRow>(
      this.manager,
      `SELECT * FROM (${COURSE_ROWS} ${w.sql}) x ORDER BY ${order} ${page.sort.order}, id ${page.sort.order} LIMIT ${page.take} OFFSET ${page.skip}`,
      w.params,
    );
    return { rows, total: count?.total ?? 0 };
  }

  async summary(filter: CourseFilter): Promise<CourseSummary> {
    const w = where(filter);
    const row = await queryOne<CourseSummary>(
      this.manager,
      `SELECT count(*)::int AS "totalCourses",
              coalesce(sum(students), 0)::int AS "totalStudents",
              coalesce(round(avg(rating) FILTER (WHERE rating > 0)::numeric, 1), 0)::float8 AS "avgRating",
              coalesce(sum(revenue::numeric), 0)::float8 AS "totalRevenue"
         FROM (${COURSE_ROWS} ${w.sql}) x`,
      w.params,
    );
    return row!;
  }

  /** Every course of the filter, for the CSV export (bounded). */
  exportRows(filter: CourseFilter, limit: number): Promise<CourseRow[]> {
    const w = where(filter);
    return queryRows<CourseRow>(this.manager, `SELECT * FROM (${COURSE_ROWS} ${w.sql}) x ORDER BY id LIMIT ${limit}`, w.params);
  }

  async insert(manager: EntityManager, course: Required<CourseWrite>): Promise<number> {
    const row = await queryOne<{ id: number }>(
      manager,
      `INSERT INTO courses (${COURSE_COLUMNS.map(([, column]) => column).join(', ')}) VALUES (${COURSE_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      COURSE_COLUMNS.map(([key]) => course[key]),
    );
    return row!.id;
  }

  /** Writes the fields given (undefined ones are left) and stamps updated_at. */
  async update(manager: EntityManager, id: number, course: CourseWrite): Promise<void> {
    const params: unknown[] = [];
    const assignments: string[] = [];
    for (const [key, column] of COURSE_COLUMNS) {
      if (course[key] === undefined) continue;
      params.push(course[key]);
      assignments.push(`${column} = $${params.length}`);
    }
    await execute(manager, `UPDATE courses SET ${[...assignments, 'updated_at = now()'].join(', ')} WHERE id = $${params.length + 1}`, [...params, id]);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await execute(manager, `DELETE FROM courses WHERE id = $1`, [id]);
  }

  /**
   * Replaces a course's lessons: existing ones not kept are deleted (their
   * progress goes with them), kept ones updated when they changed, new ones inserted.
   */
  async replaceLessons(manager: EntityManager, courseId: number, lessons: LessonWrite[], existingIds: number[]): Promise<void> {
    const keep = new Set(lessons.flatMap((l) => (l.existingId === null ? [] : [l.existingId])));
    const gone = existingIds.filter((id) => !keep.has(id));
    if (gone.length > 0) await execute(manager, `DELETE FROM lessons WHERE course_id = $1 AND id = ANY($2::int[])`, [courseId, gone]);
    for (const l of lessons) {
      const values = [
        l.title,
        l.type,
        l.duration,
        l.content,
        l.videoUrl,
        l.pdfUrl,
        l.order,
        l.published,
        l.quiz && JSON.stringify(l.quiz),
        l.dripDays,
        l.availableFrom,
      ];
      if (l.existingId === null) {
        await execute(
          manager,
          `INSERT INTO lessons (course_id, title, type, duration, content, video_url, pdf_url, sort_order, published, quiz, drip_days, available_from)
           VALUES ($12, $1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11)`,
          [...values, courseId],
        );
      } else {
        await execute(
          manager,
          `UPDATE lessons SET title = $1, type = $2, duration = $3, content = $4, video_url = $5, pdf_url = $6, sort_order = $7, published = $8,
                  quiz = $9::jsonb, drip_days = $10, available_from = $11, updated_at = now()
            WHERE id = $12 AND course_id = $13
              AND (title, type, duration, content, video_url, pdf_url, sort_order, published, quiz, drip_days, available_from)
                  IS DISTINCT FROM ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11)`,
          [...values, l.existingId, courseId],
        );
      }
    }
  }

  async reorderLessons(manager: EntityManager, courseId: number, ids: number[]): Promise<void> {
    await execute(
      manager,
      `UPDATE lessons l SET sort_order = o.ord, updated_at = now() FROM unnest($2::int[]) WITH ORDINALITY AS o(id, ord) WHERE l.id = o.id AND l.course_id = $1`,
      [courseId, ids],
    );
    await execute(manager, `UPDATE courses SET updated_at = now() WHERE id = $1`, [courseId]);
  }

  /** The file address and drip rule of a lesson of a published course (a published lesson), or of any lesson when `includeUnpublished`. */
  lessonFile(
    courseId: number,
    lessonId: number,
    includeUnpublished: boolean,
  ): Promise<{ pdf_url: string | null; drip_days: number | null; available_from: Date | null } | undefined> {
    return queryOne(
      this.manager,
      `SELECT l.pdf_url, l.drip_days, l.available_from FROM lessons l JOIN courses c ON c.id = l.course_id
        WHERE l.id = $1 AND l.course_id = $2 AND ($3 OR (l.published AND c.status = 'published'))`,
      [lessonId, courseId, includeUnpublished],
    );
  }

  /** A published course's title and price, read in the caller's transaction (learning's writes). */
  publishedCourse(manager: EntityManager = this.manager, courseId: number): Promise<{ title: string; price: string } | undefined> {
    return queryOne<{ title: string; price: string }>(manager, `SELECT title, price::text AS price FROM courses WHERE id = $1 AND status = 'published'`, [
      courseId,
    ]);
  }

  /** A published lesson of a course, by id: what learners act on (its type, quiz and drip rule). */
  publishedLesson(manager: EntityManager = this.manager, courseId: number, lessonId: number): Promise<PublishedLessonRow | undefined> {
    return queryOne<PublishedLessonRow>(
      manager,
      `SELECT title, type, quiz, drip_days, available_from FROM lessons WHERE id = $1 AND course_id = $2 AND published`,
      [lessonId, courseId],
    );
  }

  /** A lesson of a course, published or not (the console's quiz statistics). */
  lessonOfCourse(courseId: number, lessonId: number): Promise<LessonRow | undefined> {
    return queryOne<LessonRow>(this.manager, `SELECT ${LESSON_COLUMNS} FROM lessons WHERE id = $1 AND course_id = $2`, [lessonId, courseId]);
  }

  /** Published lessons of published courses with a drip rule (the daily digest of newly opened lessons). */
  drippedLessons(): Promise<DrippedLessonRow[]> {
    return queryRows<DrippedLessonRow>(
      this.manager,
      `SELECT l.id, l.title, l.course_id, c.title AS course_title, l.drip_days, l.available_from
         FROM lessons l JOIN courses c ON c.id = l.course_id
        WHERE l.published AND c.status = 'published' AND (l.drip_days IS NOT NULL OR l.available_from IS NOT NULL)
        ORDER BY c.id, l.sort_order, l.id`,
    );
  }

  async counts(days: number): Promise<{ total: number; published: number; publishedRecently: number }> {
    const row = await queryOne<{ total: number; published: number; publishedRecently: number }>(
      this.manager,
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE status = 'published')::int AS published,
              count(*) FILTER (WHERE status = 'published' AND created_at >= now() - make_interval(days => $1))::int AS "publishedRecently"
         FROM courses`,
      [days],
    );
    return row!;
  }

  titlesAndRatings(): Promise<Array<{ id: number; title: string; rating: number }>> {
    return queryRows<{ id: number; title: string; rating: number }>(
      this.manager,
      `SELECT c.id, c.title, coalesce(r.rating, 0)::float8 AS rating
         FROM courses c LEFT JOIN (SELECT course_id, round(avg(stars), 1) AS rating FROM course_ratings GROUP BY course_id) r ON r.course_id = c.id`,
    );
  }

  /** Published courses matching an ILIKE pattern (title first), for the dashboard's search. */
  searchCourses(pattern: string, limit: number): Promise<SearchHit[]> {
    return queryRows<SearchHit>(
      this.manager,
      `SELECT c.id, c.title, c.category AS subtitle, '/course/' || c.id AS url FROM courses c
        WHERE c.status = 'published' AND (c.title ILIKE $1 OR c.description ILIKE $1 OR c.instructor ILIKE $1)
        ORDER BY (c.title ILIKE $1) DESC, c.title LIMIT $2`,
      [pattern, limit],
    );
  }

  /** Published lessons of published courses whose title matches. */
  searchLessons(pattern: string, limit: number): Promise<SearchHit[]> {
    return queryRows<SearchHit>(
      this.manager,
      `SELECT l.id, l.title, c.title AS subtitle, '/course/' || c.id || '?lesson=' || l.id AS url FROM lessons l JOIN courses c ON c.id = l.course_id
        WHERE c.status = 'published' AND l.published AND l.title ILIKE $1 ORDER BY c.title, l.sort_order LIMIT $2`,
      [pattern, limit],
    );
  }
}

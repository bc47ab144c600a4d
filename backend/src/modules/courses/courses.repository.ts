import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ListQuery } from '../../common/http/list-query';
import { likePattern } from '../../common/http/list-query';
import { WhereBuilder } from '../../common/http/where-builder';
import { sql } from '@pgtyped/runtime';
import { execute, queryOne, queryRows, typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type { CourseCategory, CourseRow, CourseStatus, CourseWrite, LessonRow, LessonWrite } from './course.model';
import type { CourseSummary } from './dto/course-views.dto';
import type {
  ICatalogueQuery,
  ICourseByIdQuery,
  ICourseCountsQuery,
  IDeleteCourseQuery,
  IDrippedLessonsQuery,
  IInsertCourseQuery,
  IInsertLessonQuery,
  ILessonFileQuery,
  ILessonOfCourseQuery,
  ILessonsOfQuery,
  ILockCourseQuery,
  IPublishedCourseByIdQuery,
  IPublishedCourseQuery,
  IPublishedLessonQuery,
  IPublishedLessonsOfQuery,
  IRemoveLessonsQuery,
  INewLessonIdsQuery,
  IKeptLessonIdsQuery,
  IBumpQuizVersionsQuery,
  IKeepQuizVersionsQuery,
  IReorderLessonsQuery,
  ISearchCoursesQuery,
  ISearchLessonsQuery,
  ITitlesAndRatingsQuery,
  ITouchCourseQuery,
  IUpdateLessonQuery,
} from './courses.repository.types';

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
         (SELECT count(*)::int FROM lessons l WHERE l.course_id = c.id AND l.removed_at IS NULL) AS lessons_count,
         (SELECT count(*)::int FROM lessons l WHERE l.course_id = c.id AND l.published) AS published_lessons,
         s.students,
         rt.rating, rt.ratings_count,
         rv.revenue::text AS revenue,
         EXISTS (SELECT 1 FROM course_drafts d WHERE d.course_id = c.id) AS has_draft
    FROM courses c
    CROSS JOIN LATERAL (SELECT count(*)::int AS students FROM course_enrollments e WHERE e.course_id = c.id) s
    CROSS JOIN LATERAL (SELECT coalesce(sum(m.revenue), 0)::numeric(14, 2) AS revenue FROM course_daily_metrics m WHERE m.course_id = c.id) rv
    CROSS JOIN LATERAL (SELECT coalesce(round(avg(r.stars), 1), 0)::float8 AS rating, count(*)::int AS ratings_count FROM course_ratings r WHERE r.course_id = c.id) rt`;

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

/** The columns of a course write, for the partial update (insert binds every one, by name). */
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

/*
 * The statements below are typed against the schema by pgtyped (npm run db:types writes courses.repository.types.ts);
 * they repeat COURSE_ROWS, which pgtyped cannot read from an interpolation. The admin grid's list, summary and export
 * (filters and sort built at run time) and the partial update (its column list built at run time) stay hand-typed.
 */
/** The public catalogue; the catalogue benchmark's raw baseline runs this same statement on a bare pg pool. */
export const catalogue = sql<ICatalogueQuery>`
  SELECT c.id, c.title, c.description, c.instructor, c.thumbnail, c.duration, c.category, c.status, c.price::text AS "price!",
         c.total_lessons, c.created_at, c.updated_at,
         to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "created_date!",
         to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "last_updated!",
         (SELECT count(*)::int FROM lessons l WHERE l.course_id = c.id AND l.removed_at IS NULL) AS "lessons_count!",
         (SELECT count(*)::int FROM lessons l WHERE l.course_id = c.id AND l.published) AS "published_lessons!",
         s.students AS "students!",
         rt.rating AS "rating!", rt.ratings_count AS "ratings_count!",
         rv.revenue::text AS "revenue!"
    FROM courses c
    CROSS JOIN LATERAL (SELECT count(*)::int AS students FROM course_enrollments e WHERE e.course_id = c.id) s
    CROSS JOIN LATERAL (SELECT coalesce(sum(m.revenue), 0)::numeric(14, 2) AS revenue FROM course_daily_metrics m WHERE m.course_id = c.id) rv
    CROSS JOIN LATERAL (SELECT coalesce(round(avg(r.stars), 1), 0)::float8 AS rating, count(*)::int AS ratings_count FROM course_ratings r WHERE r.course_id = c.id) rt
   WHERE c.status = 'published' ORDER BY c.id`;
const courseById = sql<ICourseByIdQuery>`
  SELECT c.id, c.title, c.description, c.instructor, c.thumbnail, c.duration, c.category, c.status, c.price::text AS "price!",
         c.total_lessons, c.created_at, c.updated_at,
         to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "created_date!",
         to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "last_updated!",
         (SELECT count(*)::int FROM lessons l WHERE l.course_id = c.id AND l.removed_at IS NULL) AS "lessons_count!",
         (SELECT count(*)::int FROM lessons l WHERE l.course_id = c.id AND l.published) AS "published_lessons!",
         s.students AS "students!",
         rt.rating AS "rating!", rt.ratings_count AS "ratings_count!",
         rv.revenue::text AS "revenue!",
         EXISTS (SELECT 1 FROM course_drafts d WHERE d.course_id = c.id) AS "has_draft!"
    FROM courses c
    CROSS JOIN LATERAL (SELECT count(*)::int AS students FROM course_enrollments e WHERE e.course_id = c.id) s
    CROSS JOIN LATERAL (SELECT coalesce(sum(m.revenue), 0)::numeric(14, 2) AS revenue FROM course_daily_metrics m WHERE m.course_id = c.id) rv
    CROSS JOIN LATERAL (SELECT coalesce(round(avg(r.stars), 1), 0)::float8 AS rating, count(*)::int AS ratings_count FROM course_ratings r WHERE r.course_id = c.id) rt
   WHERE c.id = $id!`;
const publishedCourseById = sql<IPublishedCourseByIdQuery>`
  SELECT c.id, c.title, c.description, c.instructor, c.thumbnail, c.duration, c.category, c.status, c.price::text AS "price!",
         c.total_lessons, c.created_at, c.updated_at,
         to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "created_date!",
         to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS "last_updated!",
         (SELECT count(*)::int FROM lessons l WHERE l.course_id = c.id AND l.removed_at IS NULL) AS "lessons_count!",
         (SELECT count(*)::int FROM lessons l WHERE l.course_id = c.id AND l.published) AS "published_lessons!",
         s.students AS "students!",
         rt.rating AS "rating!", rt.ratings_count AS "ratings_count!",
         rv.revenue::text AS "revenue!"
    FROM courses c
    CROSS JOIN LATERAL (SELECT count(*)::int AS students FROM course_enrollments e WHERE e.course_id = c.id) s
    CROSS JOIN LATERAL (SELECT coalesce(sum(m.revenue), 0)::numeric(14, 2) AS revenue FROM course_daily_metrics m WHERE m.course_id = c.id) rv
    CROSS JOIN LATERAL (SELECT coalesce(round(avg(r.stars), 1), 0)::float8 AS rating, count(*)::int AS ratings_count FROM course_ratings r WHERE r.course_id = c.id) rt
   WHERE c.id = $id! AND c.status = 'published'`;
const lockCourse = sql<ILockCourseQuery>`SELECT id FROM courses WHERE id = $id! FOR UPDATE`;
const lessonsOf = sql<ILessonsOfQuery>`
  SELECT id, course_id, title, type, duration, content, video_url, pdf_url, sort_order, published, quiz, drip_days, available_from
    FROM lessons WHERE course_id = ANY($courseIds!::int[]) AND removed_at IS NULL ORDER BY sort_order, id`;
const publishedLessonsOf = sql<IPublishedLessonsOfQuery>`
  SELECT id, course_id, title, type, duration, content, video_url, pdf_url, sort_order, published, quiz, drip_days, available_from
    FROM lessons WHERE course_id = ANY($courseIds!::int[]) AND published ORDER BY sort_order, id`;
const insertCourse = sql<IInsertCourseQuery>`
  INSERT INTO courses (title, description, instructor, thumbnail, duration, category, status, price, total_lessons)
  VALUES ($title!, $description!, $instructor!, $thumbnail!, $duration!, $category!, $status!, $price!, $totalLessons!) RETURNING id`;
const deleteCourse = sql<IDeleteCourseQuery>`DELETE FROM courses WHERE id = $id!`;
/** A lesson taken out of a course is kept, unpublished (learners' progress, attempts and questions on it stay; a restore brings it back). */
const removeLessons = sql<IRemoveLessonsQuery>`
  UPDATE lessons SET removed_at = now(), published = false, updated_at = now()
   WHERE course_id = $courseId! AND id = ANY($ids!::int[]) AND removed_at IS NULL`;
const insertLesson = sql<IInsertLessonQuery>`
  INSERT INTO lessons (id, course_id, title, type, duration, content, video_url, pdf_url, sort_order, published, quiz, drip_days, available_from)
  VALUES (coalesce($id::int, nextval(pg_get_serial_sequence('lessons', 'id'))::int), $courseId!, $title!, $type!, $duration!, $content!, $videoUrl, $pdfUrl,
          $sortOrder!, $published!, $quiz::jsonb, $dripDays, $availableFrom)`;
/** New lesson ids, taken when a draft gains lessons so the draft, its preview and its publish agree on them. */
const newLessonIds = sql<INewLessonIdsQuery>`
  SELECT nextval(pg_get_serial_sequence('lessons', 'id'))::int AS "id!" FROM generate_series(1, $count!::int)`;
/** Every lesson id the course has had and still keeps (removed ones included): a draft or a restore may bring one back. */
const keptLessonIds = sql<IKeptLessonIdsQuery>`SELECT id FROM lessons WHERE course_id = $courseId!`;
/**
 * A quiz whose questions or settings differ from its current version's starts a new version; every quiz's
 * current version is kept in lesson_quiz_versions (attempts are read and graded by the version they answered).
 */
const bumpQuizVersions = sql<IBumpQuizVersionsQuery>`
  UPDATE lessons l SET quiz_version = l.quiz_version + 1
    FROM lesson_quiz_versions v
   WHERE l.course_id = $courseId! AND l.quiz IS NOT NULL AND v.lesson_id = l.id AND v.version = l.quiz_version AND v.quiz <> l.quiz`;
const keepQuizVersions = sql<IKeepQuizVersionsQuery>`
  INSERT INTO lesson_quiz_versions (lesson_id, version, quiz)
  SELECT id, quiz_version, quiz FROM lessons WHERE course_id = $courseId! AND quiz IS NOT NULL
  ON CONFLICT (lesson_id, version) DO NOTHING`;
const updateLesson = sql<IUpdateLessonQuery>`
  UPDATE lessons SET title = $title!, type = $type!, duration = $duration!, content = $content!, video_url = $videoUrl, pdf_url = $pdfUrl,
         sort_order = $sortOrder!, published = $published!, quiz = $quiz::jsonb, drip_days = $dripDays, available_from = $availableFrom,
         removed_at = NULL, updated_at = now()
   WHERE id = $id! AND course_id = $courseId!
     AND (removed_at IS NOT NULL
          OR (title, type, duration, content, video_url, pdf_url, sort_order, published, quiz, drip_days, available_from)
             IS DISTINCT FROM ($title!, $type!, $duration!, $content!, $videoUrl, $pdfUrl, $sortOrder!, $published!, $quiz::jsonb, $dripDays, $availableFrom))`;
const reorderLessons = sql<IReorderLessonsQuery>`
  UPDATE lessons l SET sort_order = o.ord, updated_at = now() FROM unnest($ids!::int[]) WITH ORDINALITY AS o(id, ord) WHERE l.id = o.id AND l.course_id = $courseId!`;
const touchCourse = sql<ITouchCourseQuery>`UPDATE courses SET updated_at = now() WHERE id = $id!`;
const lessonFile = sql<ILessonFileQuery>`
  SELECT l.pdf_url, l.drip_days, l.available_from FROM lessons l JOIN courses c ON c.id = l.course_id
   WHERE l.id = $lessonId! AND l.course_id = $courseId! AND ($includeUnpublished! OR (l.published AND c.status = 'published'))`;
const publishedCourse = sql<IPublishedCourseQuery>`SELECT title, price::text AS "price!" FROM courses WHERE id = $id! AND status = 'published'`;
const publishedLesson = sql<IPublishedLessonQuery>`
  SELECT title, type, quiz, drip_days, available_from FROM lessons WHERE id = $lessonId! AND course_id = $courseId! AND published`;
const lessonOfCourse = sql<ILessonOfCourseQuery>`
  SELECT id, course_id, title, type, duration, content, video_url, pdf_url, sort_order, published, quiz, drip_days, available_from
    FROM lessons WHERE id = $lessonId! AND course_id = $courseId!`;
const drippedLessons = sql<IDrippedLessonsQuery>`
  SELECT l.id, l.title, l.course_id, c.title AS course_title, l.drip_days, l.available_from
    FROM lessons l JOIN courses c ON c.id = l.course_id
   WHERE l.published AND c.status = 'published' AND (l.drip_days IS NOT NULL OR l.available_from IS NOT NULL)
   ORDER BY c.id, l.sort_order, l.id`;
const courseCounts = sql<ICourseCountsQuery>`
  SELECT count(*)::int AS "total!",
         count(*) FILTER (WHERE status = 'published')::int AS "published!",
         count(*) FILTER (WHERE status = 'published' AND created_at >= now() - make_interval(days => $days!))::int AS "publishedRecently!"
    FROM courses`;
const titlesAndRatings = sql<ITitlesAndRatingsQuery>`
  SELECT c.id, c.title, coalesce(r.rating, 0)::float8 AS "rating!"
    FROM courses c LEFT JOIN (SELECT course_id, round(avg(stars), 1) AS rating FROM course_ratings GROUP BY course_id) r ON r.course_id = c.id`;
const searchCourses = sql<ISearchCoursesQuery>`
  SELECT c.id, c.title, c.category AS subtitle, '/course/' || c.id AS "url!" FROM courses c
   WHERE c.status = 'published' AND (c.title ILIKE $pattern! OR c.description ILIKE $pattern! OR c.instructor ILIKE $pattern!)
   ORDER BY (c.title ILIKE $pattern!) DESC, c.title LIMIT $limit!`;
const searchLessons = sql<ISearchLessonsQuery>`
  SELECT l.id, l.title, c.title AS subtitle, '/course/' || c.id || '?lesson=' || l.id AS "url!" FROM lessons l JOIN courses c ON c.id = l.course_id
   WHERE c.status = 'published' AND l.published AND l.title ILIKE $pattern! ORDER BY c.title, l.sort_order LIMIT $limit!`;

/** A course row as generated (text columns) with the values the schema's checks allow: its category and status. */
const asCourse = <T extends object>(row: T) => row as Omit<T, 'category' | 'status'> & Pick<CourseRow, 'category' | 'status'>;
/** A lesson row as generated (text and jsonb columns) with what the lesson writes store: its type and quiz. */
const asLesson = <T extends object>(row: T) => row as Omit<T, 'type' | 'quiz'> & Pick<LessonRow, 'type' | 'quiz'>;

/** courses and lessons: the catalogue and its content. */
@Injectable()
export class CoursesRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get manager(): EntityManager {
    return this.dataSource.manager;
  }

  async catalogue(): Promise<CourseRow[]> {
    return (await typedRows(this.manager, catalogue, undefined)).map(asCourse);
  }

  async byId(id: number, manager: EntityManager = this.manager): Promise<CourseRow | undefined> {
    const row = await typedOne(manager, courseById, { id });
    return row && asCourse(row);
  }

  async publishedById(id: number): Promise<CourseRow | undefined> {
    const row = await typedOne(this.manager, publishedCourseById, { id });
    return row && asCourse(row);
  }

  /** Locks the course row for a write in the caller's transaction; false when there is no such course. */
  async lock(manager: EntityManager, id: number): Promise<boolean> {
    return (await typedRows(manager, lockCourse, { id })).length > 0;
  }

  /** The lessons of some courses in order; `publishedOnly` for learners. */
  async lessonsOf(courseIds: number[], options: { publishedOnly?: boolean; manager?: EntityManager } = {}): Promise<LessonRow[]> {
    if (courseIds.length === 0) return [];
    const rows = await typedRows(options.manager ?? this.manager, options.publishedOnly ? publishedLessonsOf : lessonsOf, { courseIds });
    return rows.map(asLesson);
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
    const row = await typedOne(manager, insertCourse, course);
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
    await typedExecute(manager, deleteCourse, { id });
  }

  /**
   * Replaces a course's lessons: existing ones not kept are removed (kept
   * unpublished with removed_at, so learners' progress on them stays), kept
   * or restored ones updated when they changed, new ones inserted (with the
   * id a draft gave them, when it did). A quiz that changed starts a new version.
   */
  async replaceLessons(manager: EntityManager, courseId: number, lessons: LessonWrite[], existingIds: number[]): Promise<void> {
    const keep = new Set(lessons.flatMap((l) => (l.existingId === null ? [] : [l.existingId])));
    const gone = existingIds.filter((id) => !keep.has(id));
    if (gone.length > 0) await typedExecute(manager, removeLessons, { courseId, ids: gone });
    for (const l of lessons) {
      const values = {
        courseId,
        title: l.title,
        type: l.type,
        duration: l.duration,
        content: l.content,
        videoUrl: l.videoUrl,
        pdfUrl: l.pdfUrl,
        sortOrder: l.order,
        published: l.published,
        quiz: l.quiz && JSON.stringify(l.quiz),
        dripDays: l.dripDays,
        availableFrom: l.availableFrom,
      };
      if (l.existingId === null) await typedExecute(manager, insertLesson, { ...values, id: l.newId ?? null });
      else await typedExecute(manager, updateLesson, { ...values, id: l.existingId });
    }
    await typedExecute(manager, bumpQuizVersions, { courseId });
    await typedExecute(manager, keepQuizVersions, { courseId });
  }

  /** `count` new lesson ids (a draft's new lessons). */
  async newLessonIds(manager: EntityManager, count: number): Promise<number[]> {
    if (count === 0) return [];
    return (await typedRows(manager, newLessonIds, { count })).map((r) => r.id);
  }

  /** The ids of every lesson row of the course, removed ones included. */
  async keptLessonIds(manager: EntityManager, courseId: number): Promise<number[]> {
    return (await typedRows(manager, keptLessonIds, { courseId })).map((r) => r.id);
  }

  async reorderLessons(manager: EntityManager, courseId: number, ids: number[]): Promise<void> {
    await typedExecute(manager, reorderLessons, { courseId, ids });
    await typedExecute(manager, touchCourse, { id: courseId });
  }

  /** The file address and drip rule of a lesson of a published course (a published lesson), or of any lesson when `includeUnpublished`. */
  lessonFile(
    courseId: number,
    lessonId: number,
    includeUnpublished: boolean,
  ): Promise<{ pdf_url: string | null; drip_days: number | null; available_from: Date | null } | undefined> {
    return typedOne(this.manager, lessonFile, { lessonId, courseId, includeUnpublished });
  }

  /** A published course's title and price, read in the caller's transaction (learning's writes). */
  publishedCourse(manager: EntityManager = this.manager, courseId: number): Promise<{ title: string; price: string } | undefined> {
    return typedOne(manager, publishedCourse, { id: courseId });
  }

  /** A published lesson of a course, by id: what learners act on (its type, quiz and drip rule). */
  async publishedLesson(manager: EntityManager = this.manager, courseId: number, lessonId: number): Promise<PublishedLessonRow | undefined> {
    const row = await typedOne(manager, publishedLesson, { lessonId, courseId });
    return row && asLesson(row);
  }

  /** A lesson of a course, published or not (the console's quiz statistics). */
  async lessonOfCourse(courseId: number, lessonId: number): Promise<LessonRow | undefined> {
    const row = await typedOne(this.manager, lessonOfCourse, { lessonId, courseId });
    return row && asLesson(row);
  }

  /** Published lessons of published courses with a drip rule (the daily digest of newly opened lessons). */
  drippedLessons(): Promise<DrippedLessonRow[]> {
    return typedRows(this.manager, drippedLessons, undefined);
  }

  async counts(days: number): Promise<{ total: number; published: number; publishedRecently: number }> {
    return (await typedOne(this.manager, courseCounts, { days }))!;
  }

  titlesAndRatings(): Promise<Array<{ id: number; title: string; rating: number }>> {
    return typedRows(this.manager, titlesAndRatings, undefined);
  }

  /** Published courses matching an ILIKE pattern (title first), for the dashboard's search. */
  searchCourses(pattern: string, limit: number): Promise<SearchHit[]> {
    return typedRows(this.manager, searchCourses, { pattern, limit });
  }

  /** Published lessons of published courses whose title matches. */
  searchLessons(pattern: string, limit: number): Promise<SearchHit[]> {
    return typedRows(this.manager, searchLessons, { pattern, limit });
  }
}

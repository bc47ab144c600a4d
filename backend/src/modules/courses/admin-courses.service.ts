import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { ApiError, type FieldErrors } from '../../common/errors/api-error';
import { likePattern, type ListQuery } from '../../common/http/list-query';
import { WhereBuilder } from '../../common/http/where-builder';
import { queryRows } from '../../database/query-rows';
import { TransactionRunner, type Tx } from '../../events/transaction-runner';
import { AuditService, diff } from '../audit/audit.service';
import type { CourseInputDto, CoursePatchDto, LessonInputDto } from './dto/admin-course.dto';
import type { CourseCategory, CourseStatus } from './entities/course.entity';
import type { LessonType } from './entities/lesson.entity';
import { toEmbedUrl, toSafeLessonHtml } from './lesson-content';

export interface AdminLessonView {
  id: number;
  courseId: number;
  title: string;
  type: LessonType;
  duration: string;
  content: string;
  videoUrl: string | null;
  pdfUrl: string | null;
  order: number;
  published: boolean;
}

export interface AdminCourseView {
  id: number;
  title: string;
  description: string;
  instructor: string;
  thumbnail: string;
  duration: string;
  category: CourseCategory;
  status: CourseStatus;
  price: number;
  totalLessons: number;
  lessonsCount: number;
  students: number;
  rating: number;
  revenue: number;
  createdDate: string;
  lastUpdated: string;
  lessons: AdminLessonView[];
}

export interface CourseFilter {
  q?: string;
  status?: CourseStatus;
  category?: CourseCategory;
}

export interface CourseSummary {
  totalCourses: number;
  totalStudents: number;
  avgRating: number;
  totalRevenue: number;
}

interface CourseRow {
  id: number;
  title: string;
  description: string;
  instructor: string;
  thumbnail: string;
  duration: string;
  category: CourseCategory;
  status: CourseStatus;
  price: string;
  total_lessons: number;
  lessons_count: number;
  students: number;
  rating: number;
  revenue: string;
  created_date: string;
  last_updated: string;
}

interface LessonRow {
  id: number;
  course_id: number;
  title: string;
  type: LessonType;
  duration: string;
  content: string;
  video_url: string | null;
  pdf_url: string | null;
  sort_order: number;
  published: boolean;
}

/** API sort field → SQL over the derived row (allow-listed; nothing else reaches ORDER BY). */
export const COURSE_SORT_COLUMNS: Record<string, string> = {
  id: 'id',
  title: 'lower(title)',
  instructor: 'lower(instructor)',
  category: 'category',
  status: 'status',
  price: 'price',
  totalLessons: 'total_lessons',
  lessonsCount: 'lessons_count',
  students: 'students',
  rating: 'rating',
  revenue: 'revenue',
  createdDate: 'created_at',
  lastUpdated: 'updated_at',
};

const COURSE_ROWS = `
  SELECT c.id, c.title, c.description, c.instructor, c.thumbnail, c.duration, c.category, c.status, c.price::text AS price,
         c.total_lessons, c.created_at, c.updated_at,
         to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS created_date,
         to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS last_updated,
         (SELECT count(*)::int FROM lessons l WHERE l.course_id = c.id) AS lessons_count,
         s.students,
         (SELECT coalesce(round(avg(r.stars), 1), 0)::float8 FROM course_ratings r WHERE r.course_id = c.id) AS rating,
         (c.price * s.students)::text AS revenue
    FROM courses c
    CROSS JOIN LATERAL (SELECT count(*)::int AS students FROM course_enrollments e WHERE e.course_id = c.id) s`;

const SAFE_THUMBNAIL = /^(https:\/\/[^\s]+|\/media\/[\w./-]+)$/i;
const SAFE_PDF = /^(https:\/\/[^\s]+|\/media\/[\w./-]+\.pdf)$/i;

function toLessonView(row: LessonRow): AdminLessonView {
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
  };
}

function snapshot(view: AdminCourseView): Record<string, unknown> {
  const { lessons, students: _s, rating: _r, revenue: _v, lessonsCount: _c, lastUpdated: _u, ...rest } = view;
  return { ...rest, lessons: lessons.map((l) => ({ id: l.id, title: l.title, type: l.type, order: l.order, published: l.published })) };
}

/** A lesson as it will be stored, after validation and sanitising. */
interface LessonWrite {
  existingId: number | null;
  title: string;
  type: LessonType;
  duration: string;
  content: string;
  videoUrl: string | null;
  pdfUrl: string | null;
  order: number;
  published: boolean;
}

/**
 * Course and lesson administration. Every write is one transaction with its
 * audit record and, when it matters to others, its event. Lesson lists are
 * replaced as a whole (the editors save the course with its lessons):
 * progress on deleted lessons goes with them, so learners' percentages stay
 * right because they are always derived from the published lessons.
 */
@Injectable()
export class AdminCoursesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly tx: TransactionRunner,
    private readonly audit: AuditService,
  ) {}

  async list(query: ListQuery): Promise<{ rows: AdminCourseView[]; total: number }> {
    const where = this.where(query.filter as CourseFilter, query.ids as number[] | undefined);
    const [{ total }] = await this.dataSource.query(`SELECT count(*)::int AS total FROM courses c ${where.sql}`, where.params);
    const order = COURSE_SORT_COLUMNS[query.sort.field];
    const rows: CourseRow[] = await this.dataSource.query(
      `SELECT * FROM (${COURSE_ROWS} ${where.sql}) x ORDER BY ${order} ${query.sort.order}, id ${query.sort.order} LIMIT ${query.take} OFFSET ${query.skip}`,
      where.params,
    );
    return { rows: await this.withLessons(this.dataSource.manager, rows), total };
  }

  async summary(filter: CourseFilter): Promise<CourseSummary> {
    const where = this.where(filter);
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS "totalCourses",
              coalesce(sum(students), 0)::int AS "totalStudents",
              coalesce(round(avg(rating) FILTER (WHERE rating > 0)::numeric, 1), 0)::float8 AS "avgRating",
              coalesce(sum(revenue::numeric), 0)::float8 AS "totalRevenue"
         FROM (${COURSE_ROWS} ${where.sql}) x`,
      where.params,
    );
    return row;
  }

  /** Every course of the filter, for the CSV export (bounded). */
  async exportRows(filter: CourseFilter, limit = 10000): Promise<AdminCourseView[]> {
    const where = this.where(filter);
    const rows: CourseRow[] = await this.dataSource.query(`SELECT * FROM (${COURSE_ROWS} ${where.sql}) x ORDER BY id LIMIT ${limit}`, where.params);
    return rows.map((r) => this.toView(r, []));
  }

  async get(id: number, manager: EntityManager = this.dataSource.manager): Promise<AdminCourseView> {
    const rows = await queryRows<CourseRow>(manager, `${COURSE_ROWS} WHERE c.id = $1`, [id]);
    if (rows.length === 0) throw ApiError.notFound('Course not found');
    return (await this.withLessons(manager, rows))[0];
  }

  async create(input: CourseInputDto, actor: AuthUser): Promise<AdminCourseView> {
    const lessons = input.lessons ? this.prepareLessons(input.lessons, new Set()) : [];
    return this.tx.run(async (tx) => {
      const [{ id }] = await queryRows<{ id: number }>(
        tx.manager,
        `INSERT INTO courses (title, description, instructor, thumbnail, duration, category, status, price, total_lessons)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          input.title,
          input.description,
          input.instructor,
          this.thumbnail(input.thumbnail),
          input.duration,
          input.category ?? 'Marketing',
          input.status ?? 'draft',
          input.price ?? 0,
          input.totalLessons,
        ],
      );
      await this.writeLessons(tx.manager, id, lessons, []);
      const created = await this.get(id, tx.manager);
      await this.audit.record(tx.manager, { actor, action: 'create', resource: 'courses', resourceId: id, summary: `Created course "${created.title}"`, after: snapshot(created) });
      if (created.status === 'published') await tx.emit('course.published', { type: 'course', id }, { courseId: id, title: created.title, actorId: actor.id });
      return created;
    });
  }

  /** The whole record or some fields; `lessons`, when sent, replaces the lesson list. */
  async update(id: number, input: CoursePatchDto, actor: AuthUser): Promise<AdminCourseView> {
    return this.tx.run(async (tx) => {
      const locked = await queryRows(tx.manager, `SELECT id FROM courses WHERE id = $1 FOR UPDATE`, [id]);
      if (locked.length === 0) throw ApiError.notFound('Course not found');
      const before = await this.get(id, tx.manager);
      const lessons = input.lessons ? this.prepareLessons(input.lessons, new Set(before.lessons.map((l) => l.id))) : null;

      const assignments: string[] = [];
      const params: unknown[] = [];
      const columns: Array<[string, unknown]> = [
        ['title', input.title],
        ['description', input.description],
        ['instructor', input.instructor],
        ['duration', input.duration],
        ['category', input.category],
        ['status', input.status],
        ['price', input.price],
        ['total_lessons', input.totalLessons],
        ['thumbnail', input.thumbnail === undefined || input.thumbnail === null ? undefined : this.thumbnail(input.thumbnail)],
      ];
      for (const [column, value] of columns) {
        if (value === undefined || value === null) continue;
        params.push(value);
        assignments.push(`${column} = $${params.length}`);
      }
      if (assignments.length > 0 || lessons) {
        await tx.manager.query(`UPDATE courses SET ${[...assignments, 'updated_at = now()'].join(', ')} WHERE id = $${params.length + 1}`, [...params, id]);
      }
      if (lessons) await this.writeLessons(tx.manager, id, lessons, before.lessons.map((l) => l.id));

      const after = await this.get(id, tx.manager);
      const changes = diff(snapshot(before), snapshot(after));
      if (Object.keys(changes.after).length > 0) {
        await this.audit.record(tx.manager, {
          actor,
          action: 'update',
          resource: 'courses',
          resourceId: id,
          summary: `Updated course "${after.title}": ${Object.keys(changes.after).join(', ')}`,
          ...changes,
        });
        await this.announce(tx, before, after, actor);
      }
      return after;
    });
  }

  async remove(id: number, actor: AuthUser): Promise<AdminCourseView> {
    return this.tx.run(async (tx) => {
      const before = await this.get(id, tx.manager);
      await tx.manager.query(`DELETE FROM courses WHERE id = $1`, [id]);
      await this.audit.record(tx.manager, { actor, action: 'delete', resource: 'courses', resourceId: id, summary: `Deleted course "${before.title}"`, before: snapshot(before) });
      return before;
    });
  }

  /** New lesson order: exactly the course's lesson ids, each once. */
  async reorderLessons(courseId: number, ids: number[], actor: AuthUser): Promise<void> {
    await this.tx.run(async (tx) => {
      const before = await this.get(courseId, tx.manager);
      const existing = before.lessons.map((l) => l.id).sort((a, b) => a - b);
      const given = [...ids].sort((a, b) => a - b);
      if (new Set(ids).size !== ids.length || JSON.stringify(existing) !== JSON.stringify(given)) {
        throw ApiError.field('ids', "ids must list every lesson of this course exactly once");
      }
      await tx.manager.query(
        `UPDATE lessons l SET sort_order = o.ord, updated_at = now() FROM unnest($2::int[]) WITH ORDINALITY AS o(id, ord) WHERE l.id = o.id AND l.course_id = $1`,
        [courseId, ids],
      );
      await tx.manager.query(`UPDATE courses SET updated_at = now() WHERE id = $1`, [courseId]);
      await this.audit.record(tx.manager, { actor, action: 'update', resource: 'courses', resourceId: courseId, summary: `Reordered the lessons of "${before.title}"`, before: { lessonOrder: before.lessons.map((l) => l.id) }, after: { lessonOrder: ids } });
    });
  }

  private async announce(tx: Tx, before: AdminCourseView, after: AdminCourseView, actor: AuthUser): Promise<void> {
    if (after.status === 'published' && before.status !== 'published') {
      await tx.emit('course.published', { type: 'course', id: after.id }, { courseId: after.id, title: after.title, actorId: actor.id });
    }
    if (JSON.stringify(snapshot(before).lessons) !== JSON.stringify(snapshot(after).lessons)) {
      await tx.emit('course.content_changed', { type: 'course', id: after.id }, { courseId: after.id, title: after.title, actorId: actor.id });
    }
  }

  private where(filter: CourseFilter = {}, ids?: number[]): WhereBuilder {
    const where = new WhereBuilder();
    if (filter.q) where.add('(c.title ILIKE ? OR c.instructor ILIKE ?)', likePattern(filter.q), likePattern(filter.q));
    where.when(filter.status, 'c.status = ?', filter.status);
    where.when(filter.category, 'c.category = ?', filter.category);
    if (ids) where.add('c.id = ANY(?::int[])', ids);
    return where;
  }

  private thumbnail(value: string | undefined): string {
    const text = (value ?? '').trim();
    if (text !== '' && !SAFE_THUMBNAIL.test(text)) throw ApiError.field('thumbnail', 'Thumbnail must be an https URL or an uploaded image');
    return text;
  }

  /** Validates and sanitises the lessons; every problem is reported on its field (`lessons.2.videoUrl`). */
  private prepareLessons(input: LessonInputDto[], existingIds: Set<number>): LessonWrite[] {
    const errors: FieldErrors = {};
    const kept = new Set<number>();
    const lessons = input.map((lesson, i): LessonWrite => {
      const type = lesson.type ?? 'text';
      let videoUrl: string | null = null;
      let pdfUrl: string | null = null;
      if (type === 'video') {
        videoUrl = lesson.videoUrl ? toEmbedUrl(lesson.videoUrl) : null;
        if (!videoUrl) errors[`lessons.${i}.videoUrl`] = 'Video URL must be an https embed link from YouTube, Vimeo, Loom or Wistia';
      }
      if (type === 'pdf') {
        pdfUrl = lesson.pdfUrl?.trim() || null;
        if (!pdfUrl || !SAFE_PDF.test(pdfUrl)) errors[`lessons.${i}.pdfUrl`] = 'PDF lessons need an uploaded PDF';
      }
      const id = typeof lesson.id === 'number' ? lesson.id : typeof lesson.id === 'string' && /^\d{1,10}$/.test(lesson.id) ? Number(lesson.id) : null;
      const existingId = id !== null && existingIds.has(id) && !kept.has(id) ? id : null;
      if (existingId !== null) kept.add(existingId);
      return {
        existingId,
        title: lesson.title,
        type,
        duration: lesson.duration,
        content: toSafeLessonHtml(lesson.content ?? ''),
        videoUrl,
        pdfUrl,
        order: lesson.order,
        published: lesson.published ?? lesson.isPublished ?? false,
      };
    });
    const messages = Object.values(errors);
    if (messages.length > 0) throw ApiError.badRequest(messages.length === 1 ? messages[0] : 'Validation failed', errors);
    return lessons;
  }

  private async writeLessons(manager: EntityManager, courseId: number, lessons: LessonWrite[], existingIds: number[]): Promise<void> {
    const keep = lessons.filter((l) => l.existingId !== null).map((l) => l.existingId as number);
    const gone = existingIds.filter((id) => !keep.includes(id));
    if (gone.length > 0) await manager.query(`DELETE FROM lessons WHERE course_id = $1 AND id = ANY($2::int[])`, [courseId, gone]);
    for (const l of lessons) {
      const values = [l.title, l.type, l.duration, l.content, l.videoUrl, l.pdfUrl, l.order, l.published];
      if (l.existingId === null) {
        await manager.query(
          `INSERT INTO lessons (course_id, title, type, duration, content, video_url, pdf_url, sort_order, published) VALUES ($9, $1, $2, $3, $4, $5, $6, $7, $8)`,
          [...values, courseId],
        );
      } else {
        await manager.query(
          `UPDATE lessons SET title = $1, type = $2, duration = $3, content = $4, video_url = $5, pdf_url = $6, sort_order = $7, published = $8, updated_at = now()
            WHERE id = $9 AND course_id = $10
              AND (title, type, duration, content, video_url, pdf_url, sort_order, published) IS DISTINCT FROM ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [...values, l.existingId, courseId],
        );
      }
    }
  }

  private async withLessons(manager: EntityManager, rows: CourseRow[]): Promise<AdminCourseView[]> {
    if (rows.length === 0) return [];
    const lessons = await queryRows<LessonRow>(
      manager,
      `SELECT id, course_id, title, type, duration, content, video_url, pdf_url, sort_order, published FROM lessons WHERE course_id = ANY($1::int[]) ORDER BY sort_order, id`,
      [rows.map((r) => r.id)],
    );
    const byCourse = new Map<number, AdminLessonView[]>();
    for (const l of lessons) {
      const list = byCourse.get(l.course_id) ?? [];
      list.push(toLessonView(l));
      byCourse.set(l.course_id, list);
    }
    return rows.map((r) => this.toView(r, byCourse.get(r.id) ?? []));
  }

  private toView(row: CourseRow, lessons: AdminLessonView[]): AdminCourseView {
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
      revenue: Number(row.revenue),
      createdDate: row.created_date,
      lastUpdated: row.last_updated,
      lessons,
    };
  }
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import type { ListQuery } from '../../common/http/list-query';
import { TransactionRunner, type Tx } from '../../events/transaction-runner';
import { AuditService, diff } from '../audit';
import type { CourseWrite } from './course.model';
import { contentOf } from './course-content';
import { CourseDraftsService } from './course-drafts.service';
import { auditSnapshot, lessonsByCourse, toAdminCourseView, type AdminCourseView } from './course-views';
import { CoursesError } from './courses.error';
import { CoursesRepository, type CourseFilter, type CourseSummary } from './courses.repository';
import type { CourseInputDto, CoursePatchDto } from './dto/admin-course.dto';
import { assertCompleteOrder, prepareLessons, thumbnailInput } from './lesson-input';

const EXPORT_LIMIT = 10_000;

function courseWrite(input: CoursePatchDto): CourseWrite {
  return {
    title: input.title,
    description: input.description,
    instructor: input.instructor,
    duration: input.duration,
    category: input.category,
    status: input.status,
    price: input.price,
    totalLessons: input.totalLessons,
    thumbnail: input.thumbnail === undefined || input.thumbnail === null ? undefined : thumbnailInput(input.thumbnail),
  };
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
    private readonly courses: CoursesRepository,
    private readonly tx: TransactionRunner,
    private readonly audit: AuditService,
    private readonly drafts: CourseDraftsService,
  ) {}

  async list(query: ListQuery): Promise<{ rows: AdminCourseView[]; total: number }> {
    const { rows, total } = await this.courses.list(query.filter as CourseFilter, query.ids as number[] | undefined, query);
    const lessons = lessonsByCourse(await this.courses.lessonsOf(rows.map((r) => r.id)));
    return { rows: rows.map((r) => toAdminCourseView(r, lessons.get(r.id) ?? [])), total };
  }

  summary(filter: CourseFilter): Promise<CourseSummary> {
    return this.courses.summary(filter);
  }

  /** Every course of the filter, for the CSV export (bounded). */
  async exportRows(filter: CourseFilter): Promise<AdminCourseView[]> {
    return (await this.courses.exportRows(filter, EXPORT_LIMIT)).map((r) => toAdminCourseView(r, []));
  }

  async get(id: number, manager?: EntityManager): Promise<AdminCourseView> {
    const row = await this.courses.byId(id, manager);
    if (!row) throw CoursesError.courseNotFound();
    return toAdminCourseView(row, await this.courses.lessonsOf([id], { manager }));
  }

  async create(input: CourseInputDto, actor: AuthUser): Promise<AdminCourseView> {
    const lessons = input.lessons ? prepareLessons(input.lessons, new Set()) : [];
    const fields = courseWrite(input);
    return this.tx.run(async (tx) => {
      const id = await this.courses.insert(tx.manager, {
        title: input.title,
        description: input.description,
        instructor: input.instructor,
        thumbnail: fields.thumbnail ?? '',
        duration: input.duration,
        category: input.category ?? 'Marketing',
        status: input.status ?? 'draft',
        price: input.price ?? 0,
        totalLessons: input.totalLessons,
      });
      await this.courses.replaceLessons(tx.manager, id, lessons, []);
      const created = await this.get(id, tx.manager);
      await this.audit.record(tx.manager, {
        actor,
        action: 'create',
        resource: 'courses',
        resourceId: id,
        summary: `Created course "${created.title}"`,
        after: auditSnapshot(created),
      });
      if (created.status === 'published') await tx.emit('course.published', { type: 'course', id }, { courseId: id, title: created.title, actorId: actor.id });
      return created;
    });
  }

  /** The whole record or some fields; `lessons`, when sent, replaces the lesson list. */
  async update(id: number, input: CoursePatchDto, actor: AuthUser): Promise<AdminCourseView> {
    return this.tx.run(async (tx) => {
      if (!(await this.courses.lock(tx.manager, id))) throw CoursesError.courseNotFound();
      const before = await this.get(id, tx.manager);
      const lessons = input.lessons ? prepareLessons(input.lessons, new Set(before.lessons.map((l) => l.id))) : null;
      const fields = Object.fromEntries(Object.entries(courseWrite(input)).filter(([, v]) => v !== undefined && v !== null)) as CourseWrite;
      if (Object.keys(fields).length > 0 || lessons) await this.courses.update(tx.manager, id, fields);
      if (lessons)
        await this.courses.replaceLessons(
          tx.manager,
          id,
          lessons,
          before.lessons.map((l) => l.id),
        );

      const after = await this.get(id, tx.manager);
      // A direct write goes live at once (API clients, bulk status changes): it is a revision like a publish.
      await this.drafts.recordDirect(tx.manager, id, contentOf(before), actor.id);
      const changes = diff(auditSnapshot(before), auditSnapshot(after));
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
      await this.courses.delete(tx.manager, id);
      await this.audit.record(tx.manager, {
        actor,
        action: 'delete',
        resource: 'courses',
        resourceId: id,
        summary: `Deleted course "${before.title}"`,
        before: auditSnapshot(before),
      });
      return before;
    });
  }

  /** New lesson order: exactly the course's lesson ids, each once. */
  async reorderLessons(courseId: number, ids: number[], actor: AuthUser): Promise<void> {
    await this.tx.run(async (tx) => {
      const before = await this.get(courseId, tx.manager);
      assertCompleteOrder(
        before.lessons.map((l) => l.id),
        ids,
      );
      await this.courses.reorderLessons(tx.manager, courseId, ids);
      await this.audit.record(tx.manager, {
        actor,
        action: 'update',
        resource: 'courses',
        resourceId: courseId,
        summary: `Reordered the lessons of "${before.title}"`,
        before: { lessonOrder: before.lessons.map((l) => l.id) },
        after: { lessonOrder: ids },
      });
    });
  }

  private async announce(tx: Tx, before: AdminCourseView, after: AdminCourseView, actor: AuthUser): Promise<void> {
    if (after.status === 'published' && before.status !== 'published') {
      await tx.emit('course.published', { type: 'course', id: after.id }, { courseId: after.id, title: after.title, actorId: actor.id });
    }
    if (JSON.stringify(auditSnapshot(before).lessons) !== JSON.stringify(auditSnapshot(after).lessons)) {
      await tx.emit('course.content_changed', { type: 'course', id: after.id }, { courseId: after.id, title: after.title, actorId: actor.id });
    }
  }
}

import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user';
import { CommonError } from '../../common/errors/common.error';
import { TransactionRunner, type Tx } from '../../events/transaction-runner';
import { HandlesCommand } from '../../queue/job-decorators';
import { JobHandlers } from '../../queue/job-handlers';
import { QueueService } from '../../queue/queue.service';
import { AuditService } from '../audit';
import { SettingsService } from '../settings';
import type { LessonWrite } from './course.model';
import { compareContent, contentOf, partialContent, summarise, type CourseContent } from './course-content';
import { CourseDraftsRepository, type RevisionRow, type RevisionSource, type ScheduleRow } from './course-drafts.repository';
import { toAdminCourseView } from './course-views';
import { CoursesError } from './courses.error';
import { CoursesRepository } from './courses.repository';
import type { CoursePatchDto } from './dto/admin-course.dto';
import type { CourseDraftView, PublishOptionsDto, PublishResult, PublishScheduleView, RevisionView, ScheduleInputDto } from './dto/course-drafts.dto';
import { prepareLessons, thumbnailInput } from './lesson-input';
import { momentInZone } from './zoned-time';

/** How often the worker looks for due scheduled publishes (the safety net under each schedule's own delayed job). */
const DUE_SWEEP_MS = 60_000;

/** Who publishes: an admin, or the scheduler on behalf of the admin who scheduled. */
interface Publisher {
  id: string | null;
  email: string | null;
  /** Publishing through an API key (the audit entry says so). */
  apiKey?: AuthUser['apiKey'];
}

/** A lesson as stored from its validated content (ids kept: a draft's new lessons already have theirs). */
function lessonWrites(content: CourseContent, keptIds: ReadonlySet<number>): LessonWrite[] {
  return content.lessons.map((l) => ({
    existingId: keptIds.has(l.id) ? l.id : null,
    newId: keptIds.has(l.id) ? null : l.id,
    title: l.title,
    type: l.type,
    duration: l.duration,
    content: l.content,
    videoUrl: l.videoUrl,
    pdfUrl: l.pdfUrl,
    order: l.order,
    published: l.published,
    quiz: l.quiz,
    dripDays: l.dripDays,
    availableFrom: l.availableFrom ? new Date(l.availableFrom) : null,
  }));
}

function revisionView(row: RevisionRow): RevisionView {
  return { number: row.number, createdAt: row.createdAt.toISOString(), author: row.author, source: row.source, summary: row.summary, changes: row.changes };
}

function scheduleView(row: ScheduleRow): PublishScheduleView {
  return {
    id: row.id,
    at: row.runAt.toISOString(),
    lessonIds: row.lessonIds,
    details: row.details,
    notify: row.notify,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The author's side of a live course (issue 32). The courses and lessons
 * rows are the published version, the only one learners, the catalogue,
 * search, certificates, analytics and the digest read. The editor saves
 * into the course's draft (course_drafts: the whole content, validated and
 * sanitised like a direct save, new lessons already holding their ids). A
 * publish, whole or of chosen lessons, is one transaction: the rows
 * rewritten, a revision with the content now live, its author and what
 * changed, one `course.published` event and the audit entry. A scheduled
 * publish is a row claimed once by whichever worker gets it first (its own
 * delayed job at the time, and a sweep every minute as the safety net).
 */
@Injectable()
export class CourseDraftsService implements OnModuleInit {
  private readonly log = new Logger(CourseDraftsService.name);

  constructor(
    private readonly courses: CoursesRepository,
    private readonly drafts: CourseDraftsRepository,
    private readonly tx: TransactionRunner,
    private readonly audit: AuditService,
    private readonly settings: SettingsService,
    private readonly queue: QueueService,
    private readonly handlers: JobHandlers,
  ) {}

  onModuleInit(): void {
    this.handlers.schedule('publish-due-drafts', { every: DUE_SWEEP_MS }, {});
  }

  /** The published content, read in the caller's transaction. */
  async published(courseId: number, manager?: EntityManager): Promise<{ status: string; content: CourseContent }> {
    const row = await this.courses.byId(courseId, manager);
    if (!row) throw CoursesError.courseNotFound();
    const view = toAdminCourseView(row, await this.courses.lessonsOf([courseId], { manager }));
    return { status: view.status, content: contentOf(view) };
  }

  /** The draft the author works on (the published content when there is none). */
  async draftContent(courseId: number, manager?: EntityManager): Promise<CourseContent> {
    const draft = await this.drafts.draft(courseId, manager);
    return draft?.content ?? (await this.published(courseId, manager)).content;
  }

  async view(courseId: number, manager?: EntityManager): Promise<CourseDraftView> {
    const { status, content: published } = await this.published(courseId, manager);
    const draft = await this.drafts.draft(courseId, manager);
    const schedule = await this.drafts.pendingSchedule(courseId, manager);
    const revision = await this.drafts.latestRevision(courseId, manager);
    const current = draft?.content ?? published;
    return {
      courseId,
      status: status as CourseDraftView['status'],
      hasDraft: !!draft,
      updatedAt: draft ? draft.updatedAt.toISOString() : null,
      updatedBy: draft?.updatedBy ?? null,
      draft: current,
      published,
      changes: compareContent(published, current),
      schedule: schedule ? scheduleView(schedule) : null,
      revision,
    };
  }

  /**
   * Saves the editor's whole draft (autosave): validated and sanitised as a
   * direct save would be; lesson ids of the draft or of the course's lessons
   * (removed ones too, which the publish brings back) are kept, any other
   * lesson gets a new id now. A draft equal to the published content is dropped.
   */
  async save(courseId: number, input: CoursePatchDto, actor: AuthUser): Promise<CourseDraftView> {
    return this.tx.run(async (tx) => {
      if (!(await this.courses.lock(tx.manager, courseId))) throw CoursesError.courseNotFound();
      const { content: published } = await this.published(courseId, tx.manager);
      const current = await this.draftContent(courseId, tx.manager);
      const known = new Set([...current.lessons.map((l) => l.id), ...(await this.courses.keptLessonIds(tx.manager, courseId))]);
      const lessons = input.lessons ? prepareLessons(input.lessons, known) : null;
      const fresh = lessons ? await this.courses.newLessonIds(tx.manager, lessons.filter((l) => l.existingId === null).length) : [];
      const next: CourseContent = {
        title: input.title ?? current.title,
        description: input.description ?? current.description,
        instructor: input.instructor ?? current.instructor,
        thumbnail: input.thumbnail === undefined || input.thumbnail === null ? current.thumbnail : thumbnailInput(input.thumbnail),
        duration: input.duration ?? current.duration,
        category: input.category ?? current.category,
        price: input.price ?? current.price,
        totalLessons: input.totalLessons ?? current.totalLessons,
        lessons: lessons
          ? lessons.map((l) => ({
              id: l.existingId ?? fresh.shift()!,
              courseId,
              title: l.title,
              type: l.type,
              duration: l.duration,
              content: l.content,
              videoUrl: l.videoUrl,
              pdfUrl: l.pdfUrl,
              order: l.order,
              published: l.published,
              quiz: l.quiz,
              dripDays: l.dripDays,
              availableFrom: l.availableFrom ? l.availableFrom.toISOString() : null,
            }))
          : current.lessons,
      };
      if (compareContent(published, next).differs) await this.drafts.saveDraft(tx.manager, courseId, next, actor.id);
      else await this.drafts.deleteDraft(tx.manager, courseId);
      return this.view(courseId, tx.manager);
    });
  }

  /** Drops the draft (and a pending scheduled publish of it): the editor shows the published content again. */
  async discard(courseId: number, actor: AuthUser): Promise<CourseDraftView> {
    return this.tx.run(async (tx) => {
      if (!(await this.courses.lock(tx.manager, courseId))) throw CoursesError.courseNotFound();
      const draft = await this.drafts.draft(courseId, tx.manager);
      const { content: published } = await this.published(courseId, tx.manager);
      await this.drafts.deleteDraft(tx.manager, courseId);
      const cancelled = await this.drafts.cancelPending(tx.manager, courseId, 'The draft was discarded');
      if (draft || cancelled) {
        await this.audit.record(tx.manager, {
          actor,
          action: 'discard-draft',
          resource: 'courses',
          resourceId: courseId,
          summary: `Discarded the draft of "${published.title}"${draft ? `: ${summarise(compareContent(published, draft.content))}` : ''}${cancelled ? ' (and its scheduled publish)' : ''}`,
        });
      }
      return this.view(courseId, tx.manager);
    });
  }

  /** Publishes the draft now: all of it, or the chosen lessons (and the course details when asked). */
  async publish(courseId: number, options: PublishOptionsDto, actor: AuthUser): Promise<PublishResult> {
    return this.tx.run(async (tx) => {
      const revision = await this.publishIn(tx, courseId, options, { id: actor.id, email: actor.email, apiKey: actor.apiKey }, 'publish');
      return { revision, draft: await this.view(courseId, tx.manager) };
    });
  }

  /** Schedules the draft's publish at a moment (a wall-clock time in the site's timezone, or with an offset); replaces a pending one. */
  async schedule(courseId: number, input: ScheduleInputDto, actor: AuthUser): Promise<PublishScheduleView> {
    const zone = await this.settings.timeZone();
    const runAt = momentInZone(input.at, zone);
    if (!runAt) throw CommonError.field('at', 'Choose a valid date and time');
    if (runAt.getTime() <= Date.now()) throw CommonError.field('at', 'Choose a date and time in the future');
    const row = await this.tx.run(async (tx) => {
      if (!(await this.courses.lock(tx.manager, courseId))) throw CoursesError.courseNotFound();
      const { content: published } = await this.published(courseId, tx.manager);
      const draft = await this.drafts.draft(courseId, tx.manager);
      if (!draft) throw CommonError.conflict('Nothing to publish: the draft is the same as the published course');
      await this.drafts.cancelPending(tx.manager, courseId, 'Replaced by a new schedule');
      await this.drafts.insertSchedule(tx.manager, {
        courseId,
        runAt,
        lessonIds: input.lessonIds && input.lessonIds.length > 0 ? input.lessonIds : null,
        details: input.details ?? !input.lessonIds?.length,
        notify: input.notify ?? false,
        createdBy: actor.id,
      });
      const when = new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(runAt);
      await this.audit.record(tx.manager, {
        actor,
        action: 'schedule-publish',
        resource: 'courses',
        resourceId: courseId,
        summary: `Scheduled the draft of "${published.title}" to publish on ${when} (${zone})`,
        after: { at: runAt.toISOString(), timeZone: zone, lessonIds: input.lessonIds ?? null, notify: input.notify ?? false },
      });
      return (await this.drafts.pendingSchedule(courseId, tx.manager))!;
    });
    // The job wakes a worker at the time; the minute sweep publishes it anyway if this job is lost.
    await this.queue.enqueue('publish-due-drafts', {}, { delay: Math.max(0, runAt.getTime() - Date.now()), jobId: `publish-schedule-${row.id}` });
    return scheduleView(row);
  }

  async cancelSchedule(courseId: number, actor: AuthUser): Promise<CourseDraftView> {
    return this.tx.run(async (tx) => {
      if (!(await this.courses.lock(tx.manager, courseId))) throw CoursesError.courseNotFound();
      const { content: published } = await this.published(courseId, tx.manager);
      if (await this.drafts.cancelPending(tx.manager, courseId, 'Cancelled by an administrator')) {
        await this.audit.record(tx.manager, {
          actor,
          action: 'cancel-scheduled-publish',
          resource: 'courses',
          resourceId: courseId,
          summary: `Cancelled the scheduled publish of "${published.title}"`,
        });
      }
      return this.view(courseId, tx.manager);
    });
  }

  async revisions(courseId: number): Promise<RevisionView[]> {
    if (!(await this.courses.byId(courseId))) throw CoursesError.courseNotFound();
    return (await this.drafts.revisions(courseId)).map(revisionView);
  }

  /** A revision's content becomes the draft (replacing the current draft); publishing it brings it back. */
  async restore(courseId: number, number: number, actor: AuthUser): Promise<CourseDraftView> {
    return this.tx.run(async (tx) => {
      if (!(await this.courses.lock(tx.manager, courseId))) throw CoursesError.courseNotFound();
      const revision = await this.drafts.revision(tx.manager, courseId, number);
      if (!revision) throw CommonError.notFound(`Revision ${number} of this course not found`);
      const { content: published } = await this.published(courseId, tx.manager);
      if (compareContent(published, revision.content).differs) await this.drafts.saveDraft(tx.manager, courseId, revision.content, actor.id);
      else await this.drafts.deleteDraft(tx.manager, courseId);
      await this.audit.record(tx.manager, {
        actor,
        action: 'restore-revision',
        resource: 'courses',
        resourceId: courseId,
        summary: `Restored revision ${number} of "${published.title}" as the draft`,
        after: { revision: number },
      });
      return this.view(courseId, tx.manager);
    });
  }

  /**
   * Records a revision for content that just went live (in the caller's
   * transaction, after the rows were written): the first one also records
   * the content before it as revision 1 ('baseline'), so the state before
   * any publish can always be restored. Answers the new revision.
   */
  async recordRevision(
    manager: EntityManager,
    courseId: number,
    before: CourseContent,
    after: CourseContent,
    source: RevisionSource,
    authorId: string | null,
  ): Promise<RevisionRow> {
    let latest = await this.drafts.latestRevision(courseId, manager);
    if (latest === null) {
      await this.drafts.insertRevision(manager, {
        courseId,
        number: 1,
        content: before,
        changes: { differs: false, fields: [], lessons: [] },
        summary: 'The course before its first publish',
        source: 'baseline',
        authorId: null,
      });
      latest = 1;
    }
    const changes = compareContent(before, after);
    await this.drafts.insertRevision(manager, { courseId, number: latest + 1, content: after, changes, summary: summarise(changes), source, authorId });
    return (await this.drafts.revision(manager, courseId, latest + 1))!;
  }

  @HandlesCommand('publish-due-drafts')
  publishDueNow(): Promise<{ published: number; failed: number }> {
    return this.publishDue(new Date());
  }

  /** Publishes due schedules; each in its own transaction, claimed once (a second worker skips a claimed one, a finished one is gone). */
  async publishDue(now: Date): Promise<{ published: number; failed: number }> {
    let published = 0;
    let failed = 0;
    for (const id of await this.drafts.dueSchedules(now)) {
      try {
        const done = await this.tx.run(async (tx) => {
          const schedule = await this.drafts.claimDue(tx.manager, id, now);
          if (!schedule) return false;
          const revision = await this.publishIn(
            tx,
            schedule.courseId,
            { lessonIds: schedule.lessonIds ?? undefined, details: schedule.details, notify: schedule.notify },
            { id: schedule.createdById, email: null },
            'schedule',
          );
          await this.drafts.finishSchedule(tx.manager, schedule.id, 'published', null, revision.number);
          return true;
        });
        if (done) published++;
      } catch (err) {
        // A schedule that cannot publish (nothing left to publish, a lesson that no longer validates) is closed with its reason, once.
        failed++;
        const reason = err instanceof Error ? err.message : String(err);
        this.log.warn(`Scheduled publish ${id} failed: ${reason}`);
        await this.tx.run(async (tx) => {
          const schedule = await this.drafts.claimDue(tx.manager, id, now);
          if (schedule) await this.drafts.finishSchedule(tx.manager, id, 'failed', reason.slice(0, 500), null);
        });
      }
    }
    return { published, failed };
  }

  /** The publish itself, in the caller's transaction: rows, quiz versions (replaceLessons), revision, event, audit; the draft keeps what was not published. */
  private async publishIn(tx: Tx, courseId: number, options: PublishOptionsDto, by: Publisher, source: RevisionSource): Promise<RevisionView> {
    if (!(await this.courses.lock(tx.manager, courseId))) throw CoursesError.courseNotFound();
    const { status, content: published } = await this.published(courseId, tx.manager);
    const draft = await this.drafts.draft(courseId, tx.manager);
    if (!draft) throw CommonError.conflict('Nothing to publish: the draft is the same as the published course');
    const chosen = options.lessonIds && options.lessonIds.length > 0 ? new Set(options.lessonIds) : null;
    const target = chosen ? partialContent(published, draft.content, chosen, options.details ?? false) : draft.content;
    const changes = compareContent(published, target);
    if (!changes.differs) throw CommonError.conflict('Nothing to publish: the chosen changes are already published');
    const firstPublish = status === 'draft';

    const kept = new Set(await this.courses.keptLessonIds(tx.manager, courseId));
    await this.courses.update(tx.manager, courseId, {
      title: target.title,
      description: target.description,
      instructor: target.instructor,
      thumbnail: target.thumbnail,
      duration: target.duration,
      category: target.category,
      price: target.price,
      totalLessons: target.totalLessons,
      ...(firstPublish ? { status: 'published' as const } : {}),
    });
    await this.courses.replaceLessons(
      tx.manager,
      courseId,
      lessonWrites(target, kept),
      published.lessons.map((l) => l.id),
    );
    const after = (await this.published(courseId, tx.manager)).content;
    const revision = await this.recordRevision(tx.manager, courseId, published, after, source, by.id);

    // What is left in the draft (a partial publish) stays a draft; a draft now equal to what is live is done.
    const leftOver = chosen !== null && compareContent(after, draft.content).differs;
    if (leftOver) await this.drafts.saveDraft(tx.manager, courseId, draft.content, by.id);
    else await this.drafts.deleteDraft(tx.manager, courseId);
    // A publish now of everything leaves a scheduled one nothing to do (the schedule's own publish closes its row itself).
    if (source !== 'schedule' && !leftOver) await this.drafts.cancelPending(tx.manager, courseId, 'Published');

    await tx.emit(
      'course.published',
      { type: 'course', id: courseId },
      {
        courseId,
        title: after.title,
        actorId: by.id,
        revision: revision.number,
        firstPublish,
        notify: options.notify ?? false,
        changes: { fields: changes.fields.map((f) => f.field), lessons: changes.lessons.map((l) => ({ lessonId: l.lessonId, title: l.title, kind: l.kind })) },
      },
    );
    await this.audit.record(tx.manager, {
      // A scheduled publish is the scheduler's act (the schedule itself was audited with its admin).
      actor: source === 'schedule' || !by.id ? null : { id: by.id, email: by.email ?? '', apiKey: by.apiKey },
      actorLabel: source === 'schedule' || !by.id ? 'scheduler' : undefined,
      action: 'publish-draft',
      resource: 'courses',
      resourceId: courseId,
      summary: `Published revision ${revision.number} of "${after.title}"${source === 'schedule' ? ' (scheduled)' : ''}: ${revision.summary}`,
      after: { revision: revision.number, lessonIds: options.lessonIds ?? null, notify: options.notify ?? false },
    });
    return revisionView(revision);
  }

  /** Records the direct write of a course (PUT /api/admin/courses/{id}) as a revision when its content changed. */
  async recordDirect(manager: EntityManager, courseId: number, before: CourseContent, actorId: string): Promise<void> {
    const after = (await this.published(courseId, manager)).content;
    if (compareContent(before, after).differs) await this.recordRevision(manager, courseId, before, after, 'direct', actorId);
  }
}

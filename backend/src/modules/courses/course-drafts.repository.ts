import { Injectable } from '@nestjs/common';
import { sql } from '@pgtyped/runtime';
import { DataSource, type EntityManager } from 'typeorm';
import { typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type { CourseChanges, CourseContent } from './course-content';
import type {
  IAllRevisionsQuery,
  ICancelPendingScheduleQuery,
  IClaimDueScheduleQuery,
  IDeleteDraftQuery,
  IDraftQuery,
  IDueSchedulesQuery,
  IFinishScheduleQuery,
  IInsertRevisionQuery,
  IInsertScheduleQuery,
  ILatestRevisionQuery,
  IPendingScheduleQuery,
  IRevisionQuery,
  ISaveDraftQuery,
} from './course-drafts.repository.types';

export type RevisionSource = 'baseline' | 'publish' | 'schedule' | 'direct';

export interface DraftRow {
  content: CourseContent;
  updatedAt: Date;
  updatedBy: string | null;
}

export interface RevisionRow {
  number: number;
  content: CourseContent;
  changes: CourseChanges;
  summary: string;
  source: RevisionSource;
  author: string | null;
  createdAt: Date;
}

export interface ScheduleRow {
  id: number;
  courseId: number;
  runAt: Date;
  lessonIds: number[] | null;
  details: boolean;
  notify: boolean;
  createdBy: string | null;
  createdById: string | null;
  createdAt: Date;
}

/* Typed against the schema by pgtyped (npm run db:types writes course-drafts.repository.types.ts). */
const draft = sql<IDraftQuery>`
  SELECT d.content, d.updated_at, u.email AS "updated_by?" FROM course_drafts d LEFT JOIN users u ON u.id = d.updated_by WHERE d.course_id = $courseId!`;
const saveDraft = sql<ISaveDraftQuery>`
  INSERT INTO course_drafts (course_id, content, updated_at, updated_by) VALUES ($courseId!, $content!::jsonb, now(), $userId)
  ON CONFLICT (course_id) DO UPDATE SET content = EXCLUDED.content, updated_at = now(), updated_by = EXCLUDED.updated_by`;
const deleteDraft = sql<IDeleteDraftQuery>`DELETE FROM course_drafts WHERE course_id = $courseId!`;
const latestRevision = sql<ILatestRevisionQuery>`SELECT max(number) AS latest FROM course_revisions WHERE course_id = $courseId!`;
const insertRevision = sql<IInsertRevisionQuery>`
  INSERT INTO course_revisions (course_id, number, content, changes, summary, source, author_id)
  VALUES ($courseId!, $number!, $content!::jsonb, $changes!::jsonb, $summary!, $source!, $authorId)`;
const allRevisions = sql<IAllRevisionsQuery>`
  SELECT r.number, r.content, r.changes, r.summary, r.source, u.email AS "author?", r.created_at
    FROM course_revisions r LEFT JOIN users u ON u.id = r.author_id
   WHERE r.course_id = $courseId! ORDER BY r.number DESC LIMIT $limit!`;
const revision = sql<IRevisionQuery>`
  SELECT r.number, r.content, r.changes, r.summary, r.source, u.email AS "author?", r.created_at
    FROM course_revisions r LEFT JOIN users u ON u.id = r.author_id
   WHERE r.course_id = $courseId! AND r.number = $number!`;
const pendingSchedule = sql<IPendingScheduleQuery>`
  SELECT s.id, s.course_id, s.run_at, s.lesson_ids, s.details, s.notify, s.created_by, u.email AS "created_by_email?", s.created_at
    FROM course_publish_schedules s LEFT JOIN users u ON u.id = s.created_by
   WHERE s.course_id = $courseId! AND s.state = 'pending'`;
const insertSchedule = sql<IInsertScheduleQuery>`
  INSERT INTO course_publish_schedules (course_id, run_at, lesson_ids, details, notify, created_by)
  VALUES ($courseId!, $runAt!, $lessonIds::int[], $details!, $notify!, $createdBy) RETURNING id`;
const cancelPendingSchedule = sql<ICancelPendingScheduleQuery>`
  UPDATE course_publish_schedules SET state = 'cancelled', outcome = $outcome!, done_at = now() WHERE course_id = $courseId! AND state = 'pending' RETURNING id`;
/** The schedules due now, soonest first (the worker claims each in its own transaction). */
const dueSchedules = sql<IDueSchedulesQuery>`
  SELECT id FROM course_publish_schedules WHERE state = 'pending' AND run_at <= $now! ORDER BY run_at, id LIMIT 100`;
/** One due schedule, locked for its publish; another worker holding it is skipped, a finished one is not found. */
const claimDueSchedule = sql<IClaimDueScheduleQuery>`
  SELECT s.id, s.course_id, s.run_at, s.lesson_ids, s.details, s.notify, s.created_by, NULL::text AS "created_by_email?", s.created_at
    FROM course_publish_schedules s
   WHERE s.id = $id! AND s.state = 'pending' AND s.run_at <= $now! FOR UPDATE SKIP LOCKED`;
const finishSchedule = sql<IFinishScheduleQuery>`
  UPDATE course_publish_schedules SET state = $state!, outcome = $outcome, revision = $revision, done_at = now() WHERE id = $id! AND state = 'pending'`;

function asSchedule(row: IPendingScheduleQuery['result']): ScheduleRow {
  return {
    id: row.id,
    courseId: row.course_id,
    runAt: row.run_at,
    lessonIds: row.lesson_ids,
    details: row.details,
    notify: row.notify,
    createdBy: row.created_by_email ?? null,
    createdById: row.created_by,
    createdAt: row.created_at,
  };
}

function asRevision(row: IRevisionQuery['result']): RevisionRow {
  return {
    number: row.number,
    content: row.content as unknown as CourseContent,
    changes: row.changes as unknown as CourseChanges,
    summary: row.summary,
    source: row.source as RevisionSource,
    author: row.author ?? null,
    createdAt: row.created_at,
  };
}

/** course_drafts, course_revisions and course_publish_schedules: the author's side of a course. */
@Injectable()
export class CourseDraftsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async draft(courseId: number, manager: EntityManager = this.dataSource.manager): Promise<DraftRow | undefined> {
    const row = await typedOne(manager, draft, { courseId });
    return row && { content: row.content as unknown as CourseContent, updatedAt: row.updated_at, updatedBy: row.updated_by ?? null };
  }

  async saveDraft(manager: EntityManager, courseId: number, content: CourseContent, userId: string | null): Promise<void> {
    await typedExecute(manager, saveDraft, { courseId, content: JSON.stringify(content), userId });
  }

  async deleteDraft(manager: EntityManager, courseId: number): Promise<void> {
    await typedExecute(manager, deleteDraft, { courseId });
  }

  async latestRevision(courseId: number, manager: EntityManager = this.dataSource.manager): Promise<number | null> {
    return (await typedOne(manager, latestRevision, { courseId }))?.latest ?? null;
  }

  async insertRevision(
    manager: EntityManager,
    row: { courseId: number; number: number; content: CourseContent; changes: CourseChanges; summary: string; source: RevisionSource; authorId: string | null },
  ): Promise<void> {
    await typedExecute(manager, insertRevision, { ...row, content: JSON.stringify(row.content), changes: JSON.stringify(row.changes) });
  }

  async revisions(courseId: number, limit = 200): Promise<RevisionRow[]> {
    return (await typedRows(this.dataSource.manager, allRevisions, { courseId, limit })).map(asRevision);
  }

  async revision(manager: EntityManager, courseId: number, number: number): Promise<RevisionRow | undefined> {
    const row = await typedOne(manager, revision, { courseId, number });
    return row && asRevision(row);
  }

  async pendingSchedule(courseId: number, manager: EntityManager = this.dataSource.manager): Promise<ScheduleRow | undefined> {
    const row = await typedOne(manager, pendingSchedule, { courseId });
    return row && asSchedule(row);
  }

  async insertSchedule(
    manager: EntityManager,
    row: { courseId: number; runAt: Date; lessonIds: number[] | null; details: boolean; notify: boolean; createdBy: string | null },
  ): Promise<number> {
    return (await typedOne(manager, insertSchedule, row))!.id;
  }

  /** Cancels the course's pending schedule; whether there was one. */
  async cancelPending(manager: EntityManager, courseId: number, outcome: string): Promise<boolean> {
    return (await typedRows(manager, cancelPendingSchedule, { courseId, outcome })).length > 0;
  }

  async dueSchedules(now: Date): Promise<number[]> {
    return (await typedRows(this.dataSource.manager, dueSchedules, { now })).map((r) => r.id);
  }

  async claimDue(manager: EntityManager, id: number, now: Date): Promise<ScheduleRow | undefined> {
    const row = await typedOne(manager, claimDueSchedule, { id, now });
    return row && asSchedule(row);
  }

  async finishSchedule(
    manager: EntityManager,
    id: number,
    state: 'published' | 'failed' | 'cancelled',
    outcome: string | null,
    revision: number | null,
  ): Promise<void> {
    await typedExecute(manager, finishSchedule, { id, state, outcome, revision });
  }
}

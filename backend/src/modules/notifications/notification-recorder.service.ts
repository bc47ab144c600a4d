import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ApiError } from '../../common/errors/api-error';
import { queryRows } from '../../database/query-rows';
import type { EventEnvelope, EventPayloads } from '../../events/event-catalogue';
import { ProcessedEvents } from '../../events/processed-events.service';
import { CoursesService } from '../courses/courses.service';
import { NOTIFICATION_EVENTS, NOTIFICATIONS_CONSUMER } from './notifications.subscriptions';

export type NotificationKind = 'course.published' | 'lessons.added' | 'course.updated' | 'course.completed';

interface NotificationRow {
  kind: NotificationKind;
  /** Set for a personal notification; null: for every learner with access. */
  userId: string | null;
  actorId: string | null;
  courseId: number;
  title: string;
  body: string;
}

/**
 * What a content change announces: the published lessons not announced
 * before, or nothing. Without a record of the announced lessons (a course
 * published before this module knew it) we cannot tell which are new, so
 * the change is announced as an update.
 */
export function lessonsAnnouncement(
  courseTitle: string,
  current: ReadonlyArray<{ id: number; title: string }>,
  known: readonly number[] | null,
): Pick<NotificationRow, 'kind' | 'title' | 'body'> | null {
  if (!known) return { kind: 'course.updated', title: `Course updated: ${courseTitle}`, body: 'New or updated lessons are available.' };
  const announced = new Set(known);
  const added = current.filter((l) => !announced.has(l.id));
  if (added.length === 0) return null;
  return {
    kind: 'lessons.added',
    title: added.length === 1 ? `New lesson in ${courseTitle}` : `${added.length} new lessons in ${courseTitle}`,
    body: added.map((l) => l.title).join(', '),
  };
}

/** Serialises the lesson bookkeeping of one course between concurrent consumers. */
const COURSE_LOCK_SPACE = 0x6e6f7466;

/**
 * Learns from course events and writes one notification row per event
 * (none per user). Idempotent: the (consumer, event) marker, the effect and
 * the unique event_id are committed together, so a redelivery changes nothing.
 */
@Injectable()
export class NotificationRecorder {
  private readonly logger = new Logger(NotificationRecorder.name);

  constructor(
    private readonly processed: ProcessedEvents,
    private readonly courses: CoursesService,
  ) {}

  /** Returns whether the event was applied (false for a redelivery or an event this consumer ignores). */
  async record(event: EventEnvelope): Promise<boolean> {
    if (!(NOTIFICATION_EVENTS as readonly string[]).includes(event.type)) return false;
    const result = await this.processed.once(NOTIFICATIONS_CONSUMER, event, async ({ manager }) => {
      const row = await this.notificationFor(manager, event);
      if (row) await this.insert(manager, event.id, row);
      return row?.kind ?? null;
    });
    if (result.applied) this.logger.debug({ eventId: event.id, type: event.type, kind: result.result }, 'notification recorded');
    return result.applied;
  }

  private async notificationFor(manager: EntityManager, event: EventEnvelope): Promise<NotificationRow | null> {
    switch (event.type) {
      case 'course.completed': {
        const p = event.payload as EventPayloads['course.completed'];
        return {
          kind: 'course.completed',
          userId: p.userId,
          actorId: null,
          courseId: p.courseId,
          title: `Course completed: ${p.courseTitle}`,
          body: 'Congratulations! You completed every lesson of this course.',
        };
      }
      case 'course.published': {
        const p = event.payload as EventPayloads['course.published'];
        const lessons = await this.lockAndReadLessons(manager, p.courseId);
        if (!lessons) return null;
        await this.rememberLessons(manager, p.courseId, lessons.current.map((l) => l.id));
        return { kind: 'course.published', userId: null, actorId: p.actorId, courseId: p.courseId, title: `New course: ${p.title}`, body: 'A new course is available. Start learning now.' };
      }
      case 'course.content_changed': {
        const p = event.payload as EventPayloads['course.content_changed'];
        const lessons = await this.lockAndReadLessons(manager, p.courseId);
        if (!lessons) return null;
        await this.rememberLessons(manager, p.courseId, lessons.current.map((l) => l.id));
        // Its publication (possibly in the same save, delivered in any order) is announced as a new course already.
        if (!lessons.known && (await this.wasPublishedThroughEvents(manager, p.courseId))) return null;
        const announcement = lessonsAnnouncement(p.title, lessons.current, lessons.known);
        return announcement && { ...announcement, userId: null, actorId: p.actorId, courseId: p.courseId };
      }
      default:
        return null;
    }
  }

  /** The course's published lessons now and the ones already announced; null when the course is not published (nothing to announce). */
  private async lockAndReadLessons(manager: EntityManager, courseId: number): Promise<{ current: Array<{ id: number; title: string }>; known: number[] | null } | null> {
    await manager.query(`SELECT pg_advisory_xact_lock($1, $2)`, [COURSE_LOCK_SPACE, courseId]);
    let current: Array<{ id: number; title: string }>;
    try {
      current = (await this.courses.getPublished(courseId)).lessons.map((l) => ({ id: l.id, title: l.title }));
    } catch (err) {
      if (err instanceof ApiError && err.getStatus() === 404) return null;
      throw err;
    }
    const [row] = await queryRows<{ lesson_ids: number[] }>(manager, `SELECT lesson_ids FROM notification_course_lessons WHERE course_id = $1`, [courseId]);
    return { current, known: row?.lesson_ids ?? null };
  }

  /** Whether the event log holds the course's publication (demo courses are seeded published, without one). */
  private async wasPublishedThroughEvents(manager: EntityManager, courseId: number): Promise<boolean> {
    const rows = await queryRows(manager, `SELECT 1 FROM outbox_events WHERE aggregate_type = 'course' AND aggregate_id = $1 AND type = 'course.published' LIMIT 1`, [String(courseId)]);
    return rows.length > 0;
  }

  /** Remembers every lesson ever announced, so unpublishing and republishing one does not announce it twice. */
  private async rememberLessons(manager: EntityManager, courseId: number, lessonIds: number[]): Promise<void> {
    await manager.query(
      `INSERT INTO notification_course_lessons (course_id, lesson_ids) VALUES ($1, $2::int[])
       ON CONFLICT (course_id) DO UPDATE SET lesson_ids = ARRAY(SELECT DISTINCT unnest(notification_course_lessons.lesson_ids || excluded.lesson_ids) ORDER BY 1)`,
      [courseId, lessonIds],
    );
  }

  private async insert(manager: EntityManager, eventId: string, row: NotificationRow): Promise<void> {
    await manager.query(
      `INSERT INTO notifications (event_id, kind, user_id, actor_id, course_id, title, body, url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (event_id) DO NOTHING`,
      [eventId, row.kind, row.userId, row.actorId, row.courseId, row.title, row.body, `/course/${row.courseId}`],
    );
  }
}

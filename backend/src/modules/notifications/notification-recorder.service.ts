import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AnyEnvelope, EventEnvelope } from '../../events/event-catalogue';
import { OutboxRepository } from '../../events/outbox.repository';
import { ProcessedEvents, type Consumed } from '../../events/processed-events.service';
import { CoursesError, CoursesService } from '../courses';
import { NOTIFICATION_EVENTS, RECORD_NOTIFICATION } from './jobs/consumers';
import { NotificationsRepository, type NewNotification } from './notifications.repository';

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
): Pick<NewNotification, 'kind' | 'title' | 'body'> | null {
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
    private readonly notifications: NotificationsRepository,
    private readonly outbox: OutboxRepository,
  ) {}

  /** Whether the event was applied (false for a redelivery or an event this consumer ignores), and settled when it was one of its events. */
  async record(event: EventEnvelope): Promise<Consumed<{ applied: boolean }>> {
    if (!(NOTIFICATION_EVENTS as readonly string[]).includes(event.type)) return { applied: false };
    const result = await this.processed.once(RECORD_NOTIFICATION.name, event, async ({ manager }) => {
      const row = await this.notificationFor(manager, event as AnyEnvelope<(typeof NOTIFICATION_EVENTS)[number]>);
      if (row) await this.notifications.insert(manager, event.id, row);
      return row?.kind ?? null;
    });
    if (result.applied) this.logger.debug({ eventId: event.id, type: event.type, kind: result.result }, 'notification recorded');
    return { applied: result.applied, settled: result.settled };
  }

  private async notificationFor(manager: EntityManager, event: AnyEnvelope<(typeof NOTIFICATION_EVENTS)[number]>): Promise<NewNotification | null> {
    switch (event.type) {
      case 'course.completed': {
        const p = event.payload;
        return {
          kind: 'course.completed',
          userId: p.userId,
          actorId: null,
          courseId: p.courseId,
          title: `Course completed: ${p.courseTitle}`,
          body: 'Congratulations! You completed every lesson of this course.',
        };
      }
      case 'question.answered': {
        const p = event.payload;
        return {
          kind: 'question.answered',
          userId: p.askerId,
          actorId: null,
          courseId: p.courseId,
          title: `Your question was answered: ${p.lessonTitle}`,
          body: p.answer,
        };
      }
      case 'course.published': {
        const p = event.payload;
        const lessons = await this.lockAndReadLessons(manager, p.courseId);
        if (!lessons) return null;
        await this.notifications.rememberLessons(
          manager,
          p.courseId,
          lessons.current.map((l) => l.id),
        );
        // A draft published into a live course: learners hear of it only when the author asked to tell them.
        if (p.firstPublish === false) {
          if (!p.notify) return null;
          const announcement = lessonsAnnouncement(p.title, lessons.current, lessons.known) ?? {
            kind: 'course.updated' as const,
            title: `Updated: ${p.title}`,
            body: 'This course has been updated. Take a look at what is new.',
          };
          return { ...announcement, userId: null, actorId: p.actorId, courseId: p.courseId };
        }
        return {
          kind: 'course.published',
          userId: null,
          actorId: p.actorId,
          courseId: p.courseId,
          title: `New course: ${p.title}`,
          body: 'A new course is available. Start learning now.',
        };
      }
      case 'course.content_changed': {
        const p = event.payload;
        const lessons = await this.lockAndReadLessons(manager, p.courseId);
        if (!lessons) return null;
        await this.notifications.rememberLessons(
          manager,
          p.courseId,
          lessons.current.map((l) => l.id),
        );
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
  private async lockAndReadLessons(
    manager: EntityManager,
    courseId: number,
  ): Promise<{ current: Array<{ id: number; title: string }>; known: number[] | null } | null> {
    await this.notifications.lockCourse(manager, courseId);
    let current: Array<{ id: number; title: string }>;
    try {
      current = (await this.courses.published(courseId)).lessons.map((l) => ({ id: l.id, title: l.title }));
    } catch (err) {
      if (err instanceof CoursesError) return null;
      throw err;
    }
    return { current, known: await this.notifications.announcedLessons(manager, courseId) };
  }

  /** Whether the event log holds the course's publication (demo courses are seeded published, without one). */
  private wasPublishedThroughEvents(manager: EntityManager, courseId: number): Promise<boolean> {
    return this.outbox.exists(manager, { aggregateType: 'course', aggregateId: String(courseId), type: 'course.published' });
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { sql } from '@pgtyped/runtime';
import { typedExecute, typedOne, typedRows } from '../../database/sql.repository';
import type {
  IAnnouncedLessonsQuery,
  IInsertNotificationQuery,
  ILockCourseNotificationsQuery,
  IMarkNotificationsReadQuery,
  IRememberLessonsQuery,
  IUnreadNotificationsQuery,
  IVisibleNotificationsQuery,
  IVisibleNotificationsResult,
} from './notifications.repository.types';

export type NotificationKind = 'course.published' | 'lessons.added' | 'course.updated' | 'course.completed' | 'question.answered';

export interface NewNotification {
  kind: NotificationKind;
  /** Set for a personal notification; null: for every learner with access. */
  userId: string | null;
  actorId: string | null;
  courseId: number;
  title: string;
  body: string;
}

/** A notification as a learner sees it, as generated from the schema (notifications.repository.types.ts, `npm run db:types`), its kind narrowed to the kinds written. */
export type NotificationRow = Omit<IVisibleNotificationsResult, 'kind'> & { kind: NotificationKind };

/** Serialises the lesson bookkeeping of one course between concurrent consumers. */
const COURSE_LOCK_SPACE = 0x6e6f7466;

/*
 * Typed against the schema by pgtyped (npm run db:types writes notifications.repository.types.ts).
 *
 * Who sees what is decided at read time (visibleNotifications; unreadNotifications
 * counts the same rows, unread, without their titles): personal notifications of the
 * user, and the notifications for everyone created since the user joined,
 * except the ones the user caused (an admin's own publishing). Unread: newer
 * than the user's last "read" mark. A title names the course as it is called
 * now (a renamed course is not shown under its old name): the course part of
 * the stored title is replaced by the course's current title.
 */
const visibleNotifications = sql<IVisibleNotificationsQuery>`
  WITH me AS (
    SELECT $userId!::uuid AS id, $joined!::date AS joined,
           coalesce((SELECT read_at FROM notification_reads WHERE user_id = $userId!::uuid), '-infinity'::timestamptz) AS read_at
  )
  SELECT n.id, n.kind,
         CASE
           WHEN c.title IS NULL THEN n.title
           WHEN n.kind = 'course.published' THEN 'New course: ' || c.title
           WHEN n.kind = 'course.completed' THEN 'Course completed: ' || c.title
           WHEN n.kind = 'course.updated' THEN 'Course updated: ' || c.title
           WHEN n.kind = 'lessons.added' AND n.title ~ '^(New lesson in |[0-9]+ new lessons in )' THEN substring(n.title from '^(New lesson in |[0-9]+ new lessons in )') || c.title
           ELSE n.title
         END AS "title!",
         n.body, n.url, n.created_at, n.created_at <= me.read_at AS "read!"
    FROM notifications n CROSS JOIN me LEFT JOIN courses c ON c.id = n.course_id
   WHERE (n.user_id = me.id OR (n.user_id IS NULL AND n.created_at >= me.joined))
     AND (n.actor_id IS NULL OR n.actor_id <> me.id)
   ORDER BY n.created_at DESC, n.id DESC LIMIT $limit!`;
const unreadNotifications = sql<IUnreadNotificationsQuery>`
  WITH me AS (
    SELECT $userId!::uuid AS id, $joined!::date AS joined,
           coalesce((SELECT read_at FROM notification_reads WHERE user_id = $userId!::uuid), '-infinity'::timestamptz) AS read_at
  )
  SELECT count(*)::int AS "n!"
    FROM notifications n CROSS JOIN me
   WHERE (n.user_id = me.id OR (n.user_id IS NULL AND n.created_at >= me.joined))
     AND (n.actor_id IS NULL OR n.actor_id <> me.id)
     AND NOT (n.created_at <= me.read_at)`;
const lockCourseNotifications = sql<ILockCourseNotificationsQuery>`SELECT pg_advisory_xact_lock($space!, $courseId!)`;
const announcedLessons = sql<IAnnouncedLessonsQuery>`SELECT lesson_ids FROM notification_course_lessons WHERE course_id = $courseId!`;
const rememberLessons = sql<IRememberLessonsQuery>`
  INSERT INTO notification_course_lessons (course_id, lesson_ids) VALUES ($courseId!, $lessonIds!::int[])
  ON CONFLICT (course_id) DO UPDATE SET lesson_ids = ARRAY(SELECT DISTINCT unnest(notification_course_lessons.lesson_ids || excluded.lesson_ids) ORDER BY 1)`;
const insertNotification = sql<IInsertNotificationQuery>`
  INSERT INTO notifications (event_id, kind, user_id, actor_id, course_id, title, body, url)
  VALUES ($eventId!, $kind!, $userId, $actorId, $courseId!, $title!, $body!, $url!) ON CONFLICT (event_id) DO NOTHING`;
const markNotificationsRead = sql<IMarkNotificationsReadQuery>`
  INSERT INTO notification_reads (user_id, read_at) VALUES ($userId!, clock_timestamp())
  ON CONFLICT (user_id) DO UPDATE SET read_at = greatest(notification_reads.read_at, excluded.read_at)`;

/** notifications, notification_reads and notification_course_lessons (the lessons already announced per course). */
@Injectable()
export class NotificationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async lockCourse(manager: EntityManager, courseId: number): Promise<void> {
    await typedExecute(manager, lockCourseNotifications, { space: COURSE_LOCK_SPACE, courseId });
  }

  async announcedLessons(manager: EntityManager, courseId: number): Promise<number[] | null> {
    const row = await typedOne(manager, announcedLessons, { courseId });
    return row?.lesson_ids ?? null;
  }

  /** Remembers every lesson ever announced, so unpublishing and republishing one does not announce it twice. */
  async rememberLessons(manager: EntityManager, courseId: number, lessonIds: number[]): Promise<void> {
    await typedExecute(manager, rememberLessons, { courseId, lessonIds });
  }

  async insert(manager: EntityManager, eventId: string, row: NewNotification): Promise<void> {
    await typedExecute(manager, insertNotification, {
      eventId,
      kind: row.kind,
      userId: row.userId,
      actorId: row.actorId,
      courseId: row.courseId,
      title: row.title,
      body: row.body,
      url: `/course/${row.courseId}`,
    });
  }

  async visible(userId: string, joined: string, limit: number): Promise<NotificationRow[]> {
    const rows = await typedRows(this.dataSource.manager, visibleNotifications, { userId, joined, limit });
    return rows as NotificationRow[];
  }

  async unread(userId: string, joined: string): Promise<number> {
    const row = await typedOne(this.dataSource.manager, unreadNotifications, { userId, joined });
    return row!.n;
  }

  async markRead(userId: string): Promise<void> {
    await typedExecute(this.dataSource.manager, markNotificationsRead, { userId });
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { execute, queryOne, queryRows } from '../../database/sql.repository';

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

export interface NotificationRow {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string | null;
  created_at: Date;
  read: boolean;
}

/** Serialises the lesson bookkeeping of one course between concurrent consumers. */
const COURSE_LOCK_SPACE = 0x6e6f7466;

/**
 * Who sees what is decided at read time: personal notifications of the
 * user, and the notifications for everyone created since the user joined,
 * except the ones the user caused (an admin's own publishing). Unread: newer
 * than the user's last "read" mark. A title names the course as it is called
 * now (a renamed course is not shown under its old name): the course part of
 * the stored title is replaced by the course's current title.
 */
const CURRENT_TITLE = `CASE
      WHEN c.title IS NULL THEN n.title
      WHEN n.kind = 'course.published' THEN 'New course: ' || c.title
      WHEN n.kind = 'course.completed' THEN 'Course completed: ' || c.title
      WHEN n.kind = 'course.updated' THEN 'Course updated: ' || c.title
      WHEN n.kind = 'lessons.added' AND n.title ~ '^(New lesson in |[0-9]+ new lessons in )' THEN substring(n.title from '^(New lesson in |[0-9]+ new lessons in )') || c.title
      ELSE n.title
    END`;

const VISIBLE = `
  WITH me AS (
    SELECT $1::uuid AS id, $2::date AS joined,
           coalesce((SELECT read_at FROM notification_reads WHERE user_id = $1::uuid), '-infinity'::timestamptz) AS read_at
  )
  SELECT n.id, n.kind, ${CURRENT_TITLE} AS title, n.body, n.url, n.created_at, n.created_at <= me.read_at AS read
    FROM notifications n CROSS JOIN me LEFT JOIN courses c ON c.id = n.course_id
   WHERE (n.user_id = me.id OR (n.user_id IS NULL AND n.created_at >= me.joined))
     AND (n.actor_id IS NULL OR n.actor_id <> me.id)`;

/** notifications, notification_reads and notification_course_lessons (the lessons already announced per course). */
@Injectable()
export class NotificationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async lockCourse(manager: EntityManager, courseId: number): Promise<void> {
    await execute(manager, `SELECT pg_advisory_xact_lock($1, $2)`, [COURSE_LOCK_SPACE, courseId]);
  }

  async announcedLessons(manager: EntityManager, courseId: number): Promise<number[] | null> {
    const row = await queryOne<{ lesson_ids: number[] }>(manager, `SELECT lesson_ids FROM notification_course_lessons WHERE course_id = $1`, [courseId]);
    return row?.lesson_ids ?? null;
  }

  /** Remembers every lesson ever announced, so unpublishing and republishing one does not announce it twice. */
  async rememberLessons(manager: EntityManager, courseId: number, lessonIds: number[]): Promise<void> {
    await execute(
      manager,
      `INSERT INTO notification_course_lessons (course_id, lesson_ids) VALUES ($1, $2::int[])
       ON CONFLICT (course_id) DO UPDATE SET lesson_ids = ARRAY(SELECT DISTINCT unnest(notification_course_lessons.lesson_ids || excluded.lesson_ids) ORDER BY 1)`,
      [courseId, lessonIds],
    );
  }

  async insert(manager: EntityManager, eventId: string, row: NewNotification): Promise<void> {
    await execute(
      manager,
      `INSERT INTO notifications (event_id, kind, user_id, actor_id, course_id, title, body, url)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (event_id) DO NOTHING`,
      [eventId, row.kind, row.userId, row.actorId, row.courseId, row.title, row.body, `/course/${row.courseId}`],
    );
  }

  visible(userId: string, joined: string, limit: number): Promise<NotificationRow[]> {
    return queryRows<NotificationRow>(this.dataSource.manager, `${VISIBLE} ORDER BY n.created_at DESC, n.id DESC LIMIT ${limit}`, [userId, joined]);
  }

  async unread(userId: string, joined: string): Promise<number> {
    const row = await queryOne<{ n: number }>(this.dataSource.manager, `SELECT count(*)::int AS n FROM (${VISIBLE}) v WHERE NOT v.read`, [userId, joined]);
    return row!.n;
  }

  async markRead(userId: string): Promise<void> {
    await execute(
      this.dataSource.manager,
      `INSERT INTO notification_reads (user_id, read_at) VALUES ($1, clock_timestamp())
       ON CONFLICT (user_id) DO UPDATE SET read_at = greatest(notification_reads.read_at, excluded.read_at)`,
      [userId],
    );
  }
}

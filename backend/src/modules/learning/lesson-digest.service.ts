import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EventPayloads } from '../../events/event-catalogue';
import { TransactionRunner } from '../../events/transaction-runner';
import { HandlesCommand } from '../../queue/job-decorators';
import { JobHandlers } from '../../queue/job-handlers';
import { CoursesService, lessonOpensAt, type DrippedLessonRow } from '../courses';
import { SettingsService } from '../settings';
import { AccessService } from '../users';
import { LessonDigestRunsRepository } from './lesson-digest-runs.repository';

const DAY_MS = 24 * 3600 * 1000;
/** Hourly: the first run of each day (in the site's timezone) sends that day's digest; the others find it done. */
const EVERY_MS = 3600 * 1000;

type OpenedLessons = EventPayloads['lessons.opened']['lessons'];

export type DigestRun = { day: string; windowStart: string; windowEnd: string; learners: number } | { day: string; skipped: 'already sent' };

/** The calendar date of a moment in an IANA zone, as YYYY-MM-DD. */
export function dayIn(moment: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);
}

/**
 * The daily digest of dripped lessons that opened: once a day (the site's
 * Timezone decides when a day starts) a scheduled job takes the window since
 * the previous digest, finds for each learner with active access the
 * published dripped lessons whose opening moment fell inside it, and writes
 * one `lessons.opened` event per learner in the same transaction as the
 * day's lesson_digest_runs row: a second run that day, concurrent or
 * redelivered, finds the row and sends nothing. The account's mail sends the
 * email from the event, once per learner and day.
 */
@Injectable()
export class LessonDigestService implements OnModuleInit {
  constructor(
    private readonly runs: LessonDigestRunsRepository,
    private readonly courses: CoursesService,
    private readonly access: AccessService,
    private readonly settings: SettingsService,
    private readonly tx: TransactionRunner,
    private readonly handlers: JobHandlers,
  ) {}

  onModuleInit(): void {
    this.handlers.schedule('send-lesson-digests', { every: EVERY_MS }, {});
  }

  @HandlesCommand('send-lesson-digests')
  sendDue(): Promise<DigestRun> {
    return this.sendDigests(new Date());
  }

  /** The digest of the day `now` falls on; the window ends at `now`. With Settings > Notifications > lessonDigest off, the window passes with no mail. */
  async sendDigests(now: Date): Promise<DigestRun> {
    const day = dayIn(now, await this.settings.timeZone());
    const enabled = (await this.settings.get('notifications')).lessonDigest;
    return this.tx.run(async (tx) => {
      await this.runs.lock(tx.manager);
      if (await this.runs.isDone(tx.manager, day)) return { day, skipped: 'already sent' as const };
      const windowStart = (await this.runs.lastWindowEnd(tx.manager)) ?? new Date(now.getTime() - DAY_MS);
      const opened = enabled && windowStart < now ? await this.openedIn(windowStart, now) : new Map<string, OpenedLessons>();
      for (const [userId, lessons] of opened) await tx.emit('lessons.opened', { type: 'user', id: userId }, { userId, day, lessons });
      await this.runs.record(tx.manager, { day, windowStart, windowEnd: now, learners: opened.size });
      return { day, windowStart: windowStart.toISOString(), windowEnd: now.toISOString(), learners: opened.size };
    });
  }

  /** Per learner, the dripped lessons that opened for them in (start, end], in course and lesson order. */
  private async openedIn(start: Date, end: Date): Promise<Map<string, OpenedLessons>> {
    const lessons = await this.courses.drippedLessons();
    const found = new Map<string, Array<{ order: number; lesson: OpenedLessons[number] }>>();
    const add = (userId: string, order: number, lesson: DrippedLessonRow, openedAt: Date) => {
      const entry = {
        order,
        lesson: {
          courseId: lesson.course_id,
          courseTitle: lesson.course_title,
          lessonId: lesson.id,
          lessonTitle: lesson.title,
          openedAt: openedAt.toISOString(),
        },
      };
      const entries = found.get(userId) ?? [];
      entries.push(entry);
      found.set(userId, entries);
    };
    const inWindow = (at: Date) => at > start && at <= end;

    for (const [order, lesson] of lessons.entries()) {
      // "From a date": it opened for everyone whose access had begun by then.
      if (!lesson.available_from) continue;
      const at = new Date(lesson.available_from);
      if (!inWindow(at)) continue;
      for (const learner of await this.access.learnersWithAccessBeganIn(null, at)) add(learner.userId, order, lesson, at);
    }
    // "N days after purchase": it opened in the window for those whose access began N days before it.
    for (const days of new Set(lessons.filter((l) => !l.available_from && l.drip_days !== null).map((l) => l.drip_days!))) {
      const learners = await this.access.learnersWithAccessBeganIn(new Date(start.getTime() - days * DAY_MS), new Date(end.getTime() - days * DAY_MS));
      for (const [order, lesson] of lessons.entries()) {
        if (lesson.available_from || lesson.drip_days !== days) continue;
        for (const learner of learners) {
          const at = lessonOpensAt(lesson, learner.since);
          if (at && inWindow(at)) add(learner.userId, order, lesson, at);
        }
      }
    }
    return new Map([...found].map(([userId, entries]) => [userId, entries.sort((a, b) => a.order - b.order).map((e) => e.lesson)]));
  }
}

import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EventPayloads } from '../../events/event-catalogue';
import { TransactionRunner } from '../../events/transaction-runner';
import { HandlesCommand } from '../../queue/job-decorators';
import { JobHandlers } from '../../queue/job-handlers';
import { CoursesService, lessonOpensAt } from '../courses';
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

  /**
   * Per learner, the dripped lessons that opened for them in (start, end], in
   * course and lesson order. One read of the learners who can have one: for
   * "N days after purchase", access that began N days before the window; for
   * "from a date" inside the window, access that had begun by that date.
   */
  private async openedIn(start: Date, end: Date): Promise<Map<string, OpenedLessons>> {
    const inWindow = (at: Date) => at > start && at <= end;
    const lessons = (await this.courses.drippedLessons()).filter((l) => (l.available_from ? inWindow(new Date(l.available_from)) : l.drip_days !== null));
    if (lessons.length === 0) return new Map();
    const bounds = lessons.map((l) =>
      l.available_from
        ? { after: null, upTo: new Date(l.available_from).getTime() }
        : { after: start.getTime() - l.drip_days! * DAY_MS, upTo: end.getTime() - l.drip_days! * DAY_MS },
    );
    const after = bounds.some((b) => b.after === null) ? null : new Date(Math.min(...bounds.map((b) => b.after!)));
    const learners = await this.access.learnersWithAccessBeganIn(after, new Date(Math.max(...bounds.map((b) => b.upTo))));

    const opened = new Map<string, OpenedLessons>();
    for (const learner of learners) {
      const theirs: OpenedLessons = [];
      for (const lesson of lessons) {
        const at = lessonOpensAt(lesson, learner.since);
        // A lesson "from a date" was already open for whoever bought after that date: nothing new for them.
        if (!at || !inWindow(at) || (lesson.available_from && learner.since > at)) continue;
        theirs.push({
          courseId: lesson.course_id,
          courseTitle: lesson.course_title,
          lessonId: lesson.id,
          lessonTitle: lesson.title,
          openedAt: at.toISOString(),
        });
      }
      if (theirs.length > 0) opened.set(learner.userId, theirs);
    }
    return opened;
  }
}

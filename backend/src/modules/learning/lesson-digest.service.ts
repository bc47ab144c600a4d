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
type DrippedLesson = Awaited<ReturnType<CoursesService['drippedLessons']>>[number];

/** Learners handled per transaction: each batch's events and the run's progress are written together. */
const BATCH_SIZE = 1000;

export type DigestRun = { day: string; windowStart: string; windowEnd: string; learners: number } | { day: string; skipped: 'already sent' };

/** The dripped lessons that opened in a window, and the span of access start dates of the learners they can have opened for. */
interface OpeningPlan {
  start: Date;
  end: Date;
  lessons: DrippedLesson[];
  /** Access that began after this (null: any time)... */
  after: Date | null;
  /** ...and at the latest at this. */
  upTo: Date;
}

/** The calendar date of a moment in an IANA zone, as YYYY-MM-DD. */
export function dayIn(moment: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);
}

/**
 * The daily digest of dripped lessons that opened: once a day (the site's
 * Timezone decides when a day starts) a scheduled job takes the window since
 * the previous digest and, for each learner with active access, the
 * published dripped lessons whose opening moment fell inside it, and writes
 * one `lessons.opened` event per learner. The day's lesson_digest_runs row
 * fixes the window and records the progress: learners go in batches of
 * BATCH_SIZE (user id order), each batch's events in the same transaction as
 * the row's advance, so a lesson "from a date" for a million learners is a
 * thousand short transactions, not one, and a run cut short (a crash, a
 * deploy) resumes where it stopped at the next hourly run. Concurrent runs
 * take batches one after the other; a finished day sends nothing more. The
 * account's mail sends the email from the event, once per learner and day.
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

  /**
   * The digest of the day `now` falls on; a new day's window ends at `now`. With Settings > Notifications >
   * lessonDigest off, the window passes with no mail. `maxBatches` stops after that many batches, as a crash
   * would (tests); the next call resumes.
   */
  async sendDigests(now: Date, { batchSize = BATCH_SIZE, maxBatches = Infinity } = {}): Promise<DigestRun> {
    const day = dayIn(now, await this.settings.timeZone());
    const run = await this.tx.run(async (tx) => {
      await this.runs.lock(tx.manager);
      const existing = await this.runs.find(tx.manager, day);
      if (existing) return existing;
      const windowStart = (await this.runs.lastWindowEnd(tx.manager)) ?? new Date(now.getTime() - DAY_MS);
      return this.runs.start(tx.manager, { day, windowStart, windowEnd: now });
    });
    if (run.finished) return { day, skipped: 'already sent' };

    const enabled = (await this.settings.get('notifications')).lessonDigest;
    const plan = enabled && run.windowStart < run.windowEnd ? await this.openingPlan(run.windowStart, run.windowEnd) : null;
    for (let batches = 0; batches < maxBatches; batches++) {
      const finished = await this.tx.run(async (tx) => {
        const current = await this.runs.find(tx.manager, day, { forUpdate: true });
        if (!current || current.finished) return true;
        if (!plan) {
          await this.runs.advance(tx.manager, day, { lastUserId: null, learners: 0, finished: true });
          return true;
        }
        const learners = await this.access.learnersWithAccessBeganIn(plan.after, plan.upTo, { afterUserId: current.lastUserId, limit: batchSize }, tx.manager);
        let written = 0;
        for (const learner of learners) {
          const lessons = openedFor(plan, learner.since);
          if (lessons.length === 0) continue;
          await tx.emit('lessons.opened', { type: 'user', id: learner.userId }, { userId: learner.userId, day, lessons });
          written++;
        }
        const done = learners.length < batchSize;
        await this.runs.advance(tx.manager, day, { lastUserId: learners.at(-1)?.userId ?? null, learners: written, finished: done });
        return done;
      });
      if (finished) break;
    }
    const result = (await this.tx.run((tx) => this.runs.find(tx.manager, day)))!;
    return { day, windowStart: result.windowStart.toISOString(), windowEnd: result.windowEnd.toISOString(), learners: result.learners };
  }

  /**
   * The dripped lessons that opened for someone in (start, end], and whose
   * access start makes them a candidate: for "N days after purchase", access
   * that began N days before the window; for "from a date" inside the window,
   * access that had begun by that date. Null when no lesson opened.
   */
  private async openingPlan(start: Date, end: Date): Promise<OpeningPlan | null> {
    const inWindow = (at: Date) => at > start && at <= end;
    const lessons = (await this.courses.drippedLessons()).filter((l) => (l.available_from ? inWindow(new Date(l.available_from)) : l.drip_days !== null));
    if (lessons.length === 0) return null;
    const bounds = lessons.map((l) =>
      l.available_from
        ? { after: null, upTo: new Date(l.available_from).getTime() }
        : { after: start.getTime() - l.drip_days! * DAY_MS, upTo: end.getTime() - l.drip_days! * DAY_MS },
    );
    const after = bounds.some((b) => b.after === null) ? null : new Date(Math.min(...bounds.map((b) => b.after!)));
    return { start, end, lessons, after, upTo: new Date(Math.max(...bounds.map((b) => b.upTo))) };
  }
}

/** The plan's lessons that opened for a learner whose access began at `since`, in course and lesson order. */
function openedFor(plan: OpeningPlan, since: Date): OpenedLessons {
  const opened: OpenedLessons = [];
  for (const lesson of plan.lessons) {
    const at = lessonOpensAt(lesson, since);
    // A lesson "from a date" was already open for whoever bought after that date: nothing new for them.
    if (!at || at <= plan.start || at > plan.end || (lesson.available_from && since > at)) continue;
    opened.push({ courseId: lesson.course_id, courseTitle: lesson.course_title, lessonId: lesson.id, lessonTitle: lesson.title, openedAt: at.toISOString() });
  }
  return opened;
}

import { JobHandlers } from '../../src/queue/job-handlers';
import { dayIn, LessonDigestService } from '../../src/modules/learning/lesson-digest.service';
import { createCourse } from '../factories/courses.factory';
import { adminToken, createUser, type CreatedUser } from '../factories/users.factory';
import { capturedMail, waitForMail } from '../support/mailbox';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/**
 * The daily digest of dripped lessons that opened: one email per learner and
 * day listing the lessons whose opening moment fell in the window since the
 * previous digest, sent by the worker from the run's events; a second run of
 * the same day sends nothing, and a refunded learner gets nothing.
 */
describe('daily digest of newly opened lessons', () => {
  let app: TestApp;

  /** Access that began at `at` (a purchase then), optionally refunded since. */
  const boughtAt = async (user: CreatedUser, at: Date, refunded = false) => {
    await app.db.query(`UPDATE entitlements SET granted_at = $2 WHERE user_id = $1`, [user.id, at]);
    if (refunded) await app.db.query(`UPDATE entitlements SET revoked_at = now(), reason = 'Refunded' WHERE user_id = $1`, [user.id]);
  };
  const digestEvents = async (userId: string): Promise<Array<{ day: string; titles: string[] }>> =>
    (await app.db.query(`SELECT payload FROM outbox_events WHERE type = 'lessons.opened' AND payload->>'userId' = $1 ORDER BY occurred_at`, [userId])).map(
      (r: { payload: { day: string; lessons: Array<{ lessonTitle: string }> } }) => ({
        day: r.payload.day,
        titles: r.payload.lessons.map((l) => l.lessonTitle),
      }),
    );
  const digestsTo = (email: string) => capturedMail(app).filter((m) => m.to === email && m.tag === 'lesson-digest');

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
  });
  afterAll(() => app.close());

  it('is a daily job the worker schedules', () => {
    expect(
      app.api
        .get(JobHandlers)
        .declaredSchedules()
        .map((s) => s.name),
    ).toContain('send-lesson-digests');
  });

  it('mails each learner one digest a day of the lessons that opened since the previous one; a re-run and a refunded learner get nothing', async () => {
    const now = new Date();
    const course = await createCourse(app.db, {
      title: 'Drip Mastery',
      lessons: [
        { title: 'Welcome' },
        { title: 'Week one: traffic', dripDays: 7 },
        { title: 'Week one: offers', dripDays: 7 },
        { title: 'Month one review', dripDays: 30 },
        { title: 'Unpublished bonus', dripDays: 7, published: false },
        { title: 'Live launch', availableFrom: new Date(now.getTime() + 12 * HOUR) },
      ],
    });
    const [, traffic, offers, , , launch] = course.lessonIds;
    const learner = await createUser(app.db, { name: 'Grace Hopper' });
    const refunded = await createUser(app.db);
    const recent = await createUser(app.db);
    // Bought 8 days ago (an hour short): the 7-day lessons opened 23 hours ago, the 30-day one opens in 22 days.
    await boughtAt(learner, new Date(now.getTime() - 8 * DAY + HOUR));
    await boughtAt(refunded, new Date(now.getTime() - 8 * DAY + HOUR), true);
    await boughtAt(recent, new Date(now.getTime() - HOUR));

    const service = app.api.get(LessonDigestService);
    const first = await service.sendDigests(now);
    expect(first).toMatchObject({ day: dayIn(now, 'UTC'), windowStart: new Date(now.getTime() - DAY).toISOString(), windowEnd: now.toISOString() });

    const mail = await waitForMail(app, learner.email, 'lesson-digest');
    expect(mail.subject).toBe('2 new lessons are open');
    expect(mail.text).toContain('Hello Grace Hopper');
    expect(mail.text).toContain(
      `Drip Mastery\n- Week one: traffic: ${app.baseUrl}/course/${course.id}?lesson=${traffic}\n- Week one: offers: ${app.baseUrl}/course/${course.id}?lesson=${offers}`,
    );
    expect(mail.html).toContain(`href="${app.baseUrl}/course/${course.id}?lesson=${traffic}"`);
    for (const absent of ['Month one review', 'Unpublished bonus', 'Live launch', 'Welcome']) expect(mail.text).not.toContain(absent);

    // The same day again (a redelivered or overlapping run): nothing more is written or sent.
    expect(await service.sendDigests(new Date(now.getTime() + 5 * 60_000))).toEqual({ day: first.day, skipped: 'already sent' });
    expect(await digestEvents(learner.id)).toEqual([{ day: first.day, titles: ['Week one: traffic', 'Week one: offers'] }]);
    expect(await digestEvents(refunded.id)).toEqual([]);
    expect(await digestEvents(recent.id)).toEqual([]);

    // The next day's window starts where this one ended: the lesson "available from" a date inside it opens for everyone with access.
    const nextDay = new Date(now.getTime() + DAY);
    expect(await service.sendDigests(nextDay)).toMatchObject({ day: dayIn(nextDay, 'UTC'), windowStart: now.toISOString(), windowEnd: nextDay.toISOString() });
    const launchMail = await waitForMail(app, recent.email, 'lesson-digest');
    expect(launchMail.subject).toBe('New lesson open: Live launch');
    expect(launchMail.text).toContain(`- Live launch: ${app.baseUrl}/course/${course.id}?lesson=${launch}`);
    expect(await digestEvents(learner.id)).toEqual([
      { day: first.day, titles: ['Week one: traffic', 'Week one: offers'] },
      { day: dayIn(nextDay, 'UTC'), titles: ['Live launch'] },
    ]);
    expect(await digestEvents(refunded.id)).toEqual([]);
    const runs = await app.db.query(`SELECT day::text AS day, learners, finished_at IS NOT NULL AS finished FROM lesson_digest_runs ORDER BY day`);
    expect(runs).toEqual([
      { day: first.day, learners: 1, finished: true },
      { day: dayIn(nextDay, 'UTC'), learners: 2, finished: true },
    ]);
    await eventually(async () => digestsTo(learner.email).length >= 2, { what: 'the second digest to the learner' });
    expect(digestsTo(learner.email).map((m) => m.subject)).toEqual(['2 new lessons are open', 'New lesson open: Live launch']);
    expect(digestsTo(refunded.email)).toEqual([]);
  });

  it('switched off in Settings > Notifications, a day passes without mail and is not sent later; the day follows Settings > General > Timezone', async () => {
    const admin = (await adminToken(app)).token;
    const settings = (section: string, values: Record<string, unknown>) =>
      app.http.put(`/api/admin/settings/${section}`).set('authorization', `Bearer ${admin}`).send(values).expect(200);
    const [{ end }] = await app.db.query(`SELECT max(window_end) AS end FROM lesson_digest_runs`);
    const quietDay = new Date(new Date(end).getTime() + 3 * DAY);
    await createCourse(app.db, { title: 'Quiet course', lessons: [{ title: 'Opened while switched off', availableFrom: new Date(quietDay.getTime() - DAY) }] });
    const learner = await createUser(app.db);
    await boughtAt(learner, new Date(quietDay.getTime() - 2 * DAY));
    await settings('general', { timezone: 'Pacific' });
    await settings('notifications', { lessonDigest: false });
    try {
      const service = app.api.get(LessonDigestService);
      expect(await service.sendDigests(quietDay)).toMatchObject({ day: dayIn(quietDay, 'America/Los_Angeles'), learners: 0 });
      await settings('notifications', { lessonDigest: true });
      const nextDay = new Date(quietDay.getTime() + DAY);
      expect(await service.sendDigests(nextDay)).toMatchObject({
        day: dayIn(nextDay, 'America/Los_Angeles'),
        windowStart: quietDay.toISOString(),
        learners: 0,
      });
      expect(await digestEvents(learner.id)).toEqual([]);
    } finally {
      await settings('notifications', { lessonDigest: true });
      await settings('general', { timezone: 'UTC' });
    }
  });

  it('goes through the learners in batches, each in its own transaction: a run cut short resumes where it stopped, concurrent runs share the rest, and each learner gets one digest', async () => {
    const [{ end }] = await app.db.query(`SELECT max(window_end) AS end FROM lesson_digest_runs`);
    const runDay = new Date(new Date(end).getTime() + 5 * DAY);
    const launchAt = new Date(runDay.getTime() - HOUR);
    await createCourse(app.db, { title: 'Batch course', lessons: [{ title: 'Opened for everyone', availableFrom: launchAt }] });
    const learners: CreatedUser[] = [];
    for (let i = 0; i < 7; i++) {
      const learner = await createUser(app.db);
      await boughtAt(learner, new Date(launchAt.getTime() - 2 * DAY));
      learners.push(learner);
    }
    const day = dayIn(runDay, 'UTC');
    const runRow = async () =>
      (await app.db.query(`SELECT learners, last_user_id, finished_at IS NOT NULL AS finished FROM lesson_digest_runs WHERE day = $1`, [day]))[0] as {
        learners: number;
        last_user_id: string | null;
        finished: boolean;
      };
    const dayEvents = async (): Promise<string[]> =>
      (await app.db.query(`SELECT payload->>'userId' AS "userId" FROM outbox_events WHERE type = 'lessons.opened' AND payload->>'day' = $1`, [day])).map(
        (r: { userId: string }) => r.userId,
      );
    const service = app.api.get(LessonDigestService);

    // Cut short after one batch of two learners: two digests are written and the run says how far it got.
    await service.sendDigests(runDay, { batchSize: 2, maxBatches: 1 });
    const partial = await runRow();
    expect(partial).toMatchObject({ learners: 2, finished: false });
    expect(partial.last_user_id).not.toBeNull();
    expect(await dayEvents()).toHaveLength(2);

    // Two runs at once (the next hourly run and a redelivery) finish it together, without writing anyone twice.
    const [a, b] = await Promise.all([service.sendDigests(runDay, { batchSize: 2 }), service.sendDigests(runDay, { batchSize: 2 })]);
    const finished = await runRow();
    expect(finished.finished).toBe(true);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ day, learners: finished.learners });
    const written = await dayEvents();
    expect(written).toHaveLength(new Set(written).size);
    expect(written).toHaveLength(finished.learners);
    for (const learner of learners) expect(written.filter((id) => id === learner.id)).toHaveLength(1);
    expect(await service.sendDigests(runDay, { batchSize: 2 })).toEqual({ day, skipped: 'already sent' });
  });
});

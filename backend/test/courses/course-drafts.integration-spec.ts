import { CourseDraftsService } from '../../src/modules/courses/course-drafts.service';
import { createCourse } from '../factories/courses.factory';
import { adminToken, createUser, login } from '../factories/users.factory';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

interface Lesson {
  id: number;
  title: string;
  order: number;
  content: string;
  type: string;
  published: boolean;
  duration: string;
}

const lessonBody = (l: Pick<Lesson, 'id' | 'title' | 'order' | 'content'>) => ({ ...l, type: 'text', duration: '10 min', published: true });

/**
 * Drafts of live courses: the editor saves into a draft learners never see,
 * a publish (whole or of chosen lessons) is one revision and one event, a
 * revision can come back as a draft, a scheduled publish happens once, and a
 * lesson a publish removes keeps what learners did in it.
 */
describe('course drafts, publish, schedule and revisions', () => {
  let app: TestApp;
  let admin: string;
  let learner: string;

  const as = (method: 'get' | 'post' | 'put' | 'delete', path: string, token = admin) => app.http[method](path).set('authorization', `Bearer ${token}`);
  const learnerLessons = async (courseId: number): Promise<Lesson[]> => (await as('get', `/api/courses/${courseId}`, learner).expect(200)).body.course.lessons;

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
    admin = (await adminToken(app)).token;
    learner = await login(app, await createUser(app.db));
  });
  afterAll(() => app.close());

  it('keeps the draft from learners until it is published, shows what changed, and restores a revision as the draft', async () => {
    const course = await createCourse(app.db, {
      title: 'Live Course',
      lessons: [
        { title: 'Intro', content: '<p>The old welcome text.</p>' },
        { title: 'Tools', content: '<p>Tools we use.</p>' },
      ],
    });
    const [intro, tools] = course.lessonIds;

    const saved = await as('put', `/api/admin/courses/${course.id}/draft`)
      .send({
        title: 'Live Course',
        lessons: [
          lessonBody({ id: intro, title: 'Intro', order: 1, content: 'The **new** welcome text.' }),
          lessonBody({ id: tools, title: 'Tools', order: 2, content: 'Tools we use.' }),
          lessonBody({ id: 'new-1' as unknown as number, title: 'Bonus', order: 3, content: 'A bonus lesson.' }),
        ],
      })
      .expect(200);
    expect(saved.body.hasDraft).toBe(true);
    const bonus: Lesson = saved.body.draft.lessons.find((l: Lesson) => l.title === 'Bonus');
    expect(bonus.id).toEqual(expect.any(Number));
    expect(saved.body.changes.lessons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ lessonId: intro, kind: 'changed', fields: ['content'] }),
        expect.objectContaining({ lessonId: bonus.id, kind: 'added' }),
      ]),
    );
    const diff = saved.body.changes.lessons.find((c: { lessonId: number }) => c.lessonId === intro).contentDiff;
    expect(diff).toEqual(
      expect.arrayContaining([
        { op: 'removed', text: 'old' },
        { op: 'added', text: 'new' },
      ]),
    );

    // The learner still reads the published course; the spec's edit-page save path writes the draft too.
    expect((await learnerLessons(course.id)).map((l) => l.content)).toEqual(['<p>The old welcome text.</p>', '<p>Tools we use.</p>']);
    await as('post', `/api/courses/${course.id}`).send({ title: 'Live Course', lessons: saved.body.draft.lessons }).expect(200);
    expect((await learnerLessons(course.id)).map((l) => l.title)).toEqual(['Intro', 'Tools']);

    // The preview link opens the draft for anyone holding it, read-only.
    const link = await as('post', `/api/admin/courses/${course.id}/preview-link`).expect(200);
    const preview = await app.http.get(`/api/${link.body.url.slice(1)}`).expect(200);
    expect(preview.body.course.lessons.map((l: Lesson) => l.title)).toEqual(['Intro', 'Tools', 'Bonus']);
    expect(preview.body.course.lessons[0].content).toBe('<p>The <strong>new</strong> welcome text.</p>');
    const forged = await app.http.get(`/api/preview/${link.body.token.slice(0, -2)}xx`).expect(404);
    expect(forged.body.message).toBe('This preview link has expired or is not valid');

    // Publish only the changed intro: the bonus lesson stays in the draft.
    const partial = await as('post', `/api/admin/courses/${course.id}/publish`)
      .send({ lessonIds: [intro] })
      .expect(200);
    expect(partial.body.revision).toMatchObject({ number: 2, source: 'publish', summary: 'Changed lesson "Intro"' });
    expect(partial.body.draft.changes.lessons).toEqual([expect.objectContaining({ lessonId: bonus.id, kind: 'added' })]);
    expect((await learnerLessons(course.id)).map((l) => l.content)).toEqual(['<p>The <strong>new</strong> welcome text.</p>', '<p>Tools we use.</p>']);

    // Then the rest: nothing is left in the draft.
    const whole = await as('post', `/api/admin/courses/${course.id}/publish`).send({}).expect(200);
    expect(whole.body.revision).toMatchObject({ number: 3 });
    expect(whole.body.draft).toMatchObject({ hasDraft: false, revision: 3, changes: { differs: false } });
    expect((await learnerLessons(course.id)).map((l) => l.title)).toEqual(['Intro', 'Tools', 'Bonus']);
    await as('post', `/api/admin/courses/${course.id}/publish`).send({}).expect(409);

    // History: the state before the first publish is revision 1; restoring it makes it the draft, and publishing brings it back.
    const history = await as('get', `/api/admin/courses/${course.id}/revisions`).expect(200);
    expect(history.body.map((r: { number: number; source: string }) => [r.number, r.source])).toEqual([
      [3, 'publish'],
      [2, 'publish'],
      [1, 'baseline'],
    ]);
    const restored = await as('post', `/api/admin/courses/${course.id}/revisions/1/restore`).expect(200);
    expect(restored.body.changes.lessons).toEqual(
      expect.arrayContaining([expect.objectContaining({ lessonId: bonus.id, kind: 'removed' }), expect.objectContaining({ lessonId: intro, kind: 'changed' })]),
    );
    expect((await learnerLessons(course.id)).map((l) => l.title)).toEqual(['Intro', 'Tools', 'Bonus']);
    await as('post', `/api/admin/courses/${course.id}/publish`).send({}).expect(200);
    expect((await learnerLessons(course.id)).map((l) => l.content)).toEqual(['<p>The old welcome text.</p>', '<p>Tools we use.</p>']);

    // One course.published event per publish, with what changed.
    const events = await app.db.query(`SELECT payload FROM outbox_events WHERE type = 'course.published' AND aggregate_id = $1 ORDER BY occurred_at, id`, [
      String(course.id),
    ]);
    expect(events.map((e: { payload: { revision: number } }) => e.payload.revision)).toEqual([2, 3, 4]);
    expect(events[2].payload).toMatchObject({
      firstPublish: false,
      changes: { lessons: expect.arrayContaining([expect.objectContaining({ kind: 'removed', title: 'Bonus' })]) },
    });

    // Discarding a draft leaves the published course as it is.
    await as('put', `/api/admin/courses/${course.id}/draft`).send({ title: 'A title nobody will see' }).expect(200);
    const discarded = await as('delete', `/api/admin/courses/${course.id}/draft`).expect(200);
    expect(discarded.body).toMatchObject({ hasDraft: false, draft: { title: 'Live Course' } });

    const audit = await app.db.query(`SELECT action FROM audit_log WHERE resource = 'courses' AND resource_id = $1 ORDER BY id`, [String(course.id)]);
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['publish-draft', 'publish-draft', 'restore-revision', 'publish-draft', 'discard-draft']);
  });

  it('refuses bad drafts and schedules with a message and changes nothing', async () => {
    const course = await createCourse(app.db, { lessons: [{ title: 'Only' }] });
    const bad = await as('put', `/api/admin/courses/${course.id}/draft`)
      .send({ lessons: [{ title: 'Video', type: 'video', videoUrl: 'http://evil.example.com/x', order: 1, duration: '1 min' }] })
      .expect(400);
    expect(bad.body.errors['lessons.0.videoUrl']).toMatch(/https embed link/);
    const view = await as('get', `/api/admin/courses/${course.id}/draft`).expect(200);
    expect(view.body.hasDraft).toBe(false);
    await as('post', `/api/admin/courses/${course.id}/publish-schedule`).send({ at: '2020-01-01T09:00' }).expect(400);
    await as('post', `/api/admin/courses/${course.id}/publish-schedule`).send({ at: 'tomorrow' }).expect(400);
    const nothing = await as('post', `/api/admin/courses/${course.id}/publish-schedule`).send({ at: '2999-01-01T09:00' }).expect(409);
    expect(nothing.body.message).toMatch(/Nothing to publish/);
    await as('get', `/api/admin/courses/999999/draft`).expect(404);
    await as('get', `/api/admin/courses/${course.id}/draft`, learner).expect(403);
  });

  it('publishes a scheduled draft once, under two workers and a worker restart', async () => {
    const course = await createCourse(app.db, { title: 'Scheduled', lessons: [{ title: 'Lesson', content: '<p>Before</p>' }] });
    const [lessonId] = course.lessonIds;
    await as('put', `/api/admin/courses/${course.id}/draft`)
      .send({ lessons: [lessonBody({ id: lessonId, title: 'Lesson', order: 1, content: 'After' })] })
      .expect(200);
    const at = new Date(Date.now() + 3_000);
    const schedule = await as('post', `/api/admin/courses/${course.id}/publish-schedule`)
      .send({ at: at.toISOString().replace(/\.\d+Z$/, 'Z') })
      .expect(200);
    expect(new Date(schedule.body.at).getTime()).toBe(Math.floor(at.getTime() / 1000) * 1000);

    // A worker restart before the time; then two more services race for the due schedule while the worker's own job fires.
    await app.stopWorker();
    await app.startWorker();
    const second = app.worker!.get(CourseDraftsService);
    await new Promise((r) => setTimeout(r, Math.max(0, at.getTime() - Date.now() + 200)));
    const raced = await Promise.all([second.publishDue(new Date()), second.publishDue(new Date())]);
    await eventually(async () => ((await learnerLessons(course.id))[0].content === '<p>After</p>' ? true : null), { what: 'the scheduled publish' });

    const revisions = await app.db.query(`SELECT number, source FROM course_revisions WHERE course_id = $1 ORDER BY number`, [course.id]);
    expect(revisions).toEqual([
      { number: 1, source: 'baseline' },
      { number: 2, source: 'schedule' },
    ]);
    const events = await app.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = 'course.published' AND aggregate_id = $1`, [
      String(course.id),
    ]);
    expect(events[0].n).toBe(1);
    expect(raced.reduce((n, r) => n + r.published, 0)).toBeLessThanOrEqual(1);
    const [row] = await app.db.query(`SELECT state, revision FROM course_publish_schedules WHERE course_id = $1`, [course.id]);
    expect(row).toEqual({ state: 'published', revision: 2 });
    const audit = await app.db.query(`SELECT action, actor_email FROM audit_log WHERE resource = 'courses' AND resource_id = $1 ORDER BY id`, [
      String(course.id),
    ]);
    expect(audit).toEqual([
      { action: 'schedule-publish', actor_email: expect.any(String) },
      { action: 'publish-draft', actor_email: 'scheduler' },
    ]);
  });

  it('keeps completions of a lesson a publish removes: progress, certificates and the recompute unaffected', async () => {
    const course = await createCourse(app.db, { title: 'Shrinking', lessons: [{ title: 'Stays' }, { title: 'Goes' }] });
    const [stays, goes] = course.lessonIds;
    const student = await login(app, await createUser(app.db));
    await as('post', `/api/courses/${course.id}/lessons/${goes}/complete`, student).send({}).expect(200);
    await as('post', `/api/courses/${course.id}/lessons/${stays}/complete`, student).send({}).expect(200);

    await as('put', `/api/admin/courses/${course.id}/draft`)
      .send({ lessons: [lessonBody({ id: stays, title: 'Stays', order: 1, content: 'Content' })] })
      .expect(200);
    await as('post', `/api/admin/courses/${course.id}/publish`).send({}).expect(200);

    const kept = await app.db.query(`SELECT lesson_id FROM lesson_progress WHERE lesson_id = $1 AND completed_at IS NOT NULL`, [goes]);
    expect(kept).toHaveLength(1);
    const [lessonRow] = await app.db.query(`SELECT published, removed_at IS NOT NULL AS removed FROM lessons WHERE id = $1`, [goes]);
    expect(lessonRow).toEqual({ published: false, removed: true });
    const mine = (await as('get', `/api/courses/${course.id}`, student).expect(200)).body.course;
    expect(mine).toMatchObject({ progress: 100, completedLessons: 1 });
    expect(mine.lessons.map((l: Lesson) => l.title)).toEqual(['Stays']);
    expect((await as('get', `/api/admin/courses/${course.id}`).expect(200)).body.lessons.map((l: Lesson) => l.title)).toEqual(['Stays']);

    await as('post', '/api/admin/analytics/recompute').expect(202);
    const run = await eventually(
      async () => (await as('get', '/api/admin/analytics/recompute-runs').expect(200)).body.runs.find((r: { finishedAt: string | null }) => r.finishedAt),
      { what: 'recompute run finished' },
    );
    expect(run.error).toBeNull();
    expect(Object.values(run.differences).every((n) => n === 0)).toBe(true);

    // Restoring the revision that had the lesson brings the same lesson (and the learner's completion) back.
    await as('post', `/api/admin/courses/${course.id}/revisions/1/restore`).expect(200);
    await as('post', `/api/admin/courses/${course.id}/publish`).send({}).expect(200);
    const back = (await as('get', `/api/courses/${course.id}`, student).expect(200)).body.course;
    expect(back.lessons.map((l: Lesson & { completed: boolean }) => [l.id, l.completed])).toEqual([
      [stays, true],
      [goes, true],
    ]);
  });
});

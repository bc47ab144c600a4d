import { createCourse, type CreatedCourse } from '../factories/courses.factory';
import { adminToken, createUser, login } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(60_000);
describe('GET /api/courses/{id}: lesson content only with access', () => {
  let app: TestApp;
  let course: CreatedCourse;

  const OUTLINE_KEYS = ['duration', 'id', 'order', 'title', 'type'];
  const get = (id: number, token?: string) => {
    const req = app.http.get(`/api/courses/${id}`);
    return token ? req.set('authorization', `Bearer ${token}`) : req;
  };
  const expectOutlineOnly = (body: { success: boolean; course: Record<string, unknown> & { lessons: Array<Record<string, unknown>> } }) => {
    expect(body.success).toBe(true);
    expect(body.course).toMatchObject({ id: course.id, title: course.title, hasAccess: false, lessonsCount: 3, lastLessonId: null });
    expect(body.course.lessons.map((l) => l.title)).toEqual(['Intro video', 'Reading', 'Workbook']);
    for (const lesson of body.course.lessons) expect(Object.keys(lesson).sort()).toEqual(OUTLINE_KEYS);
    const raw = JSON.stringify(body);
    expect(raw).not.toContain('secret-text');
    expect(raw).not.toContain('youtube.com/embed/secret');
    expect(raw).not.toContain('/media/secret.pdf');
  };

  beforeAll(async () => {
    app = await startTestApp();
    course = await createCourse(app.db, {
      title: 'Guarded course',
      lessons: [
        { title: 'Intro video', type: 'video', videoUrl: 'https://www.youtube.com/embed/secret', content: '<p>secret-text video notes</p>' },
        { title: 'Reading', type: 'text', content: '<p>secret-text body</p>' },
        { title: 'Workbook', type: 'pdf', pdfUrl: '/media/secret.pdf' },
        { title: 'Unpublished draft', published: false },
      ],
    });
  });
  afterAll(() => app.close());

  it('gives an anonymous visitor the metadata and outline only', async () => {
    expectOutlineOnly((await get(course.id).expect(200)).body);
  });

  it('gives a signed-in learner without an entitlement the outline only, and does not enrol them', async () => {
    const learner = await createUser(app.db, { access: false });
    expectOutlineOnly((await get(course.id, await login(app, learner)).expect(200)).body);
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM course_enrollments WHERE user_id = $1`, [learner.id]);
    expect(n).toBe(0);
  });

  it('stops showing content once the entitlement is revoked', async () => {
    const learner = await createUser(app.db);
    const token = await login(app, learner);
    expect((await get(course.id, token).expect(200)).body.course.hasAccess).toBe(true);
    await app.db.query(`UPDATE entitlements SET revoked_at = now() WHERE user_id = $1`, [learner.id]);
    expectOutlineOnly((await get(course.id, token).expect(200)).body);
  });

  it('gives an entitled learner the full lessons with their progress', async () => {
    const learner = await createUser(app.db);
    const res = await get(course.id, await login(app, learner)).expect(200);
    expect(res.body.course.hasAccess).toBe(true);
    expect(res.body.course.lessons).toHaveLength(3);
    expect(res.body.course.lessons[0]).toMatchObject({ type: 'video', videoUrl: 'https://www.youtube.com/embed/secret', completed: false });
    expect(res.body.course.lessons[1].content).toContain('secret-text');
    expect(res.body.course.lessons[2].pdfUrl).toMatch(new RegExp(`^/api/courses/${course.id}/lessons/\\d+/file\\?u=`));
  });

  it('gives an admin the full lessons', async () => {
    const { token } = await adminToken(app);
    const res = await get(course.id, token).expect(200);
    expect(res.body.course.hasAccess).toBe(true);
    expect(res.body.course.lessons[2].pdfUrl).toMatch(new RegExp(`^/api/courses/${course.id}/lessons/\\d+/file\\?u=`));
  });

  it('keeps the 404 shape for unknown and unpublished courses', async () => {
    const draft = await createCourse(app.db, { status: 'draft', lessons: [{}] });
    for (const id of [draft.id, 999999]) {
      const res = await get(id).expect(404);
      expect(res.body).toMatchObject({ success: false, statusCode: 404, message: 'Course not found' });
      expect(typeof res.body.error).toBe('string');
    }
  });
});

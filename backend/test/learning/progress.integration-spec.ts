import { createCourse } from '../factories/courses.factory';
import { adminToken, createUser, login } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

describe('learner progress, completion events and ratings', () => {
  let app: TestApp;
  let token: string;
  let learnerId: string;

  const events = async (type: string, courseId: number): Promise<number> => {
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = $1 AND payload->>'courseId' = $2 AND payload->>'userId' = $3`, [type, String(courseId), learnerId]);
    return n;
  };
  const complete = (courseId: number, lessonId: number, as = token) =>
    app.http.post(`/api/courses/${courseId}/lessons/${lessonId}/complete`).set('authorization', `Bearer ${as}`).send({});
  const courseView = async (courseId: number) => (await app.http.get(`/api/courses/${courseId}`).set('authorization', `Bearer ${token}`).expect(200)).body.course;

  beforeAll(async () => {
    app = await startTestApp();
    const learner = await createUser(app.db);
    learnerId = learner.id;
    token = await login(app, learner);
  });
  afterAll(() => app.close());

  it('counts a lesson completed twice once, and emits lesson.completed once', async () => {
    const course = await createCourse(app.db, { lessons: [{}, {}, {}] });
    const first = await complete(course.id, course.lessonIds[0]).expect(200);
    expect(first.body).toEqual({ success: true, lessonId: course.lessonIds[0], completed: true, completedLessons: 1, totalLessons: 3, progress: 33, courseCompleted: false });
    const again = await complete(course.id, course.lessonIds[0]).expect(200);
    expect(again.body).toEqual(first.body);
    expect(await events('lesson.completed', course.id)).toBe(1);

    // Un-completing and completing again is still one completion for analytics.
    const undone = await app.http.delete(`/api/courses/${course.id}/lessons/${course.lessonIds[0]}/complete`).set('authorization', `Bearer ${token}`).expect(200);
    expect(undone.body).toMatchObject({ completed: false, completedLessons: 0, progress: 0 });
    await complete(course.id, course.lessonIds[0]).expect(200);
    expect(await events('lesson.completed', course.id)).toBe(1);
    expect(await events('course.started', course.id)).toBe(1);
  });

  it('reaches exactly 100% on the last published lesson, emits course.completed once, and stays right when lessons change', async () => {
    const course = await createCourse(app.db, { lessons: [{}, {}, { published: false }] });
    await complete(course.id, course.lessonIds[0]).expect(200);
    const last = await complete(course.id, course.lessonIds[1]).expect(200);
    expect(last.body).toMatchObject({ completedLessons: 2, totalLessons: 2, progress: 100, courseCompleted: true });
    await complete(course.id, course.lessonIds[1]).expect(200);
    expect(await events('course.completed', course.id)).toBe(1);

    const listed = (await app.http.get('/api/courses').set('authorization', `Bearer ${token}`).expect(200)).body.courses.find((c: { id: number }) => c.id === course.id);
    expect(listed).toMatchObject({ progress: 100, completedLessons: 2, lessonsCount: 2, students: 1 });
    const view = await courseView(course.id);
    expect(view.progress).toBe(100);
    expect(view.lessons.map((l: { completed: boolean }) => l.completed)).toEqual([true, true]);

    // The admin publishes the third lesson: 2 of 3.
    await app.db.query(`UPDATE lessons SET published = true WHERE id = $1`, [course.lessonIds[2]]);
    expect((await courseView(course.id)).progress).toBe(67);
    // ... then unpublishes a completed one: 1 of 2.
    await app.db.query(`UPDATE lessons SET published = false WHERE id = $1`, [course.lessonIds[0]]);
    expect(await courseView(course.id)).toMatchObject({ progress: 50, completedLessons: 1, lessonsCount: 2 });
    // Completing the rest reaches 100% again without a second course.completed.
    const done = await complete(course.id, course.lessonIds[2]).expect(200);
    expect(done.body).toMatchObject({ progress: 100, courseCompleted: true });
    expect(await events('course.completed', course.id)).toBe(1);
    // A new lesson added by the admin: 2 of 3.
    await app.db.query(`INSERT INTO lessons (course_id, title, sort_order, published) VALUES ($1, 'Added later', 9, true)`, [course.id]);
    expect((await courseView(course.id)).progress).toBe(67);
  });

  it('writes course.completed once when the last two lessons are completed concurrently', async () => {
    const course = await createCourse(app.db, { lessons: [{}, {}, {}, {}] });
    await Promise.all(course.lessonIds.map((id) => complete(course.id, id).expect(200)));
    expect(await events('course.completed', course.id)).toBe(1);
    expect(await events('lesson.completed', course.id)).toBe(4);
  });

  it('refuses lessons without access (403), of another course or unpublished (404), and malformed ids (400)', async () => {
    const course = await createCourse(app.db, { lessons: [{}, { published: false }] });
    const other = await createCourse(app.db, { lessons: [{}] });
    const draft = await createCourse(app.db, { status: 'draft', lessons: [{}] });
    const noAccess = await login(app, await createUser(app.db, { access: false }));

    expect((await complete(course.id, course.lessonIds[0], noAccess)).status).toBe(403);
    expect((await app.http.post(`/api/courses/${course.id}/lessons/${course.lessonIds[0]}/complete`)).status).toBe(401);
    const foreign = await complete(course.id, other.lessonIds[0]);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ statusCode: 404, message: 'Lesson not found in this course' });
    expect((await complete(course.id, course.lessonIds[1])).status).toBe(404);
    expect((await complete(draft.id, draft.lessonIds[0])).status).toBe(404);
    expect((await complete(course.id, 0)).status).toBe(400);
    expect((await app.http.post(`/api/courses/abc/lessons/1/complete`).set('authorization', `Bearer ${token}`).send({})).status).toBe(400);
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM lesson_progress WHERE lesson_id = ANY($1::int[])`, [[other.lessonIds[0], course.lessonIds[1], draft.lessonIds[0]]]);
    expect(n).toBe(0);
  });

  it('saves the resume position and returns it with the course', async () => {
    const course = await createCourse(app.db, { lessons: [{ type: 'video', videoUrl: 'https://www.youtube.com/embed/abcdefgh' }, {}] });
    await app.http.put(`/api/courses/${course.id}/lessons/${course.lessonIds[0]}/position`).set('authorization', `Bearer ${token}`).send({ seconds: 95 }).expect(200);
    const view = await courseView(course.id);
    expect(view.lessons[0].positionSeconds).toBe(95);
    expect(view.lastLessonId).toBe(course.lessonIds[0]);
    const bad = await app.http.put(`/api/courses/${course.id}/lessons/${course.lessonIds[0]}/position`).set('authorization', `Bearer ${token}`).send({ seconds: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('seconds');
  });

  it('lets learners who opened a course rate it; rating is the average and students those who started it', async () => {
    const course = await createCourse(app.db, { lessons: [{}] });
    const rate = (as: string, stars: unknown) => app.http.put(`/api/courses/${course.id}/rating`).set('authorization', `Bearer ${as}`).send({ stars });
    expect((await rate(token, 5)).status).toBe(403);

    await courseView(course.id);
    expect((await rate(token, 5)).body).toEqual({ success: true, rating: 5, myRating: 5 });
    const second = await login(app, await createUser(app.db));
    await app.http.get(`/api/courses/${course.id}`).set('authorization', `Bearer ${second}`).expect(200);
    expect((await rate(second, 2)).body).toEqual({ success: true, rating: 3.5, myRating: 2 });
    expect((await rate(second, 6)).status).toBe(400);
    expect((await rate(second, 'x')).status).toBe(400);

    // Anonymous visitors and admins do not become students.
    await app.http.get(`/api/courses/${course.id}`).expect(200);
    const { token: admin } = await adminToken(app);
    await app.http.get(`/api/courses/${course.id}`).set('authorization', `Bearer ${admin}`).expect(200);
    const view = await courseView(course.id);
    expect(view).toMatchObject({ students: 2, rating: 3.5, myRating: 5, hasAccess: true });
  });
});

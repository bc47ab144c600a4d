import { createCourse } from '../factories/courses.factory';
import { adminToken, createUser, login } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

describe('learner progress, completion events and ratings', () => {
  let app: TestApp;
  let token: string;
  let learnerId: string;

  const events = async (type: string, courseId: number): Promise<number> => {
    const [{ n }] = await app.db.query(
      `SELECT count(*)::int AS n FROM outbox_events WHERE type = $1 AND payload->>'courseId' = $2 AND payload->>'userId' = $3`,
      [type, String(courseId), learnerId],
    );
    return n;
  };
  const complete = (courseId: number, lessonId: number, as = token) =>
    app.http.post(`/api/courses/${courseId}/lessons/${lessonId}/complete`).set('authorization', `Bearer ${as}`).send({});
  const courseView = async (courseId: number) =>
    (await app.http.get(`/api/courses/${courseId}`).set('authorization', `Bearer ${token}`).expect(200)).body.course;

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
    expect(first.body).toEqual({
      success: true,
      lessonId: course.lessonIds[0],
      completed: true,
      completedLessons: 1,
      totalLessons: 3,
      progress: 33,
      courseCompleted: false,
    });
    const again = await complete(course.id, course.lessonIds[0]).expect(200);
    expect(again.body).toEqual(first.body);
    expect(await events('lesson.completed', course.id)).toBe(1);

    // Un-completing and completing again is still one completion for analytics.
    const undone = await app.http
      .delete(`/api/courses/${course.id}/lessons/${course.lessonIds[0]}/complete`)
      .set('authorization', `Bearer ${token}`)
      .expect(200);
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

    const listed = (await app.http.get('/api/courses').set('authorization', `Bearer ${token}`).expect(200)).body.courses.find(
      (c: { id: number }) => c.id === course.id,
    );
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
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM lesson_progress WHERE lesson_id = ANY($1::int[])`, [
      [other.lessonIds[0], course.lessonIds[1], draft.lessonIds[0]],
    ]);
    expect(n).toBe(0);
  });

  it('saves the resume position and returns it with the course', async () => {
    const course = await createCourse(app.db, { lessons: [{ type: 'video', videoUrl: 'https://www.youtube.com/embed/abcdefgh' }, {}] });
    await app.http
      .put(`/api/courses/${course.id}/lessons/${course.lessonIds[0]}/position`)
      .set('authorization', `Bearer ${token}`)
      .send({ seconds: 95 })
      .expect(200);
    const view = await courseView(course.id);
    expect(view.lessons[0].positionSeconds).toBe(95);
    expect(view.lastLessonId).toBe(course.lessonIds[0]);
    const bad = await app.http
      .put(`/api/courses/${course.id}/lessons/${course.lessonIds[0]}/position`)
      .set('authorization', `Bearer ${token}`)
      .send({ seconds: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('seconds');
  });

  it('lets learners who completed a lesson rate a course with an optional review; rating is the average and count, students those who started it', async () => {
    const course = await createCourse(app.db, { lessons: [{}, {}] });
    const rate = (as: string, body: Record<string, unknown>) =>
      app.http.put(`/api/courses/${course.id}/rating`).set('authorization', `Bearer ${as}`).send(body);
    const complete = (as: string, lessonId: number) =>
      app.http.post(`/api/courses/${course.id}/lessons/${lessonId}/complete`).set('authorization', `Bearer ${as}`).expect(200);
    await courseView(course.id);
    const before = await rate(token, { stars: 5 }).expect(403);
    expect(before.body.message).toBe('Complete at least one lesson of this course before rating it');

    await complete(token, course.lessonIds[0]);
    expect((await rate(token, { stars: 5, review: '  <b>Great</b> course!\u0007  ' }).expect(200)).body).toEqual({
      success: true,
      rating: 5,
      ratingsCount: 1,
      myRating: 5,
      myReview: 'Great course!',
    });
    const second = await login(app, await createUser(app.db, { name: 'Bob Stone' }));
    await complete(second, course.lessonIds[1]);
    expect((await rate(second, { stars: 2, review: 'Too short' }).expect(200)).body).toMatchObject({ rating: 3.5, ratingsCount: 2, myRating: 2 });
    // A new rating without a review keeps the review written before.
    expect((await rate(second, { stars: 3 }).expect(200)).body).toMatchObject({ rating: 4, myReview: 'Too short' });
    await rate(second, { stars: 6 }).expect(400);
    await rate(second, { stars: 'x' }).expect(400);
    await rate(second, { stars: 3, review: 'x'.repeat(1001) }).expect(400);

    const card = (await app.http.get('/api/courses').set('authorization', `Bearer ${token}`).expect(200)).body.courses.find(
      (c: { id: number }) => c.id === course.id,
    );
    expect(card).toMatchObject({ rating: 4, ratingsCount: 2, myRating: 5 });
    const reviews = (await app.http.get(`/api/courses/${course.id}/reviews`).expect(200)).body.reviews;
    expect(reviews.map((r: { review: string }) => r.review).sort()).toEqual(['Great course!', 'Too short']);
    expect(reviews.find((r: { review: string }) => r.review === 'Too short')).toMatchObject({ author: 'Bob', stars: 3 });

    // An admin hides a review: its text disappears for learners, its stars keep counting.
    const { token: admin } = await adminToken(app);
    const asAdmin = { authorization: `Bearer ${admin}` };
    const listed = await app.http
      .get('/api/admin/reviews')
      .query({ filter: JSON.stringify({ courseId: course.id }) })
      .set(asAdmin)
      .expect(200);
    expect(listed.headers['content-range']).toMatch(/\/2$/);
    const bobs = listed.body.find((r: { review: string }) => r.review === 'Too short');
    expect(bobs).toMatchObject({ author: 'Bob Stone', stars: 3, hidden: false, courseId: course.id });
    expect((await app.http.put(`/api/admin/reviews/${bobs.id}`).set(asAdmin).send({ hidden: true }).expect(200)).body.hidden).toBe(true);
    await app.http.put(`/api/admin/reviews/${bobs.id}`).set(asAdmin).send({ hidden: 'yes' }).expect(400);
    await app.http.put(`/api/admin/reviews/${bobs.id}`).set('authorization', `Bearer ${second}`).send({ hidden: false }).expect(403);
    expect((await app.http.get(`/api/courses/${course.id}/reviews`).expect(200)).body.reviews.map((r: { review: string }) => r.review)).toEqual([
      'Great course!',
    ]);
    const adminCourse = await app.http.get(`/api/admin/courses/${course.id}`).set(asAdmin).expect(200);
    expect(adminCourse.body).toMatchObject({ rating: 4, ratingsCount: 2 });
    const audit = await app.db.query(`SELECT action FROM audit_log WHERE resource = 'reviews' AND resource_id = $1`, [bobs.id]);
    expect(audit).toEqual([{ action: 'hide-review' }]);

    // Anonymous visitors and admins do not become students.
    await app.http.get(`/api/courses/${course.id}`).expect(200);
    await app.http.get(`/api/courses/${course.id}`).set(asAdmin).expect(200);
    const view = await courseView(course.id);
    expect(view).toMatchObject({ students: 2, rating: 4, myRating: 5, myReview: 'Great course!', hasAccess: true });
  });

  it('answers what to study next: the first unfinished lesson after the last one opened, in the most recent course', async () => {
    const learner = await login(app, await createUser(app.db));
    const next = () => app.http.get('/api/learning/next').set('authorization', `Bearer ${learner}`).expect(200);
    expect((await next()).body).toEqual({ next: null });
    const course = await createCourse(app.db, { title: 'Next steps', lessons: [{ title: 'One' }, { title: 'Two' }, { title: 'Three' }] });
    await app.http.post(`/api/courses/${course.id}/lessons/${course.lessonIds[0]}/complete`).set('authorization', `Bearer ${learner}`).expect(200);
    expect((await next()).body.next).toEqual({
      courseId: course.id,
      courseTitle: 'Next steps',
      lessonId: course.lessonIds[1],
      lessonTitle: 'Two',
      completedLessons: 1,
      totalLessons: 3,
    });
    for (const id of course.lessonIds.slice(1)) {
      await app.http.post(`/api/courses/${course.id}/lessons/${id}/complete`).set('authorization', `Bearer ${learner}`).expect(200);
    }
    expect((await next()).body).toEqual({ next: null });
  });
});

import { createCourse } from '../factories/courses.factory';
import { adminToken, createUser, login } from '../factories/users.factory';
import { waitForMail } from '../support/mailbox';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

describe('questions under each lesson', () => {
  let app: TestApp;
  let admin: string;

  const as = (method: 'get' | 'post' | 'put' | 'delete', path: string, bearer: string) => app.http[method](path).set('authorization', `Bearer ${bearer}`);

  beforeAll(async () => {
    app = await startTestApp();
    admin = (await adminToken(app)).token;
  });
  afterAll(() => app.close());

  it('a learner asks, an admin answers with the Instructor badge, the asker is notified by bell and email; unanswered list, hide and delete', async () => {
    const course = await createCourse(app.db, { title: 'Ask Away', instructor: 'Maya Lindqvist', lessons: [{ title: 'Lesson with questions' }] });
    const lessonId = course.lessonIds[0];
    const path = `/api/courses/${course.id}/lessons/${lessonId}/questions`;
    const asker = await createUser(app.db, { name: 'Quinn Asker' });
    const token = await login(app, asker);

    const asked = await as('post', path, token).send({ body: '  How do I pick keywords? See https://example.com/x <b>bold</b>  ' }).expect(201);
    expect(asked.body).toMatchObject({ body: 'How do I pick keywords? See https://example.com/x <b>bold</b>', instructor: false, mine: true, parentId: null });
    const questionId: string = asked.body.id;

    // It waits in the console's unanswered list.
    const unanswered = await as('get', `/api/admin/lesson-questions?filter=${encodeURIComponent(JSON.stringify({ unanswered: true }))}`, admin).expect(200);
    expect(unanswered.body.find((q: { id: string }) => q.id === questionId)).toMatchObject({
      courseTitle: 'Ask Away',
      lessonTitle: 'Lesson with questions',
      answered: false,
    });

    // Bad input: nothing stored.
    await as('post', path, token).send({ body: '   ' }).expect(400);
    await as('post', path, token)
      .send({ body: 'x'.repeat(2001) })
      .expect(400);
    await as('post', path, token).send({ body: 'reply', parentId: '999999999' }).expect(404);

    await app.startWorker();
    try {
      const answered = await as('post', `/api/admin/lesson-questions/${questionId}/answer`, admin)
        .send({ body: 'Start from what your buyers search.' })
        .expect(200);
      // The answer speaks as the course's instructor, not as the administrator's account ("Admin User").
      expect(answered.body).toMatchObject({ instructor: true, parentId: questionId, author: 'Maya Lindqvist' });
      const bell = await eventually(
        async () => {
          const res = await as('get', '/api/notifications', token).expect(200);
          return (res.body.notifications ?? res.body.items ?? res.body).find?.((n: { kind: string }) => n.kind === 'question.answered');
        },
        { what: 'bell notification of the answer' },
      );
      expect(bell).toMatchObject({ title: 'Your question was answered: Lesson with questions', body: 'Start from what your buyers search.' });
      const mail = await waitForMail(app, asker.email, 'question-answered');
      expect(mail.text).toContain('Start from what your buyers search.');
    } finally {
      await app.stopWorker();
    }

    const thread = await as('get', path, token).expect(200);
    expect(thread.body.questions).toEqual([
      expect.objectContaining({
        id: questionId,
        answered: true,
        author: 'Quinn Asker',
        replies: [expect.objectContaining({ instructor: true, author: 'Maya Lindqvist', body: 'Start from what your buyers search.', mine: false })],
      }),
    ]);
    const stillUnanswered = await as('get', `/api/admin/lesson-questions?filter=${encodeURIComponent(JSON.stringify({ unanswered: true }))}`, admin).expect(
      200,
    );
    expect(stillUnanswered.body.some((q: { id: string }) => q.id === questionId)).toBe(false);
    // A second answer does not notify again.
    await as('post', `/api/admin/lesson-questions/${questionId}/answer`, admin).send({ body: 'And check the volume.' }).expect(200);
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = 'question.answered' AND payload->>'questionId' = $1`, [
      questionId,
    ]);
    expect(n).toBe(1);

    // Another learner replies; the admin hides the reply (learners no longer see it), then deletes the question with its replies.
    const other = await login(app, await createUser(app.db));
    const reply = await as('post', path, other).send({ body: 'Same question here', parentId: questionId }).expect(201);
    await as('put', `/api/admin/lesson-questions/${reply.body.id}/visibility`, admin).send({ hidden: true }).expect(200);
    const hiddenForLearner = await as('get', path, token).expect(200);
    expect(hiddenForLearner.body.questions[0].replies.map((r: { body: string }) => r.body)).not.toContain('Same question here');
    const adminView = await as('get', path, admin).expect(200);
    expect(adminView.body.questions[0].replies.find((r: { body: string }) => r.body === 'Same question here')).toMatchObject({ hidden: true });
    await as('put', `/api/admin/lesson-questions/${reply.body.id}/visibility`, token).send({ hidden: false }).expect(403);
    await as('delete', `/api/admin/lesson-questions/${questionId}`, admin).expect(200);
    expect((await as('get', path, token).expect(200)).body.questions).toEqual([]);
  });

  it('needs access to the released lesson, and limits posts to 5 a minute', async () => {
    const course = await createCourse(app.db, { lessons: [{}, { dripDays: 7 }] });
    const free = await login(app, await createUser(app.db, { access: false }));
    await as('get', `/api/courses/${course.id}/lessons/${course.lessonIds[0]}/questions`, free).expect(403);
    const learner = await login(app, await createUser(app.db));
    const locked = await as('post', `/api/courses/${course.id}/lessons/${course.lessonIds[1]}/questions`, learner).send({ body: 'Early?' }).expect(403);
    expect(locked.body.code).toBe('LESSON_LOCKED');
    const path = `/api/courses/${course.id}/lessons/${course.lessonIds[0]}/questions`;
    for (let i = 0; i < 5; i++)
      await as('post', path, learner)
        .send({ body: `Question ${i}` })
        .expect(201);
    const limited = await as('post', path, learner).send({ body: 'One more' }).expect(429);
    expect(limited.body.code).toBe('TOO_MANY_POSTS');
    expect((await as('get', path, learner).expect(200)).body.questions).toHaveLength(5);
  });
});

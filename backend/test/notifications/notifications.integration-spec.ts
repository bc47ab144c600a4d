import type { EventEnvelope } from '../../src/events/event-catalogue';
import { NOTIFICATIONS_CONSUMER } from '../../src/modules/notifications/jobs/consumers';
import { QueueName } from '../../src/queue/queue-names';
import { QueueService } from '../../src/queue/queue.service';
import { createCourse } from '../factories/courses.factory';
import { adminToken, createUser, login } from '../factories/users.factory';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

interface Listed {
  notifications: Array<{ id: number; kind: string; title: string; body: string; url: string | null; createdAt: string; read: boolean }>;
  unread: number;
}

// Real PostgreSQL, Redis and worker on a shared machine: allow for load.
jest.setTimeout(60_000);
describe('learner notifications through the outbox consumer', () => {
  let app: TestApp;
  let admin: string;
  let learner: string;

  const as = (method: 'get' | 'post' | 'put', path: string, token: string) => app.http[method](path).set('authorization', `Bearer ${token}`);
  const list = async (token = learner): Promise<Listed> => (await as('get', '/api/notifications', token).expect(200)).body;
  const waitFor = (title: string, token = learner) =>
    eventually(async () => (await list(token)).notifications.find((n) => n.title === title), { what: `notification "${title}"` });

  const publishCourse = async (title: string): Promise<{ id: number; lessons: Array<Record<string, unknown>> }> => {
    const created = await as('post', '/api/admin/courses', admin)
      .send({
        title,
        description: 'About it',
        instructor: 'Dana Fox',
        duration: '1h',
        totalLessons: 2,
        lessons: [{ title: 'Welcome', duration: '5 min', order: 1, type: 'text', content: 'Hi', isPublished: true }],
      })
      .expect(201);
    const published = await as('put', `/api/admin/courses/${created.body.id}`, admin).send({ status: 'published' }).expect(200);
    return published.body;
  };

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
    admin = (await adminToken(app)).token;
    learner = await login(app, await createUser(app.db));
  });
  afterAll(() => app.close());

  it('shows a newly published course unread to a learner, and marking read brings unread to 0', async () => {
    const before = await list();
    expect(before).toEqual({ notifications: [], unread: 0 });

    const course = await publishCourse('Push Traffic Mastery');
    const item = await waitFor('New course: Push Traffic Mastery');
    expect(item).toMatchObject({ kind: 'course.published', url: `/course/${course.id}`, read: false, body: expect.any(String) });
    expect(typeof item.id).toBe('number');
    expect(new Date(item.createdAt).toString()).not.toBe('Invalid Date');
    expect((await list()).unread).toBe(1);

    // The admin who published it is not told about their own action.
    expect((await list(admin)).notifications.some((n) => n.title === 'New course: Push Traffic Mastery')).toBe(false);

    const marked = await as('post', '/api/notifications/read', learner).send({}).expect(200);
    expect(marked.body).toEqual({ success: true, unread: 0 });
    const after = await list();
    expect(after.unread).toBe(0);
    expect(after.notifications.find((n) => n.id === item.id)?.read).toBe(true);
  });

  it('announces only the lessons added to a published course, and the learner completing it gets a milestone', async () => {
    const course = await publishCourse('SEO for Affiliates');
    await waitFor('New course: SEO for Affiliates');
    await as('post', '/api/notifications/read', learner).send({}).expect(200);

    // Renaming an existing lesson (a content change) announces nothing; adding one announces it.
    const lessons = course.lessons.map((l) => ({ ...l, title: 'Welcome aboard' }));
    await as('put', `/api/admin/courses/${course.id}`, admin).send({ lessons }).expect(200);
    await as('put', `/api/admin/courses/${course.id}`, admin)
      .send({ lessons: [...lessons, { title: 'Keyword research', duration: '12 min', order: 2, type: 'text', content: 'New', isPublished: true }] })
      .expect(200);
    const added = await waitFor('New lesson in SEO for Affiliates');
    expect(added).toMatchObject({ kind: 'lessons.added', body: 'Keyword research', read: false });
    const [{ n: contentEvents }] = await app.db.query(
      `SELECT count(*)::int AS n FROM outbox_events WHERE type = 'course.content_changed' AND aggregate_id = $1`,
      [String(course.id)],
    );
    expect(contentEvents).toBe(2);
    await eventually(
      async () =>
        (
          await app.db.query(
            `SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id IN (SELECT id FROM outbox_events WHERE type = 'course.content_changed' AND aggregate_id = $2)`,
            [NOTIFICATIONS_CONSUMER, String(course.id)],
          )
        ).length === 2,
      { what: 'both content changes consumed' },
    );
    expect((await list()).notifications.filter((n) => n.url === `/course/${course.id}` && n.kind === 'lessons.added')).toHaveLength(1);
    expect((await list()).unread).toBe(1);

    const view = (await as('get', `/api/courses/${course.id}`, learner).expect(200)).body.course;
    for (const lesson of view.lessons) await as('post', `/api/courses/${course.id}/lessons/${lesson.id}/complete`, learner).send({}).expect(200);
    expect(await waitFor('Course completed: SEO for Affiliates')).toMatchObject({ kind: 'course.completed', read: false });
    // A milestone is personal.
    const other = await login(app, await createUser(app.db));
    expect((await list(other)).notifications.some((n) => n.kind === 'course.completed')).toBe(false);
  });

  it('announces a course published with new lessons in one save once, and a change to a seeded course as an update', async () => {
    const created = await as('post', '/api/admin/courses', admin)
      .send({
        title: 'One Save Course',
        description: 'x',
        instructor: 'Dana Fox',
        duration: '1h',
        totalLessons: 2,
        lessons: [{ title: 'Draft lesson', duration: '5 min', order: 1, type: 'text', content: 'Hi' }],
      })
      .expect(201);
    const lessons = created.body.lessons.map((l: Record<string, unknown>) => ({ ...l, published: true, isPublished: true }));
    await as('put', `/api/admin/courses/${created.body.id}`, admin).send({ status: 'published', lessons }).expect(200);
    const consumed = () =>
      app.db.query(`SELECT 1 FROM processed_events p JOIN outbox_events o ON o.id = p.event_id WHERE p.consumer = $1 AND o.aggregate_id = $2`, [
        NOTIFICATIONS_CONSUMER,
        String(created.body.id),
      ]);
    await eventually(async () => (await consumed()).length === 2, { what: 'publication and content change consumed' });
    expect((await list()).notifications.filter((n) => n.url === `/course/${created.body.id}`).map((n) => n.kind)).toEqual(['course.published']);

    // Seeded courses are published without an event: which lessons are new is unknown the first time.
    const seeded = await createCourse(app.db, { title: 'Seeded Course', lessons: [{ title: 'Old lesson' }] });
    const current = (await as('get', `/api/admin/courses/${seeded.id}`, admin).expect(200)).body.lessons;
    const withOne = [...current, { title: 'Fresh lesson', duration: '5 min', order: 2, type: 'text', content: 'New', isPublished: true }];
    await as('put', `/api/admin/courses/${seeded.id}`, admin).send({ lessons: withOne }).expect(200);
    expect(await waitFor('Course updated: Seeded Course')).toMatchObject({ kind: 'course.updated' });
    const saved = (await as('get', `/api/admin/courses/${seeded.id}`, admin).expect(200)).body.lessons;
    await as('put', `/api/admin/courses/${seeded.id}`, admin)
      .send({ lessons: [...saved, { title: 'Second fresh lesson', duration: '5 min', order: 3, type: 'text', content: 'New', isPublished: true }] })
      .expect(200);
    expect(await waitFor('New lesson in Seeded Course')).toMatchObject({ kind: 'lessons.added', body: 'Second fresh lesson' });
  });

  it('shows a learner only what was published since they joined', async () => {
    const newcomer = await createUser(app.db);
    await app.db.query(`UPDATE users SET join_date = current_date + 1 WHERE id = $1`, [newcomer.id]);
    expect(await list(await login(app, newcomer))).toEqual({ notifications: [], unread: 0 });
  });

  it('needs a signed-in account with access (or an admin)', async () => {
    await app.http.get('/api/notifications').expect(401);
    await app.http.post('/api/notifications/read').send({}).expect(401);
    const noAccess = await login(app, await createUser(app.db, { access: false }));
    const denied = await as('get', '/api/notifications', noAccess).expect(403);
    expect(denied.body).toMatchObject({ statusCode: 403, success: false });
    await as('post', '/api/notifications/read', noAccess).send({}).expect(403);
    await as('get', '/api/notifications', admin).expect(200);
  });

  it('records a redelivered event once', async () => {
    const course = await publishCourse('Redelivered Course');
    await waitFor('New course: Redelivered Course');
    const [row] = await app.db.query(
      `SELECT id, type, occurred_at, aggregate_type, aggregate_id, payload FROM outbox_events WHERE type = 'course.published' AND aggregate_id = $1`,
      [String(course.id)],
    );
    const envelope: EventEnvelope = {
      id: row.id,
      type: row.type,
      occurredAt: row.occurred_at.toISOString(),
      aggregateType: row.aggregate_type,
      aggregateId: row.aggregate_id,
      payload: row.payload,
    };
    const queue = app.api.get(QueueService).queue(QueueName.Notifications);
    const redelivered = await queue.add(NOTIFICATIONS_CONSUMER, envelope, { jobId: `redelivery-${envelope.id}` });
    await eventually(async () => (await redelivered.getState()) === 'completed', { what: 'redelivery processed' });
    expect(await redelivered.getState()).toBe('completed');
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM notifications WHERE event_id = $1`, [envelope.id]);
    expect(n).toBe(1);
    expect((await list()).notifications.filter((x) => x.title === 'New course: Redelivered Course')).toHaveLength(1);
  });

  it('names a renamed course by its current title in the notifications already shown', async () => {
    const course = await publishCourse('Native Ads Basics');
    const item = await waitFor('New course: Native Ads Basics');
    await as('put', `/api/admin/courses/${course.id}`, admin).send({ title: 'Native Ads Fundamentals' }).expect(200);
    const shown = (await list()).notifications.find((n) => n.id === item.id);
    expect(shown?.title).toBe('New course: Native Ads Fundamentals');
  });
});

import { createCourse } from '../factories/courses.factory';
import { adminToken, createUser, login } from '../factories/users.factory';
import { binary } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x42)]);
const SECRET = 'drip-secret-words';
const DAY = 24 * 3600 * 1000;

/**
 * Drip release: a lesson "available N days after purchase" or "from a date"
 * is locked until then, and nothing of its content (text, video, PDF, quiz)
 * leaves the server on any route while it is locked.
 */
describe('drip release', () => {
  let app: TestApp;
  let admin: string;
  let pdfRef: string;
  let course: { id: number; lessonIds: number[] };

  const as = (method: 'get' | 'post' | 'put' | 'delete', path: string, bearer: string) => app.http[method](path).set('authorization', `Bearer ${bearer}`);

  beforeAll(async () => {
    app = await startTestApp();
    admin = (await adminToken(app)).token;
    pdfRef = (await app.http.post('/api/admin/media').set('authorization', `Bearer ${admin}`).attach('file', PDF, 'Dripped.pdf').expect(201)).body.url;
    course = await createCourse(app.db, {
      title: 'Dripped course',
      lessons: [
        { title: 'Open now', content: '<p>Welcome</p>' },
        { title: 'Week one text', content: `<p>${SECRET}</p>`, dripDays: 7 },
        { title: 'Week one video', type: 'video', videoUrl: `https://www.youtube.com/embed/${SECRET}`, content: '', dripDays: 7 },
        { title: 'Week one PDF', type: 'pdf', pdfUrl: pdfRef, content: '', dripDays: 7 },
        {
          title: 'Week one quiz',
          type: 'quiz',
          content: '',
          dripDays: 7,
          quiz: {
            passMark: 50,
            attemptsAllowed: 0,
            shuffle: false,
            questions: [{ id: 'q1', kind: 'true_false', prompt: `${SECRET}?`, options: [], answer: true, acceptedAnswers: [], explanation: '' }],
          },
        },
        { title: 'Launch day', content: `<p>${SECRET} launch</p>`, availableFrom: new Date(Date.now() + 30 * DAY) },
        { title: 'Already out', content: '<p>Past date</p>', availableFrom: new Date(Date.now() - DAY) },
      ],
    });
  });
  afterAll(() => app.close());

  /** Every learner route that answers a lesson's content, file or quiz, for one locked lesson: each a 403 LESSON_LOCKED with the date it opens. */
  const expectLockedEverywhere = async (token: string, lessonId: number) => {
    const base = `/api/courses/${course.id}/lessons/${lessonId}`;
    const responses = await Promise.all([
      as('post', `${base}/complete`, token).send({}),
      as('delete', `${base}/complete`, token),
      as('put', `${base}/position`, token).send({ seconds: 10 }),
      as('get', `${base}/file`, token),
      as('get', `${base}/quiz`, token),
      as('post', `${base}/quiz/attempts`, token).send({ answers: [{ questionId: 'q1', value: true }] }),
    ]);
    for (const res of responses) {
      // A lesson without a file is a 404 on the file route whether it is locked or not; never the content.
      if (res.request.url.endsWith('/file') && res.status === 404) continue;
      if (res.request.url.endsWith('/quiz') && res.status === 404) continue;
      if (res.request.url.endsWith('/attempts') && res.status === 404) continue;
      expect({ url: res.request.url, status: res.status, code: res.body.code }).toEqual({ url: res.request.url, status: 403, code: 'LESSON_LOCKED' });
      expect(res.body.message).toMatch(/^This lesson opens on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
      expect(JSON.stringify(res.body)).not.toContain(SECRET);
    }
  };

  it('locks dripped lessons for a new buyer: the course view has no content, video, file or quiz, and shows when each opens', async () => {
    const learner = await createUser(app.db);
    const token = await login(app, learner);
    const view = await as('get', `/api/courses/${course.id}`, token).expect(200);
    expect(JSON.stringify(view.body)).not.toContain(SECRET);
    expect(JSON.stringify(view.body)).not.toContain(pdfRef);
    const lessons = view.body.course.lessons as Array<{
      title: string;
      locked: boolean;
      opensAt: string | null;
      content: string;
      videoUrl: string | null;
      pdfUrl: string | null;
    }>;
    const byTitle = new Map(lessons.map((l) => [l.title, l]));
    expect(byTitle.get('Open now')).toMatchObject({ locked: false, opensAt: null, content: '<p>Welcome</p>' });
    expect(byTitle.get('Already out')).toMatchObject({ locked: false, content: '<p>Past date</p>' });
    for (const title of ['Week one text', 'Week one video', 'Week one PDF', 'Week one quiz', 'Launch day']) {
      expect(byTitle.get(title)).toMatchObject({ locked: true, content: '', videoUrl: null, pdfUrl: null });
      expect(Date.parse(byTitle.get(title)!.opensAt!)).toBeGreaterThan(Date.now() + 6 * DAY);
    }
    // The listing and the next step never point at a locked lesson.
    expect(JSON.stringify((await as('get', '/api/courses', token).expect(200)).body)).not.toContain(SECRET);
    await as('post', `/api/courses/${course.id}/lessons/${course.lessonIds[0]}/complete`, token).send({}).expect(200);
    await as('post', `/api/courses/${course.id}/lessons/${course.lessonIds[6]}/complete`, token).send({}).expect(200);
    expect((await as('get', '/api/learning/next', token).expect(200)).body.next).toBeNull();

    for (const lessonId of course.lessonIds.slice(1, 6)) await expectLockedEverywhere(token, lessonId);
  });

  it('refuses a signed PDF link made before the lesson opens (checked at download time)', async () => {
    const learner = await createUser(app.db);
    const token = await login(app, learner);
    // A week and a day ago the lesson was open for this learner: the link they got then...
    await app.db.query(`UPDATE entitlements SET granted_at = now() - interval '8 days' WHERE user_id = $1`, [learner.id]);
    const link = (await as('get', `/api/courses/${course.id}`, token).expect(200)).body.course.lessons[3].pdfUrl as string;
    expect(link).toContain('/file?');
    expect(Buffer.compare((await binary(app.http.get(link)).expect(200)).body as Buffer, PDF)).toBe(0);
    // ... stops working when their access counts from today (a new purchase after a refund).
    await app.db.query(`UPDATE entitlements SET granted_at = now() WHERE user_id = $1`, [learner.id]);
    const refused = await app.http.get(link).expect(403);
    expect(refused.body.code).toBe('LESSON_LOCKED');
  });

  it('opens N days after the purchase: content, file and quiz then reach the learner; a date rule opens for everyone at that date', async () => {
    const learner = await createUser(app.db);
    const token = await login(app, learner);
    await app.db.query(`UPDATE entitlements SET granted_at = now() - interval '7 days 1 minute' WHERE user_id = $1`, [learner.id]);
    const view = await as('get', `/api/courses/${course.id}`, token).expect(200);
    const lessons = view.body.course.lessons as Array<{ title: string; locked: boolean; content: string; videoUrl: string | null }>;
    expect(lessons.filter((l) => l.locked).map((l) => l.title)).toEqual(['Launch day']);
    expect(lessons.find((l) => l.title === 'Week one text')!.content).toContain(SECRET);
    expect(lessons.find((l) => l.title === 'Week one video')!.videoUrl).toContain(SECRET);
    await as('get', `/api/courses/${course.id}/lessons/${course.lessonIds[4]}/quiz`, token).expect(200);
    await as('post', `/api/courses/${course.id}/lessons/${course.lessonIds[1]}/complete`, token).send({}).expect(200);
    await expectLockedEverywhere(token, course.lessonIds[5]);
  });

  it('shows administrators every lesson, and a learner without access only the outline', async () => {
    const view = await as('get', `/api/courses/${course.id}`, admin).expect(200);
    expect(view.body.course.lessons.every((l: { locked: boolean }) => !l.locked)).toBe(true);
    const free = await login(app, await createUser(app.db, { access: false }));
    expect(JSON.stringify((await as('get', `/api/courses/${course.id}`, free).expect(200)).body)).not.toContain(SECRET);
  });

  it('authors drip rules in the console: one rule per lesson, a date as the start of that day in UTC', async () => {
    const res = await as('post', '/api/admin/courses', admin)
      .send({
        title: 'Drip authoring',
        description: 'x',
        instructor: 'x',
        duration: '1h',
        totalLessons: 2,
        category: 'Traffic',
        price: 10,
        lessons: [
          { title: 'Later', duration: '1m', order: 1, type: 'text', content: 'x', dripDays: 7 },
          { title: 'On a date', duration: '1m', order: 2, type: 'text', content: 'y', availableFrom: '2031-03-01' },
        ],
      })
      .expect(201);
    expect(res.body.lessons.map((l: { dripDays: number | null; availableFrom: string | null }) => [l.dripDays, l.availableFrom])).toEqual([
      [7, null],
      [null, '2031-03-01T00:00:00.000Z'],
    ]);
    const both = await as('put', `/api/admin/courses/${res.body.id}`, admin)
      .send({ lessons: [{ title: 'Both', duration: '1m', order: 1, type: 'text', content: 'x', dripDays: 3, availableFrom: '2031-03-01' }] })
      .expect(400);
    expect(both.body.errors['lessons.0.dripDays']).toBe('Choose one release rule: days after purchase or a date, not both');
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM lessons WHERE course_id = $1`, [res.body.id]);
    expect(n).toBe(2);
  });
});

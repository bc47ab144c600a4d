import { createCourse } from '../factories/courses.factory';
import { createUser, login } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';
import { createContentItem, createToolCategory } from './resources.factory';

describe('learner search (GET /api/search)', () => {
  let app: TestApp;
  let learner: string;
  let courseId: number;
  let lessonId: number;

  const search = async (q: string) => {
    const res = await app.http.get('/api/search').query({ q }).set('authorization', `Bearer ${learner}`).expect(200);
    return res.body.results as Array<{ kind: string; id: number; title: string; subtitle?: string; url: string }>;
  };

  beforeAll(async () => {
    app = await startTestApp();
    learner = await login(app, await createUser(app.db, { access: true }));
    const course = await createCourse(app.db, {
      title: 'Zephyr Traffic Mastery',
      lessons: [{ title: 'Intro to zephyr funnels' }, { title: 'Hidden zephyr draft', published: false }],
    });
    courseId = course.id;
    lessonId = course.lessonIds[0];
    await createCourse(app.db, { title: 'Zephyr Draft Course', status: 'draft', lessons: [{ title: 'Zephyr in a draft' }] });
    await app.db.query(`INSERT INTO affiliate_programs (name, website, min_payout) VALUES ('Zephyr Partners', 'https://z.example.com', '$50')`);
    await app.db.query(`INSERT INTO affiliate_programs (name, website, published) VALUES ('Zephyr Hidden', 'https://z.example.com', false)`);
    await createToolCategory(app.db, 'Spy Services', [{ name: 'ZephyrSpy' }]);
    await app.db.query(`INSERT INTO automation_templates (name, link, category) VALUES ('Zephyr Sync', 'https://z.example.com', 'CRM')`);
    await app.db.query(`INSERT INTO bots (name) VALUES ('Zephyr Bot')`);
    await createContentItem(app.db, { title: 'Creatives pack', type: 'image', tags: ['ZEPHYR'] });
  });
  afterAll(() => app.close());

  it('finds published courses, lessons and resources, case-insensitively, with links into the app', async () => {
    const results = await search('zePHyr');
    expect(results).toEqual([
      { kind: 'course', id: courseId, title: 'Zephyr Traffic Mastery', subtitle: 'Marketing', url: `/course/${courseId}` },
      { kind: 'lesson', id: lessonId, title: 'Intro to zephyr funnels', subtitle: 'Zephyr Traffic Mastery', url: `/course/${courseId}?lesson=${lessonId}` },
      { kind: 'affiliate-program', id: expect.any(Number), title: 'Zephyr Partners', subtitle: '$50', url: '/dashboard/affiliate' },
      { kind: 'tool', id: expect.any(Number), title: 'ZephyrSpy', subtitle: 'Spy Services', url: '/dashboard/toolbox' },
      { kind: 'automation', id: expect.any(Number), title: 'Zephyr Sync', subtitle: 'CRM', url: '/dashboard/automations' },
      { kind: 'bot', id: expect.any(Number), title: 'Zephyr Bot', subtitle: 'Free', url: '/dashboard/traffic-bots' },
      { kind: 'content', id: expect.any(Number), title: 'Creatives pack', subtitle: 'image', url: '/dashboard/content-database' },
    ]);
    expect(await search('nothing matches this')).toEqual([]);
    expect(await search('%')).toEqual([]);
  });

  it('needs lifetime access and a search text', async () => {
    await app.http.get('/api/search').query({ q: 'zephyr' }).expect(401);
    const other = await login(app, await createUser(app.db, { access: false }));
    await app.http.get('/api/search').query({ q: 'zephyr' }).set('authorization', `Bearer ${other}`).expect(403);
    const missing = await app.http.get('/api/search').set('authorization', `Bearer ${learner}`).expect(400);
    expect(missing.body.errors).toEqual({ q: 'Search text is required' });
  });
});

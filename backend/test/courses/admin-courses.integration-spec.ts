import { RollupsService } from '../../src/modules/analytics/rollups.service';
import { createCourse } from '../factories/courses.factory';
import { adminToken, createUser, login } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

describe('admin course management API', () => {
  let app: TestApp;
  let admin: string;

  const as = (method: 'get' | 'post' | 'put' | 'delete', path: string, token = admin) => app.http[method](path).set('authorization', `Bearer ${token}`);
  const newCourse = (over: Record<string, unknown> = {}) => ({
    title: 'Affiliate SEO',
    description: 'Rank casino reviews',
    instructor: 'Dana Fox',
    duration: '2h 30m',
    totalLessons: 3,
    category: 'Traffic',
    price: 120,
    ...over,
  });

  beforeAll(async () => {
    app = await startTestApp();
    admin = (await adminToken(app)).token;
  });
  afterAll(() => app.close());

  it('creates a course with lessons: defaults, sanitised content, embed URLs, audit', async () => {
    const res = await as('post', '/api/admin/courses')
      .send(
        newCourse({
          lessons: [
            { title: 'Welcome', duration: '10 min', order: 1, type: 'text', content: '# Hello\n\n**bold** <script>x</script>', isPublished: true },
            { id: 'new-1731', title: 'Video', duration: '15m', order: 2, type: 'video', videoUrl: 'https://youtu.be/dQw4w9WgXcQ' },
          ],
        }),
      )
      .expect(201);
    expect(res.body).toMatchObject({
      title: 'Affiliate SEO',
      status: 'draft',
      category: 'Traffic',
      price: 120,
      totalLessons: 3,
      lessonsCount: 2,
      students: 0,
      rating: 0,
      ratingsCount: 0,
      revenue: 0,
      createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(res.body.lessons).toHaveLength(2);
    expect(res.body.lessons[0]).toMatchObject({ title: 'Welcome', published: true, order: 1 });
    expect(res.body.lessons[0].content).toContain('<strong>bold</strong>');
    expect(res.body.lessons[0].content).not.toContain('<script');
    expect(res.body.lessons[1]).toMatchObject({ type: 'video', videoUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ', published: false });
    const [audit] = await app.db.query(`SELECT action, summary FROM audit_log WHERE resource = 'courses' AND resource_id = $1`, [String(res.body.id)]);
    expect(audit).toEqual({ action: 'create', summary: 'Created course "Affiliate SEO"' });
  });

  it('refuses invalid courses and lessons with field errors', async () => {
    const missing = await as('post', '/api/admin/courses').send({ description: 'x' }).expect(400);
    expect(missing.body.errors).toMatchObject({ title: 'Title is required', instructor: 'Instructor is required', duration: 'Duration is required' });
    const badLessons = await as('post', '/api/admin/courses')
      .send(
        newCourse({
          lessons: [
            { title: '', duration: '1m', order: 0 },
            { title: 'V', duration: '1m', order: 2, type: 'video', videoUrl: 'https://evil.example.com/x' },
          ],
        }),
      )
      .expect(400);
    expect(badLessons.body.errors).toMatchObject({ 'lessons.0.title': 'Lesson title is required', 'lessons.0.order': 'Order must be 1 or more' });
    const badVideo = await as('post', '/api/admin/courses')
      .send(newCourse({ lessons: [{ title: 'V', duration: '1m', order: 1, type: 'video', videoUrl: 'javascript:alert(1)' }] }))
      .expect(400);
    expect(badVideo.body.errors).toHaveProperty(['lessons.0.videoUrl']);
    for (const body of [
      newCourse({ status: 'live' }),
      newCourse({ category: 'Casino' }),
      newCourse({ totalLessons: -1 }),
      newCourse({ price: 'free' }),
      newCourse({ thumbnail: 'javascript:alert(1)' }),
    ]) {
      await as('post', '/api/admin/courses').send(body).expect(400);
    }
  });

  it('lists with search, filters, sort, range and Content-Range; getMany by ids; bad sort → 400', async () => {
    const a = await createCourse(app.db, { title: 'Zeta Traffic', instructor: 'Quinn', category: 'Traffic', status: 'published' });
    const b = await createCourse(app.db, { title: 'Eta Money', instructor: 'Quinn', category: 'Monetization', status: 'archived' });
    const res = await as(
      'get',
      `/api/admin/courses?filter=${encodeURIComponent(JSON.stringify({ q: 'quinn' }))}&sort=${encodeURIComponent('["title","ASC"]')}&range=[0,0]`,
    ).expect(200);
    expect(res.headers['content-range']).toBe('courses 0-0/2');
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([b.id]);
    const filtered = await as('get', `/api/admin/courses?filter=${encodeURIComponent(JSON.stringify({ q: 'QUINN', status: 'published' }))}`).expect(200);
    expect(filtered.body.map((c: { id: number }) => c.id)).toEqual([a.id]);
    const many = await as('get', `/api/admin/courses?filter=${encodeURIComponent(JSON.stringify({ id: [a.id, b.id] }))}`).expect(200);
    expect(many.body).toHaveLength(2);
    await as('get', `/api/admin/courses?sort=${encodeURIComponent('["title; DROP TABLE courses","ASC"]')}`).expect(400);
    await as('get', `/api/admin/courses?filter=${encodeURIComponent('{"status":"live"}')}`).expect(400);
    await as('get', '/api/admin/courses/abc').expect(400);
    await as('get', '/api/admin/courses/999999').expect(404);
  });

  it('updates the whole record (read-only fields ignored) or some fields, replacing lessons while learner progress stays right', async () => {
    const course = await createCourse(app.db, { status: 'draft', lessons: [{ title: 'One' }, { title: 'Two' }, { title: 'Three' }] });
    const learner = await createUser(app.db);
    const token = await login(app, learner);
    const record = (await as('get', `/api/admin/courses/${course.id}`).expect(200)).body;

    const published = await as('put', `/api/admin/courses/${course.id}`).send({ status: 'published' }).expect(200);
    expect(published.body.status).toBe('published');
    const [event] = await app.db.query(`SELECT payload FROM outbox_events WHERE type = 'course.published' AND aggregate_id = $1`, [String(course.id)]);
    expect(event.payload).toMatchObject({ courseId: course.id });

    await app.http.post(`/api/courses/${course.id}/lessons/${course.lessonIds[0]}/complete`).set('authorization', `Bearer ${token}`).send({}).expect(200);
    // Drop lesson One (completed), keep Two, add Four: 0 of 3 done.
    const lessons = [
      { ...record.lessons[1], title: 'Two (edited)', order: 1 },
      { ...record.lessons[2], order: 2 },
      { title: 'Four', duration: '5m', order: 3, type: 'text', content: 'New', published: true, completed: false },
    ];
    const saved = await as('put', `/api/admin/courses/${course.id}`)
      .send({ ...record, status: 'published', title: 'Renamed', lessons })
      .expect(200);
    expect(saved.body.title).toBe('Renamed');
    expect(saved.body.lessons.map((l: { title: string }) => l.title)).toEqual(['Two (edited)', 'Three', 'Four']);
    expect(saved.body.lessons[0].id).toBe(course.lessonIds[1]);
    const view = (await app.http.get(`/api/courses/${course.id}`).set('authorization', `Bearer ${token}`).expect(200)).body.course;
    expect(view).toMatchObject({ progress: 0, completedLessons: 0, lessonsCount: 3 });
  });

  it('reorders lessons, refusing an incomplete or foreign list', async () => {
    const course = await createCourse(app.db, { lessons: [{ title: 'A' }, { title: 'B' }, { title: 'C' }] });
    const [a, b, c] = course.lessonIds;
    await as('put', `/api/admin/courses/${course.id}/lesson-order`)
      .send({ ids: [c, a, b] })
      .expect(200);
    expect((await as('get', `/api/admin/courses/${course.id}`).expect(200)).body.lessons.map((l: { title: string }) => l.title)).toEqual(['C', 'A', 'B']);
    await as('put', `/api/admin/courses/${course.id}/lesson-order`)
      .send({ ids: [c, a] })
      .expect(400);
    await as('put', `/api/admin/courses/${course.id}/lesson-order`)
      .send({ ids: [c, a, a] })
      .expect(400);
    await as('put', `/api/admin/courses/${course.id}/lesson-order`).send({ ids: 'abc' }).expect(400);
  });

  it('saves the whole course from the edit page into its draft (admins only), learners keep the published course, and deletes courses', async () => {
    const course = await createCourse(app.db, { lessons: [{ title: 'Keep' }] });
    const body = {
      title: 'Edited',
      instructor: 'Eve',
      description: 'D',
      thumbnail: '/media/x.png',
      lessons: [{ id: course.lessonIds[0], title: 'Keep', duration: '10 min', order: 1, type: 'text', content: '**md**', published: true }],
    };
    const res = await app.http.post(`/api/courses/${course.id}`).set('authorization', `Bearer ${admin}`).send(body).expect(200);
    expect(res.body).toMatchObject({ success: true, course: { id: course.id, title: 'Edited', thumbnail: '/media/x.png' } });
    expect(res.body.course.lessons[0].content).toBe('<p><strong>md</strong></p>');
    const learner = await login(app, await createUser(app.db));
    const refused = await app.http.post(`/api/courses/${course.id}`).set('authorization', `Bearer ${learner}`).send(body).expect(403);
    expect(refused.body.success).toBe(false);

    // The save went to the draft: the published course is unchanged until the draft is published.
    expect((await as('get', `/api/admin/courses/${course.id}`).expect(200)).body.title).toBe(course.title);
    expect((await as('get', `/api/admin/courses/${course.id}/draft`).expect(200)).body).toMatchObject({ hasDraft: true, draft: { title: 'Edited' } });
    await as('post', `/api/admin/courses/${course.id}/publish`).send({}).expect(200);

    const deleted = await as('delete', `/api/admin/courses/${course.id}`).expect(200);
    expect(deleted.body).toMatchObject({ id: course.id, title: 'Edited' });
    await as('get', `/api/admin/courses/${course.id}`).expect(404);
    await as('delete', `/api/admin/courses/${course.id}`).expect(404);
  });

  it('sums the tiles for a filter and exports formula-safe CSV', async () => {
    const course = await createCourse(app.db, { title: '=HYPERLINK("http://x")', category: 'Finance', price: '10.00', lessons: [{}] });
    const other = await createCourse(app.db, { title: 'Finance two', category: 'Finance', price: '20.00', lessons: [{}] });
    for (const c of [course, other]) {
      const token = await login(app, await createUser(app.db));
      await app.http.post(`/api/courses/${c.id}/lessons/${c.lessonIds[0]}/complete`).set('authorization', `Bearer ${token}`).expect(200);
      await app.http
        .put(`/api/courses/${c.id}/rating`)
        .set('authorization', `Bearer ${token}`)
        .send({ stars: c === course ? 4 : 3 })
        .expect(200);
    }
    // Revenue is the courses as sold (each enrolment at its price then, as the analytics rollups count it), not price × students.
    await app.api.get(RollupsService).recompute('test');
    await app.db.query(`UPDATE courses SET price = 999 WHERE id = $1`, [course.id]);
    const filter = encodeURIComponent(JSON.stringify({ category: 'Finance' }));
    const summary = await as('get', `/api/admin/courses/summary?filter=${filter}`).expect(200);
    expect(summary.body).toEqual({ totalCourses: 2, totalStudents: 2, avgRating: 3.5, totalRevenue: 30 });
    const csv = await as('get', `/api/admin/courses/export?filter=${filter}`).expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('courses.csv');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('id,title,instructor,category,status,duration,price,lessons,totalLessons,students,rating,revenue,createdDate,lastUpdated');
    expect(lines).toHaveLength(3);
    expect(csv.text).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it('keeps the admin course API behind an admin token', async () => {
    const learner = await login(app, await createUser(app.db));
    expect((await app.http.get('/api/admin/courses')).status).toBe(401);
    expect((await as('get', '/api/admin/courses', learner)).status).toBe(403);
    expect((await as('post', '/api/admin/courses', learner).send(newCourse())).status).toBe(403);
  });
});

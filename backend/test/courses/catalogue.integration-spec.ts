import { createCourse } from '../factories/courses.factory';
import { startTestApp, type TestApp } from '../support/test-app';

describe('course catalogue API', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('lists published courses only, with their published lesson count', async () => {
    const published = await createCourse(app.db, { title: 'Published one', lessons: [{}, {}, { published: false }] });
    await createCourse(app.db, { title: 'Draft one', status: 'draft' });
    await createCourse(app.db, { title: 'Archived one', status: 'archived' });

    const res = await app.http.get('/api/courses').expect(200);
    expect(res.body.success).toBe(true);
    const titles = res.body.courses.map((c: { title: string }) => c.title);
    expect(titles).toContain('Published one');
    expect(titles).not.toContain('Draft one');
    expect(titles).not.toContain('Archived one');
    const item = res.body.courses.find((c: { id: number }) => c.id === published.id);
    expect(item).toMatchObject({ id: published.id, lessonsCount: 2, instructor: 'Test Instructor', students: 0, rating: 0, progress: 0 });
    expect(typeof item.thumbnail).toBe('string');
  });

  it('returns one course with published lessons in order', async () => {
    const course = await createCourse(app.db, {
      lessons: [
        { title: 'Third', order: 3 },
        { title: 'First', order: 1, type: 'video', videoUrl: 'https://www.youtube.com/embed/abcdefgh' },
        { title: 'Hidden', order: 2, published: false },
        { title: 'Second', order: 2, type: 'pdf', pdfUrl: '/media/x.pdf' },
      ],
    });
    const res = await app.http.get(`/api/courses/${course.id}`).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.course.id).toBe(course.id);
    expect(res.body.course.lessons.map((l: { title: string }) => l.title)).toEqual(['First', 'Second', 'Third']);
    // Anonymous: the outline only (test/courses/course-access.integration-spec.ts covers who sees content).
    expect(res.body.course.lessons[0]).toEqual({ id: expect.any(Number), title: 'First', type: 'video', duration: expect.any(String), order: 1 });
  });

  it('answers 404 in the error shape for an unknown or unpublished course', async () => {
    const draft = await createCourse(app.db, { status: 'draft' });
    for (const id of [999999, draft.id]) {
      const res = await app.http.get(`/api/courses/${id}`).expect(404);
      expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Course not found', code: 'COURSE_NOT_FOUND', success: false });
    }
  });

  it.each(['abc', '1.5', '1e3', '99999999999999999999'])('answers 400 for the malformed id %s', async (id) => {
    const res = await app.http.get(`/api/courses/${id}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', success: false });
    expect(typeof res.body.message).toBe('string');
  });

  it('answers unknown API routes and methods with a JSON 404', async () => {
    for (const res of [await app.http.get('/api/no-such-thing'), await app.http.delete('/api/courses')]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found', success: false });
    }
  });

  it('reports healthy database, Redis and queues', async () => {
    const res = await app.http.get('/api/health').expect(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.info).toMatchObject({ database: { status: 'up' }, redis: { status: 'up' }, queues: { status: 'up' } });
  });

  it('sends security headers and a request id', async () => {
    const res = await app.http.get('/api/courses').set('x-request-id', 'test-request-12345').expect(200);
    expect(res.headers['x-request-id']).toBe('test-request-12345');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves the OpenAPI description', async () => {
    const res = await app.http.get('/api/docs/openapi.json').expect(200);
    expect(res.body.paths['/api/courses']).toBeDefined();
  });
});

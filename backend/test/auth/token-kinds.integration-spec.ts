import { PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ADMIN_ONLY } from '../../src/common/auth/decorators';
import { IS_PUBLIC } from '../../src/common/auth/public.decorator';
import { randomUUID } from 'node:crypto';
import { CertificatesService } from '../../src/modules/certificates/certificates.service';
import { createCourse } from '../factories/courses.factory';
import { adminToken, createUser, login } from '../factories/users.factory';
import { binary } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

/** Every route of the API with its full path and whether it is public or admin-only. */
function routes(app: TestApp): Array<{ path: string; public: boolean; adminOnly: boolean }> {
  const discovery = app.api.get(DiscoveryService);
  const scanner = app.api.get(MetadataScanner);
  const reflector = app.api.get(Reflector);
  const out: Array<{ path: string; public: boolean; adminOnly: boolean }> = [];
  for (const wrapper of discovery.getControllers()) {
    const { instance, metatype } = wrapper;
    if (!instance || !metatype) continue;
    const base = String(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
    for (const name of scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
      const handler = (instance as Record<string, unknown>)[name] as object;
      const sub = Reflect.getMetadata(PATH_METADATA, handler);
      if (sub === undefined) continue;
      const targets = [handler as (...args: unknown[]) => unknown, metatype];
      out.push({
        path: `/api/${[base, String(sub)].filter((p) => p && p !== '/').join('/')}`.replace(/\/+/g, '/'),
        public: reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false,
        adminOnly: reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets) ?? false,
      });
    }
  }
  return out;
}

describe('token kinds: an administrator’s route needs an admin-portal session, whatever its path', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('marks every /api/admin route (but the public sign-in steps) as admin-only', () => {
    const all = routes(app);
    expect(all.length).toBeGreaterThan(50);
    const unmarked = all.filter((r) => r.path.startsWith('/api/admin/') && !r.public && !r.adminOnly).map((r) => r.path);
    expect(unmarked).toEqual([]);
    expect(all.find((r) => r.path === '/api/courses/:courseId' && r.adminOnly)).toBeDefined();
  });

  it('refuses a course save made with an admin’s learner-portal token (30 days with Remember me)', async () => {
    const course = await createCourse(app.db, { title: 'Guarded', lessons: [{ title: 'One' }] });
    const admin = await createUser(app.db, { role: 'admin' });
    const learnerPortalToken = await login(app, admin);
    const body = { title: 'Hijacked', instructor: 'X', description: 'Y', thumbnail: '', lessons: [] };
    const res = await app.http.post(`/api/courses/${course.id}`).set('authorization', `Bearer ${learnerPortalToken}`).send(body).expect(403);
    expect(res.body.message).toMatch(/admin portal/);
    const [row] = await app.db.query('SELECT title FROM courses WHERE id = $1', [course.id]);
    expect(row.title).toBe('Guarded');

    const learner = await createUser(app.db);
    await app.http
      .post(`/api/courses/${course.id}`)
      .set('authorization', `Bearer ${await login(app, learner)}`)
      .send(body)
      .expect(403);
    await app.http.post(`/api/courses/${course.id}`).send(body).expect(401);
    const adminToken = await login(app, admin, 'admin');
    await app.http
      .post(`/api/courses/${course.id}`)
      .set('authorization', `Bearer ${adminToken}`)
      .send({ ...body, title: 'Renamed by the admin' })
      .expect(200);
  });

  describe("an administrator's password at the learner portal: a learner session, with no admin power", () => {
    const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]);
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

    it('opens no paid file, no other learner’s certificate, no dripped or unpublished lesson, and posts without the Instructor badge', async () => {
      const console = (await adminToken(app)).token;
      const pdfRef = (await app.http.post('/api/admin/media').set(bearer(console)).attach('file', PDF, 'Paid.pdf').expect(201)).body.url as string;
      const course = await createCourse(app.db, {
        title: 'Guarded lessons',
        lessons: [{ title: 'Open' }, { title: 'Dripped', dripDays: 30 }, { title: 'Unpublished', published: false }],
      });
      const learner = await createUser(app.db, { name: 'Owner Of Certificate' });
      await app.api.get(CertificatesService).issueOnCompletion({
        id: randomUUID(),
        type: 'course.completed',
        occurredAt: new Date().toISOString(),
        aggregateType: 'course',
        aggregateId: String(course.id),
        payload: { userId: learner.id, userName: learner.name, courseId: course.id, courseTitle: course.title },
      });
      const [{ id: certificateId }] = await app.db.query('SELECT id FROM certificates WHERE user_id = $1', [learner.id]);

      // An administrator who bought the course too (so the learner portal opens lessons for them), signed in at /login.
      const admin = await createUser(app.db, { role: 'admin', access: true });
      const portal = await app.http.post('/api/auth/login').send({ email: admin.email, password: admin.password }).expect(200);
      expect(portal.body.twoFactorRequired).toBeUndefined();
      const token = portal.body.token as string;
      const me = await app.http.get('/api/auth/me').set(bearer(token)).expect(200);
      expect(me.body.session.kind).toBe('learner');

      expect((await app.http.get('/api/courses/file-preview').query({ ref: pdfRef }).set(bearer(token)).expect(403)).body.message).toBe('Administrators only');
      await app.http.get(`/api/certificates/${certificateId}/pdf`).set(bearer(token)).expect(404);
      const [open, dripped, unpublished] = course.lessonIds;
      expect((await app.http.get(`/api/courses/${course.id}/lessons/${dripped}/questions`).set(bearer(token)).expect(403)).body.code).toBe('LESSON_LOCKED');
      await app.http.post(`/api/courses/${course.id}/lessons/${dripped}/complete`).set(bearer(token)).send({}).expect(403);
      await app.http.post(`/api/courses/${course.id}/lessons/${unpublished}/complete`).set(bearer(token)).send({}).expect(404);
      const viewer = await app.http.get(`/api/courses/${course.id}`).set(bearer(token)).expect(200);
      expect(viewer.body.course.lessons.map((l: { title: string }) => l.title)).not.toContain('Unpublished');

      const post = await app.http.post(`/api/courses/${course.id}/lessons/${open}/questions`).set(bearer(token)).send({ body: 'As a learner.' }).expect(201);
      expect(post.body.instructor).toBe(false);

      // The same account through the admin portal keeps its powers.
      const adminSession = await login(app, admin, 'admin');
      const file = await binary(app.http.get('/api/courses/file-preview').query({ ref: pdfRef }).set(bearer(adminSession))).expect(200);
      expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);
      await binary(app.http.get(`/api/certificates/${certificateId}/pdf`).set(bearer(adminSession))).expect(200);
    });

    it('an administrator without a purchase gets no lesson content at the learner portal', async () => {
      const course = await createCourse(app.db, { lessons: [{ title: 'Paid content' }] });
      const admin = await createUser(app.db, { role: 'admin' });
      const token = await login(app, admin);
      const me = await app.http.get('/api/auth/me').set(bearer(token)).expect(200);
      expect(me.body.user.hasAccess).toBe(false);
      await app.http.post(`/api/courses/${course.id}/lessons/${course.lessonIds[0]}/complete`).set(bearer(token)).send({}).expect(403);
    });
  });
});

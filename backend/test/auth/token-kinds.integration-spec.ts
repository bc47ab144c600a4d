import { PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ADMIN_ONLY } from '../../src/common/auth/decorators';
import { IS_PUBLIC } from '../../src/common/auth/public.decorator';
import { createCourse } from '../factories/courses.factory';
import { createUser, login } from '../factories/users.factory';
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
});

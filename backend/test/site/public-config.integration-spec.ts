import { appConfig } from '../../src/config';
import { runSeedSteps } from '../../src/database/seeds/seed-runner';
import { demoSeedSteps } from '../../src/demo-seed';
import { adminToken, createUser, login } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

describe('public configuration and demo mode', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { DEMO_MODE: 'true' } });
  });
  afterAll(() => app.close());

  it('has the documented shape, with demo credentials in demo mode', async () => {
    const res = await app.http.get('/api/public-config').expect(200);
    expect(res.body).toMatchObject({
      siteName: expect.any(String),
      price: { amount: '497.00', compareAt: '997.00', currency: 'USD' },
      passwordPolicy: { minScore: 3 },
      demoMode: true,
      demoCredentials: {
        admin: { email: 'admin@example.com', password: expect.any(String) },
        learner: { email: 'learner@example.com', password: expect.any(String) },
      },
      maintenanceMode: false,
    });
    const usdt = res.body.currencies.find((c: { code: string }) => c.code === 'USDT');
    expect(usdt).toEqual({ code: 'USDT', name: 'Tether USD', networks: ['Ethereum (ERC-20)', 'Tron (TRC-20)', 'BSC (BEP-20)'] });
  });

  it('names the seller from Settings > General (the footer and the legal pages read it), the site name standing in for an empty name', async () => {
    const { token } = await adminToken(app);
    const auth = { authorization: `Bearer ${token}` };
    expect((await app.http.get('/api/public-config').expect(200)).body.seller).toEqual({
      name: 'Affiliate Academy',
      address: 'Affiliate Academy Ltd., 1 Coney Drive, Suite 200, Belize City, Belize',
    });
    await app.http.put('/api/admin/settings/general').set(auth).send({ sellerName: 'Northwind GmbH', sellerAddress: 'Hauptstr. 5, 10115 Berlin' }).expect(200);
    try {
      expect((await app.http.get('/api/public-config').expect(200)).body.seller).toEqual({ name: 'Northwind GmbH', address: 'Hauptstr. 5, 10115 Berlin' });
    } finally {
      await app.http
        .put('/api/admin/settings/general')
        .set(auth)
        .send({ sellerName: '', sellerAddress: 'Affiliate Academy Ltd., 1 Coney Drive, Suite 200, Belize City, Belize' })
        .expect(200);
    }
  });

  it('seeds the demo accounts once; the demo learner has access and the demo admin opens the console', async () => {
    const steps = demoSeedSteps(appConfig());
    const first = await runSeedSteps(app.db, steps, { mediaDir: `${app.dataDir}/media`, privateMediaDir: `${app.dataDir}/private-media` });
    const second = await runSeedSteps(app.db, steps, { mediaDir: `${app.dataDir}/media`, privateMediaDir: `${app.dataDir}/private-media` });
    expect(first).toEqual(['courses', 'users', 'resources']);
    expect(second).toEqual([]);
    const { demoCredentials } = (await app.http.get('/api/public-config')).body;
    const learner = await app.http.post('/api/auth/login').send(demoCredentials.learner).expect(200);
    expect(learner.body.user).toMatchObject({ role: 'student', plan: 'lifetime', hasAccess: true });
    const admin = await login(app, demoCredentials.admin, 'admin');
    await app.http.get('/api/admin/users').set('authorization', `Bearer ${admin}`).expect(200);
    const courses = await app.http.get('/api/courses').expect(200);
    expect(courses.body.courses.length).toBeGreaterThanOrEqual(4);
    const types = new Set<string>();
    for (const c of courses.body.courses) {
      const detail = await app.http.get(`/api/courses/${c.id}`).expect(200);
      for (const l of detail.body.course.lessons) types.add(l.type);
    }
    expect([...types].sort()).toEqual(['pdf', 'text', 'video']);
  });

  it('maintenance mode answers learner calls with 503 while admins keep working', async () => {
    const { token } = await adminToken(app);
    const learner = await login(app, await createUser(app.db));
    await app.http.put('/api/admin/settings/system').set('authorization', `Bearer ${token}`).send({ maintenanceMode: true }).expect(200);
    try {
      const blocked = await app.http.get('/api/courses').set('authorization', `Bearer ${learner}`).expect(503);
      expect(blocked.body.message).toMatch(/maintenance/);
      await app.http.get('/api/courses').expect(503);
      expect((await app.http.get('/api/public-config').expect(200)).body.maintenanceMode).toBe(true);
      await app.http.get('/api/admin/users').set('authorization', `Bearer ${token}`).expect(200);
      await app.http.get('/api/courses').set('authorization', `Bearer ${token}`).expect(200);
      await app.http.get('/api/health').expect(200);
    } finally {
      await app.http.put('/api/admin/settings/system').set('authorization', `Bearer ${token}`).send({ maintenanceMode: false }).expect(200);
    }
    await app.http.get('/api/courses').set('authorization', `Bearer ${learner}`).expect(200);
  });
});

describe('public configuration outside demo mode', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { DEMO_MODE: 'false' } });
  });
  afterAll(() => app.close());

  it('never shows demo credentials', async () => {
    const res = await app.http.get('/api/public-config').expect(200);
    expect(res.body.demoMode).toBe(false);
    expect(res.body.demoCredentials).toBeUndefined();
  });
});

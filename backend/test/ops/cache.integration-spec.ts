import Redis from 'ioredis';
import { TransactionRunner } from '../../src/events/transaction-runner';
import { QueueName } from '../../src/queue/queue-names';
import { QueueService } from '../../src/queue/queue.service';
import { createCourse } from '../factories/courses.factory';
import { adminToken, createUser, login } from '../factories/users.factory';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

describe('API response cache', () => {
  let app: TestApp;
  let admin: string;

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
    admin = (await adminToken(app)).token;
  });
  afterAll(() => app.close());

  const titles = async (expectCache: string) => {
    const res = await app.http.get('/api/courses').expect(200);
    expect(res.headers['x-cache']).toBe(expectCache);
    return res.body.courses.map((c: { title: string }) => c.title) as string[];
  };
  /** Waits until every event is published and its cache-clearing job has run, so no late clear races the next check. */
  const quiet = () =>
    eventually(
      async () => {
        const [{ n }] = await app.db.query('SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL');
        const counts = await app.api.get(QueueService).queue(QueueName.Maintenance).getJobCounts('waiting', 'active', 'prioritized');
        return n === 0 && Object.values(counts).every((c) => c === 0);
      },
      { what: 'outbox and maintenance queue idle' },
    );
  /** Leaves the catalogue in the cache, whatever state the previous test left. */
  const warm = async () => {
    await quiet();
    await app.http.get('/api/courses').expect(200);
    expect((await app.http.get('/api/courses').expect(200)).headers['x-cache']).toBe('HIT');
  };
  const clear = () => app.http.post('/api/admin/cache/clear').set('authorization', `Bearer ${admin}`).send({});
  const setSystem = (values: Record<string, unknown>) =>
    app.http.put('/api/admin/settings/system').set('authorization', `Bearer ${admin}`).send(values).expect(200);

  it('answers 401 without a token and 403 for a learner', async () => {
    expect((await app.http.post('/api/admin/cache/clear').send({})).status).toBe(401);
    const learner = await login(app, await createUser(app.db));
    expect((await app.http.post('/api/admin/cache/clear').set('authorization', `Bearer ${learner}`).send({})).status).toBe(403);
  });

  it('serves the public catalogue from the cache until the admin clears it', async () => {
    await quiet();
    await createCourse(app.db, { title: 'Cached One' });
    expect(await titles('MISS')).toEqual(['Cached One']);
    expect(await titles('HIT')).toEqual(['Cached One']);

    // A change made behind the API's back stays invisible while cached...
    await createCourse(app.db, { title: 'Cached Two' });
    expect(await titles('HIT')).toEqual(['Cached One']);

    // ...until Clear cache, which answers the console's action shape and is audited.
    const res = await clear().expect(200);
    expect(res.body).toEqual({ success: true, message: 'Cache cleared on every API instance', cleared: expect.any(Number) });
    expect(res.body.cleared).toBeGreaterThanOrEqual(1);
    expect((await titles('MISS')).sort()).toEqual(['Cached One', 'Cached Two']);
    const [audit] = await app.db.query(`SELECT action, resource FROM audit_log WHERE action = 'clear-cache'`);
    expect(audit).toEqual({ action: 'clear-cache', resource: 'cache' });
  });

  it('never caches signed-in calls, and caches one course and the public configuration too', async () => {
    const learner = await login(app, await createUser(app.db));
    const signedIn = await app.http.get('/api/courses').set('authorization', `Bearer ${learner}`).expect(200);
    expect(signedIn.headers['x-cache']).toBeUndefined();
    const course = await createCourse(app.db, { title: 'Single' });
    expect((await app.http.get(`/api/courses/${course.id}`).expect(200)).headers['x-cache']).toBe('MISS');
    expect((await app.http.get(`/api/courses/${course.id}`).expect(200)).headers['x-cache']).toBe('HIT');
    expect((await app.http.get('/api/public-config').expect(200)).headers['x-cache']).toBe('MISS');
    expect((await app.http.get('/api/public-config').expect(200)).headers['x-cache']).toBe('HIT');
    expect((await app.http.get('/api/courses/999999').expect(404)).headers['x-cache']).toBe('MISS');
    expect((await app.http.get('/api/courses/999999').expect(404)).headers['x-cache']).toBe('MISS');
  });

  it('is switched off and on by Settings > System > cacheEnabled', async () => {
    await clear().expect(200);
    await titles('MISS');
    await setSystem({ cacheEnabled: false });
    await quiet();
    try {
      await createCourse(app.db, { title: 'Uncached' });
      expect(await titles('BYPASS')).toContain('Uncached');
      await createCourse(app.db, { title: 'Uncached Again' });
      expect(await titles('BYPASS')).toContain('Uncached Again');
      expect((await app.http.get('/api/public-config').expect(200)).headers['x-cache']).toBe('BYPASS');
    } finally {
      await setSystem({ cacheEnabled: true });
    }
    await quiet();
    await titles('MISS');
    await titles('HIT');
  });

  it('answers maintenance, not a cached copy, while the site is in maintenance', async () => {
    await warm();
    await setSystem({ maintenanceMode: true });
    try {
      const res = await app.http.get('/api/courses');
      expect(res.status).toBe(503);
      expect(res.headers['x-cache']).toBe('BYPASS');
    } finally {
      await setSystem({ maintenanceMode: false });
    }
    await quiet();
    await titles('MISS');
  });

  it('drops cached answers when the settings they show change', async () => {
    await quiet();
    await app.http.get('/api/public-config').expect(200);
    expect((await app.http.get('/api/public-config').expect(200)).headers['x-cache']).toBe('HIT');
    await app.http.put('/api/admin/settings/general').set('authorization', `Bearer ${admin}`).send({ siteName: 'Renamed Academy' }).expect(200);
    const res = await app.http.get('/api/public-config').expect(200);
    expect(res.body.siteName).toBe('Renamed Academy');
    expect(res.headers['x-cache']).toBe('MISS');
  });

  it('is cleared by content events through the outbox and the maintenance queue', async () => {
    await warm();
    const course = await createCourse(app.db, { title: 'Announced' });
    expect(await titles('HIT')).not.toContain('Announced');
    await app.api
      .get(TransactionRunner)
      .run((tx) => tx.emit('course.published', { type: 'course', id: course.id }, { courseId: course.id, title: 'Announced', actorId: null }));
    await eventually(async () => (await app.http.get('/api/courses')).body.courses.some((c: { title: string }) => c.title === 'Announced'), {
      what: 'catalogue refreshed by course.published',
    });
  });

  it('is cleared after an admin write through the API', async () => {
    await warm();
    await app.http.put('/api/admin/settings/notifications').set('authorization', `Bearer ${admin}`).send({ systemAlerts: false }).expect(200);
    expect((await app.http.get('/api/courses')).headers['x-cache']).toBe('MISS');
  });

  it('clears every API instance through Redis pub/sub', async () => {
    const channel = `${app.env.REDIS_PREFIX}:cache-clear`;
    const listener = new Redis(app.env.REDIS_URL);
    const heard: string[] = [];
    try {
      await listener.subscribe(channel);
      listener.on('message', (_c, message: string) => heard.push(message));
      await clear().expect(200);
      await eventually(async () => heard.length > 0, { what: 'clear announced on Redis' });

      // Another instance announcing a clear empties this one's cache.
      await warm();
      const other = new Redis(app.env.REDIS_URL);
      await other.publish(channel, 'another API instance');
      other.disconnect();
      await eventually(async () => (await app.http.get('/api/courses')).headers['x-cache'] === 'MISS', { what: 'cache cleared by another instance' });
    } finally {
      listener.disconnect();
    }
  });
});

import type { EventEnvelope } from '../../src/events/event-catalogue';
import { RollupsService } from '../../src/modules/analytics/rollups.service';
import { createCourse } from '../factories/courses.factory';
import { daysAgo, logEvent } from '../factories/events.factory';
import { adminToken, createUser, login } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

describe('admin stats, analytics, activity and system status on a seeded scenario', () => {
  let app: TestApp;
  let admin: string;
  let c1: number;
  let c2: number;
  const payments: Array<{ at: Date; amount: number }> = [];

  const get = (path: string) => app.http.get(path).set('authorization', `Bearer ${admin}`);

  beforeAll(async () => {
    app = await startTestApp();
    const [u1, u2, u3] = [await createUser(app.db, { name: 'Ann' }), await createUser(app.db, { name: 'Bob' }), await createUser(app.db, { name: 'Cyd' })];
    admin = (await adminToken(app)).token;
    c1 = (await createCourse(app.db, { title: 'Traffic 101', price: '100.00' })).id;
    c2 = (await createCourse(app.db, { title: 'Money 201', price: '50.00' })).id;
    await app.db.query(`INSERT INTO course_ratings (user_id, course_id, stars) VALUES ($1, $3, 4), ($2, $3, 5)`, [u1.id, u2.id, c1]);

    const signup = (u: typeof u1, at: Date) => logEvent(app.db, 'account.created', { userId: u.id, email: u.email, name: u.name, paymentId: null }, at);
    const pay = (amount: number, at: Date, type: 'payment.confirmed' | 'payment.refunded' = 'payment.confirmed') => {
      payments.push({ at, amount: type === 'payment.confirmed' ? amount : -amount });
      return type === 'payment.confirmed'
        ? logEvent(
            app.db,
            type,
            { paymentId: crypto.randomUUID(), email: 'x@example.com', amount: amount.toFixed(2), currency: 'USD', provider: 'sandbox' },
            at,
          )
        : logEvent(
            app.db,
            type,
            { paymentId: crypto.randomUUID(), email: 'x@example.com', amount: amount.toFixed(2), currency: 'USD', reason: 'asked', userId: null },
            at,
          );
    };
    const start = (u: typeof u1, course: number, price: string, at: Date) =>
      logEvent(app.db, 'course.started', { userId: u.id, userName: u.name, courseId: course, courseTitle: 'x', price }, at);
    const lesson = (u: typeof u1, course: number, at: Date) =>
      logEvent(app.db, 'lesson.completed', { userId: u.id, userName: u.name, courseId: course, courseTitle: 'x', lessonId: 1, lessonTitle: 'Intro' }, at);
    const loggedIn = (u: typeof u1, at: Date) => logEvent(app.db, 'user.logged_in', { userId: u.id, email: u.email, name: u.name, role: 'student' }, at);

    await signup(u1, daysAgo(40));
    await signup(u2, daysAgo(10));
    await signup(u3, daysAgo(4));
    await pay(497, daysAgo(40));
    await pay(497, daysAgo(10));
    await pay(497, daysAgo(4));
    await pay(497, daysAgo(3), 'payment.refunded');
    await start(u1, c1, '100.00', daysAgo(9));
    await start(u2, c1, '100.00', daysAgo(5));
    await start(u2, c2, '50.00', daysAgo(3));
    await lesson(u1, c1, daysAgo(9));
    await lesson(u1, c1, daysAgo(8));
    await lesson(u2, c1, daysAgo(5));
    await logEvent(app.db, 'course.completed', { userId: u1.id, userName: u1.name, courseId: c1, courseTitle: 'Traffic 101' }, daysAgo(8));
    await loggedIn(u3, new Date(Date.now() - 3600_000));
    await loggedIn(u1, new Date(Date.now() - 30 * 3600_000));

    // Every event of the log (the admin's real sign-in included) reaches the analytics consumer.
    const rollups = app.api.get(RollupsService);
    const rows = await app.db.query(`SELECT id, type, payload, occurred_at, aggregate_type, aggregate_id FROM outbox_events ORDER BY occurred_at`);
    for (const r of rows) {
      await rollups.apply({
        id: r.id,
        type: r.type,
        payload: r.payload,
        occurredAt: new Date(r.occurred_at).toISOString(),
        aggregateType: r.aggregate_type,
        aggregateId: r.aggregate_id,
      } as EventEnvelope);
    }
  });
  afterAll(() => app.close());

  it('answers GET /api/admin/stats with the hand-computed figures and changes', async () => {
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const prevStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const sameDayPrev = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, now.getUTCDate()));
    const mtd = payments.filter((p) => dayOf(p.at) >= dayOf(monthStart)).reduce((n, p) => n + p.amount, 0);
    const prev = payments.filter((p) => dayOf(p.at) >= dayOf(prevStart) && dayOf(p.at) <= dayOf(sameDayPrev)).reduce((n, p) => n + p.amount, 0);
    const revenueChange = prev === 0 ? (mtd > 0 ? 'new' : '0%') : `${mtd > prev ? '+' : ''}${Math.round(((mtd - prev) / prev) * 100)}%`;

    const res = await get('/api/admin/stats').expect(200);
    expect(res.body).toEqual({
      totalUsers: 4,
      totalCourses: 2,
      activeCourses: 2,
      activeUsers: 2,
      revenue: usd(mtd),
      revenueByCurrency: [{ currency: 'USD', amount: mtd.toFixed(2), formatted: usd(mtd), change: expect.objectContaining({ label: revenueChange }) }],
      completionRate: '33.3%',
      systemHealth: 'Healthy',
      changes: {
        totalUsers: { label: '+100%', direction: 'up' },
        activeCourses: { label: '+2', direction: 'up' },
        activeUsers: { label: '+100%', direction: 'up' },
        revenue: expect.objectContaining({ label: revenueChange }),
        completionRate: { label: '+33.3 pts', direction: 'up' },
        systemHealth: { label: '0 failed jobs', direction: 'flat' },
      },
    });
  });

  it('answers GET /api/admin/analytics for each range from the rollups', async () => {
    const week = (await get('/api/admin/analytics?range=7d').expect(200)).body;
    expect(week.range).toBe('7d');
    expect(week.stats).toEqual({
      newUsers: 1,
      activeUsers: 4,
      revenue: '$0.00',
      revenueByCurrency: [{ currency: 'USD', amount: '0.00', formatted: '$0.00' }],
      completions: 0,
      quizAttempts: 0,
      quizPasses: 0,
      quizPassRate: null,
      certificatesIssued: 0,
    });
    expect(week.userActivity).toHaveLength(7);
    expect(week.userActivity[6].date).toBe(dayOf(new Date()));
    expect(week.userActivity.find((d: { date: string }) => d.date === dayOf(daysAgo(4)))).toEqual({ date: dayOf(daysAgo(4)), activeUsers: 1, newSignups: 1 });
    expect(week.userActivity.find((d: { date: string }) => d.date === dayOf(daysAgo(3)))).toEqual({ date: dayOf(daysAgo(3)), activeUsers: 1, newSignups: 0 });
    // (Bob, -5d), (Cyd, -4d), (Bob, -3d), (Ann, -30h), (Cyd, -1h), (admin, now)
    expect(week.userActivity.reduce((n: number, d: { activeUsers: number }) => n + d.activeUsers, 0)).toBe(6);

    const month = (await get('/api/admin/analytics?range=30d').expect(200)).body;
    expect(month.stats).toEqual({
      newUsers: 2,
      activeUsers: 4,
      revenue: '$497.00',
      revenueByCurrency: [{ currency: 'USD', amount: '497.00', formatted: '$497.00' }],
      completions: 1,
      quizAttempts: 0,
      quizPasses: 0,
      quizPassRate: null,
      certificatesIssued: 0,
    });
    expect(month.userActivity).toHaveLength(30);
    expect(month.coursePerformance).toEqual([
      { courseId: c1, course: 'Traffic 101', completions: 1, rating: 4.5, enrollments: 2, quizAttempts: 0, quizPassRate: null, certificatesIssued: 0 },
      { courseId: c2, course: 'Money 201', completions: 0, rating: 0, enrollments: 1, quizAttempts: 0, quizPassRate: null, certificatesIssued: 0 },
    ]);

    const year = (await get('/api/admin/analytics?range=1y').expect(200)).body;
    expect(year.userGrowth.reduce((n: number, m: { users: number }) => n + m.users, 0)).toBe(3);
    expect(year.revenueCurrencies).toEqual(['USD']);
    expect(year.revenueData.reduce((n: number, m: { revenue: Record<string, number> }) => n + m.revenue.USD, 0)).toBe(994);
    expect(year.userGrowth.length).toBeGreaterThanOrEqual(12);
    expect(year.userGrowth[year.userGrowth.length - 1].month).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
    expect(year.userActivity).toHaveLength(365);

    expect((await get('/api/admin/analytics').expect(200)).body.range).toBe('30d');
    for (const bad of ['2w', '1Y', '30', 'x%27']) {
      const res = await get(`/api/admin/analytics?range=${bad}`).expect(400);
      expect(res.body.errors).toHaveProperty('range');
    }
  });

  it('lists the most recent domain events as readable items', async () => {
    const res = await get('/api/admin/activity?limit=3').expect(200);
    expect(res.body.items).toHaveLength(3);
    const [first] = res.body.items;
    expect(first).toMatchObject({ type: 'user.logged_in', actor: expect.any(String), message: expect.stringContaining('signed in') });
    expect(Date.parse(first.at)).toBeGreaterThan(Date.now() - 60_000);
    const all = (await get('/api/admin/activity?limit=50').expect(200)).body.items.map((i: { message: string }) => i.message);
    expect(all).toContain('Ann completed the course Traffic 101');
    expect(all).toContain('Payment of $497.00 refunded to x@example.com');
    await get('/api/admin/activity?limit=0').expect(400);
    await get('/api/admin/activity?limit=abc').expect(400);
  });

  it('reports the real status of server, database, Redis and queues', async () => {
    const res = await get('/api/admin/system-status').expect(200);
    expect(res.body).toMatchObject({
      status: 'online',
      server: { status: 'online' },
      database: { status: 'connected', latencyMs: expect.any(Number) },
      redis: { status: 'connected', latencyMs: expect.any(Number) },
      api: { status: 'operational' },
    });
    expect(res.body.queues.map((q: { name: string }) => q.name)).toEqual(expect.arrayContaining(['payments', 'analytics', 'notifications', 'maintenance']));
    expect(res.body.queues[0]).toEqual(expect.objectContaining({ waiting: expect.any(Number), active: expect.any(Number), failed: expect.any(Number) }));
  });

  it('keeps every admin read behind an admin token', async () => {
    const learner = await login(app, await createUser(app.db));
    for (const path of ['/api/admin/stats', '/api/admin/analytics?range=7d', '/api/admin/activity', '/api/admin/system-status']) {
      expect((await app.http.get(path)).status).toBe(401);
      expect((await app.http.get(path).set('authorization', `Bearer ${learner}`)).status).toBe(403);
    }
  });
});

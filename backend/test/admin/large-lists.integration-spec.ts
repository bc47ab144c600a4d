import http from 'node:http';
import { adminToken } from '../factories/users.factory';
import { eventually, startTestApp, type TestApp } from '../support/test-app';

/**
 * The grids that grow with the business (users, payments, audit log) past
 * the size where exact counts and offsets stay cheap: estimated totals said
 * so, keyset pages identical to offset pages in every sort, deep offsets
 * refused, stat cards kept exact by triggers, and CSV exports streamed from
 * a cursor. Bulk rows are written with one INSERT ... SELECT each (12,000
 * accounts through the repository would take minutes of password hashing).
 */
describe('admin grids at scale', () => {
  let app: TestApp;
  let token: string;
  const auth = () => ({ authorization: `Bearer ${token}` });
  const BULK = 12_000;

  beforeAll(async () => {
    app = await startTestApp();
    token = (await adminToken(app)).token;
    // Bulk learners: plan free for all, status mostly active.
    await app.db.query(
      `INSERT INTO users (name, email, password_hash, role, status, plan, join_date, created_at)
       SELECT 'Bulk Learner ' || i, 'bulk' || i || '@scale.example.com', 'x', 'student',
              CASE WHEN i % 10 = 0 THEN 'suspended' ELSE 'active' END, 'free', DATE '2024-01-01' + i % 300, now() - i * interval '1 minute'
         FROM generate_series(1, ${BULK}) i`,
    );
    // Keyset learners: ties on every sortable column, names differing only by case, nulls in last login.
    await app.db.query(
      `INSERT INTO users (name, email, password_hash, role, status, plan, join_date, last_login_at, created_at)
       SELECT CASE WHEN i % 2 = 0 THEN 'keyset Twin' ELSE 'Keyset twin' END || (i % 5), 'keyset' || i || '@ks.example.com', 'x',
              CASE WHEN i % 9 = 0 THEN 'admin' ELSE 'student' END, (ARRAY['active', 'inactive', 'suspended'])[1 + i % 3], (ARRAY['free', 'premium', 'lifetime'])[1 + i % 3],
              DATE '2024-05-01' + i % 4, CASE WHEN i % 3 = 0 THEN NULL ELSE TIMESTAMPTZ '2024-06-01 10:00:00.123456+00' + (i % 4) * interval '1 hour' END,
              TIMESTAMPTZ '2024-07-01 00:00:00+00' + (i % 6) * interval '1 microsecond'
         FROM generate_series(1, 47) i`,
    );
    await app.db.query(
      `INSERT INTO payments (id, email, amount, currency, currency_code, network, pay_currency, provider, state, paid_at, created_at, updated_at)
       SELECT gen_random_uuid(), 'payer' || (i % 7) || '@ks.example.com', (100 + i % 3)::numeric, 'USD', 'BTC', 'Bitcoin Network', 'btc', 'sandbox',
              CASE WHEN i % 4 = 0 THEN 'PAID' WHEN i % 4 = 1 THEN 'EXPIRED' ELSE 'AWAITING_PAYMENT' END,
              CASE WHEN i % 4 = 0 THEN TIMESTAMPTZ '2024-06-02 00:00:00+00' + (i % 2) * interval '1 day' END,
              TIMESTAMPTZ '2024-06-01 00:00:00+00' + (i % 5) * interval '1 second', TIMESTAMPTZ '2024-06-01 00:00:00+00' + (i % 3) * interval '1 second'
         FROM generate_series(1, 41) i`,
    );
    await app.db.query(
      `INSERT INTO audit_log (actor_email, action, resource, resource_id, summary, at)
       SELECT CASE WHEN i % 5 = 0 THEN NULL ELSE 'admin' || (i % 3) || '@ks.example.com' END, (ARRAY['create', 'update', 'delete'])[1 + i % 3],
              (ARRAY['users', 'courses'])[1 + i % 2], i::text, 'Keyset entry ' || i, TIMESTAMPTZ '2024-06-01 00:00:00+00' + (i % 4) * interval '1 second'
         FROM generate_series(1, 43) i`,
    );
    await app.db.query(
      `INSERT INTO audit_log (actor_email, action, resource, resource_id, summary, at)
       SELECT 'bulk-admin@scale.example.com', 'update', 'users', i::text, 'Updated bulk learner ' || i, now() - i * interval '1 second' FROM generate_series(1, ${BULK}) i`,
    );
    await app.db.query(`ANALYZE users; ANALYZE payments; ANALYZE audit_log`);
  });
  afterAll(() => app?.close());

  const list = (resource: string, query: Record<string, string>) => app.http.get(`/api/admin/${resource}`).query(query).set(auth());
  const exactCount = async (sql: string): Promise<number> => Number((await app.db.query(sql))[0].n);

  it('keeps the users stat cards and the unfiltered total exact through every kind of write', async () => {
    const check = async () => {
      const [real] = await app.db.query(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'active')::int AS active, count(*) FILTER (WHERE role = 'admin')::int AS admins,
                count(*) FILTER (WHERE status <> 'active')::int AS "nonActive" FROM users`,
      );
      const summary = await app.http.get('/api/admin/users/summary').set(auth()).expect(200);
      expect(summary.body).toEqual(real);
      const all = await list('users', { range: '[0,0]' }).expect(200);
      expect(all.headers['content-range']).toBe(`users 0-0/${real.total}`);
      expect(all.headers['x-total-estimated']).toBeUndefined();
      const suspended = await list('users', { range: '[0,0]', filter: '{"status":"suspended","role":"student"}' }).expect(200);
      expect(suspended.headers['content-range']).toMatch(
        new RegExp(`/${await exactCount(`SELECT count(*) AS n FROM users WHERE status = 'suspended' AND role = 'student'`)}$`),
      );
    };
    await check();
    const created = await app.http
      .post('/api/admin/users')
      .set(auth())
      .send({ name: 'Counted Person', email: 'counted@scale.example.com', role: 'admin', status: 'inactive', plan: 'free', password: 'Kx9!vTq#2mLp' })
      .expect(201);
    await check();
    await app.http.put(`/api/admin/users/${created.body.id}`).set(auth()).send({ status: 'active', role: 'student' }).expect(200);
    await check();
    await app.db.query(`UPDATE users SET status = 'inactive' WHERE email LIKE 'bulk1%@scale.example.com' AND status = 'active'`);
    await app.db.query(`UPDATE users SET last_login_at = now() WHERE email LIKE 'bulk2%@scale.example.com'`);
    await check();
    await app.http.delete(`/api/admin/users/${created.body.id}`).set(auth()).expect(200);
    await app.db.query(`UPDATE users SET status = 'active' WHERE email LIKE 'bulk1%@scale.example.com' AND status = 'inactive'`);
    await check();
  });

  it('counts a filtered list exactly while small and estimates it beyond, saying so', async () => {
    const free = await list('users', { range: '[0,24]', filter: '{"plan":"free"}' }).expect(200);
    const realFree = await exactCount(`SELECT count(*) AS n FROM users WHERE plan = 'free'`);
    expect(realFree).toBeGreaterThan(10_000);
    expect(free.headers['x-total-estimated']).toBe('true');
    const estimate = Number(free.headers['content-range'].split('/')[1]);
    expect(estimate).toBeGreaterThan(10_000);
    expect(estimate).toBeGreaterThan(realFree / 2);
    expect(estimate).toBeLessThan(realFree * 2);
    expect(free.body).toHaveLength(25);

    const search = await list('users', { range: '[0,24]', filter: '{"q":"bulk learner"}' }).expect(200);
    expect(search.headers['x-total-estimated']).toBe('true');
    expect(search.body.every((u: { name: string }) => u.name.startsWith('Bulk Learner'))).toBe(true);

    const few = await list('users', { range: '[0,24]', filter: '{"q":"Bulk Learner 1199"}' }).expect(200);
    expect(few.headers['x-total-estimated']).toBeUndefined();
    expect(few.headers['content-range']).toBe(`users 0-10/11`);

    const exactEmail = await list('users', { filter: '{"q":"BULK77@scale.example.com"}' }).expect(200);
    expect(exactEmail.body.map((u: { email: string }) => u.email)).toEqual(['bulk77@scale.example.com']);
    expect(exactEmail.headers['content-range']).toBe('users 0-0/1');

    const audit = await list('audit-log', { range: '[0,49]' }).expect(200);
    expect(audit.headers['x-total-estimated']).toBe('true');
    const ks = await list('audit-log', { range: '[0,49]', filter: '{"q":"keyset entry"}' }).expect(200);
    expect(ks.headers['x-total-estimated']).toBeUndefined();
    expect(ks.headers['content-range']).toBe('audit-log 0-42/43');
  });

  /** Every row of the list in offset pages, then again by following X-Next-Cursor: both walks must give the same rows in the same order. */
  async function sameByKeyset(resource: string, filter: object, field: string, order: 'ASC' | 'DESC', width: number) {
    const sort = JSON.stringify([field, order]);
    const whole = await list(resource, { sort, range: '[0,199]', filter: JSON.stringify(filter) }).expect(200);
    const expected = whole.body.map((r: { id: string }) => r.id);
    expect(whole.headers['x-next-cursor']).toBeUndefined();
    const walked: string[] = [];
    let after: string | undefined;
    for (let page = 0; page < 100; page++) {
      const query: Record<string, string> = { sort, range: JSON.stringify([page * width, page * width + width - 1]), filter: JSON.stringify(filter) };
      if (after) query.after = after;
      const res = await list(resource, query).expect(200);
      walked.push(...res.body.map((r: { id: string }) => r.id));
      expect(res.headers['content-range']).toMatch(new RegExp(`^${resource} ${page * width}-`));
      after = res.headers['x-next-cursor'];
      if (!after) break;
      expect(res.body).toHaveLength(width);
    }
    expect({ field, order, ids: walked }).toEqual({ field, order, ids: expected });
  }

  it('pages users by keyset exactly as by offset, in every sort, both directions (ties, case, nulls)', async () => {
    const filter = { q: 'ks.example.com' };
    expect((await list('users', { range: '[0,99]', filter: JSON.stringify(filter) }).expect(200)).body).toHaveLength(47);
    for (const field of ['id', 'name', 'email', 'role', 'status', 'plan', 'joinDate', 'lastLogin', 'createdAt'])
      for (const order of ['ASC', 'DESC'] as const) await sameByKeyset('users', filter, field, order, 6);
  });

  it('pages payments and the audit log by keyset exactly as by offset, in every sort', async () => {
    for (const field of ['createdAt', 'updatedAt', 'email', 'state', 'amount', 'paidAt'])
      for (const order of ['ASC', 'DESC'] as const) await sameByKeyset('payments', { q: 'ks.example.com' }, field, order, 5);
    for (const field of ['id', 'at', 'action', 'resource', 'actorEmail'])
      for (const order of ['ASC', 'DESC'] as const) await sameByKeyset('audit-log', { q: 'Keyset entry' }, field, order, 5);
  });

  it('reads a date range through the fence in the same order as the database sorts it, page by page', async () => {
    // A range on another column than the sort key (the page is read through the fence: filter index, then sort).
    await sameByKeyset('users', { q: 'ks.example.com', joinedFrom: '2024-05-01', joinedTo: '2024-05-03' }, 'createdAt', 'DESC', 7);
    await sameByKeyset('users', { q: 'ks.example.com', joinedFrom: '2024-05-01', joinedTo: '2024-05-03' }, 'lastLogin', 'ASC', 7);
    await sameByKeyset('audit-log', { from: '2024-06-01T00:00:01Z', to: '2024-06-01T00:00:02Z' }, 'id', 'DESC', 4);
    await sameByKeyset('payments', { from: '2024-06-01T00:00:01Z', to: '2024-06-01T00:00:03Z' }, 'updatedAt', 'ASC', 4);
    const res = await list('users', {
      sort: '["createdAt","DESC"]',
      range: '[0,99]',
      filter: '{"q":"ks.example.com","joinedFrom":"2024-05-01","joinedTo":"2024-05-03"}',
    }).expect(200);
    const expected = await app.db.query(
      `SELECT id FROM users WHERE email LIKE '%@ks.example.com' AND join_date BETWEEN '2024-05-01' AND '2024-05-03' ORDER BY created_at DESC, id DESC`,
    );
    expect(res.body.map((u: { id: string }) => u.id)).toEqual(expected.map((r: { id: string }) => r.id));
    expect(res.headers['content-range']).toBe(`users 0-${expected.length - 1}/${expected.length}`);
  });

  it('sorts nullable columns with nulls first ascending and last descending', async () => {
    const asc = await list('users', { sort: '["lastLogin","ASC"]', range: '[0,99]', filter: '{"q":"ks.example.com"}' }).expect(200);
    const logins = asc.body.map((u: { lastLoginAt: string | null }) => u.lastLoginAt);
    const nulls = logins.filter((l: string | null) => l === null).length;
    expect(nulls).toBe(15);
    expect(logins.slice(0, nulls).every((l: string | null) => l === null)).toBe(true);
    const desc = await list('users', { sort: '["lastLogin","DESC"]', range: '[0,99]', filter: '{"q":"ks.example.com"}' }).expect(200);
    expect(desc.body.slice(-nulls).every((u: { lastLoginAt: string | null }) => u.lastLoginAt === null)).toBe(true);
    expect(desc.body[0].lastLoginAt).toBe('2024-06-01T13:00:00.123Z');
  });

  it('walks past the offset limit with the cursor, and refuses a deep offset or a foreign cursor in the error shape', async () => {
    const seen = new Set<string>();
    let after: string | undefined;
    let pages = 0;
    do {
      const query: Record<string, string> = { range: JSON.stringify([pages * 500, pages * 500 + 499]), filter: '{"plan":"free"}' };
      if (after) query.after = after;
      const res = await list('users', query).expect(200);
      for (const u of res.body as Array<{ id: string }>) seen.add(u.id);
      after = res.headers['x-next-cursor'];
      pages++;
    } while (after);
    expect(pages).toBeGreaterThan(20);
    expect(seen.size).toBe(await exactCount(`SELECT count(*) AS n FROM users WHERE plan = 'free'`));
    const first = await list('users', { range: '[0,24]' }).expect(200);

    const deep = await list('users', { range: '[10025,10049]' }).expect(400);
    expect(deep.body).toMatchObject({ statusCode: 400, errors: { range: expect.stringContaining('after') } });
    const junk = await list('users', { range: '[25,49]', after: 'not-a-cursor' }).expect(400);
    expect(junk.body.errors).toHaveProperty('after');
    const other = await list('users', { sort: '["name","ASC"]', range: '[25,49]', after: first.headers['x-next-cursor'] }).expect(400);
    expect(other.body.errors.after).toContain('another sort');
    const forged = Buffer.from(JSON.stringify(['createdAt', 'DESC', '2024-02-30 10:00:00+00', '00000000-0000-4000-8000-000000000000'])).toString('base64url');
    expect((await list('users', { range: '[25,49]', after: forged }).expect(400)).body.errors).toHaveProperty('after');
  });

  /** A CSV answer read whole: its lines (without the final empty one) and whether it came in chunks rather than with a length. */
  function download(path: string): Promise<{ status: number; lines: string[]; chunked: boolean; type: string }> {
    return new Promise((resolve, reject) => {
      http
        .get(`${app.baseUrl}${path}`, { headers: auth() }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              lines: text.split('\r\n').slice(0, -1),
              chunked: res.headers['transfer-encoding'] === 'chunked' && res.headers['content-length'] === undefined,
              type: String(res.headers['content-type']),
            }),
          );
        })
        .on('error', reject);
    });
  }

  it('streams a users export of every matching row, in the sort order, in chunks', async () => {
    const csv = await download(
      `/api/admin/users/export?filter=${encodeURIComponent('{"q":"bulk learner"}')}&sort=${encodeURIComponent('["createdAt","ASC"]')}`,
    );
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    expect(csv.chunked).toBe(true);
    expect(csv.lines[0]).toBe('id,name,email,role,status,plan,joinDate,lastLogin,coursesCompleted');
    expect(csv.lines).toHaveLength(BULK + 1);
    const emails = csv.lines.slice(1).map((l) => l.split(',')[2]);
    expect(emails[0]).toBe(`bulk${BULK}@scale.example.com`);
    expect(emails[emails.length - 1]).toBe('bulk1@scale.example.com');
    expect(new Set(emails).size).toBe(BULK);
  });

  it('streams payments and audit-log exports', async () => {
    const payments = await download(`/api/admin/payments/export?filter=${encodeURIComponent('{"q":"ks.example.com","state":"PAID"}')}`);
    expect(payments.status).toBe(200);
    expect(payments.lines[0].split(',').slice(0, 3)).toEqual(['id', 'email', 'state']);
    expect(payments.lines).toHaveLength(1 + (await exactCount(`SELECT count(*) AS n FROM payments WHERE state = 'PAID' AND email LIKE '%ks.example.com'`)));
    expect(payments.lines.slice(1).every((l) => l.split(',')[2] === 'PAID')).toBe(true);

    const audit = await download(`/api/admin/audit-log/export?filter=${encodeURIComponent('{"actorEmail":"bulk-admin"}')}`);
    expect(audit.status).toBe(200);
    expect(audit.chunked).toBe(true);
    expect(audit.lines).toHaveLength(BULK + 1);
    expect(audit.lines[1]).toContain(`Updated bulk learner ${BULK}`);
    await app.http.get('/api/admin/audit-log/export').expect(401);
    await app.http.get('/api/admin/payments/export').query({ sort: '["secret","ASC"]' }).set(auth()).expect(400);
  });

  it('runs two exports at once, answers 429 to a third, and frees the slot of a client that went away', async () => {
    // Two downloads left unread: each export waits on its reader with its cursor open.
    const held = [0, 1].map(
      () =>
        new Promise<http.IncomingMessage>((resolve, reject) => {
          http.get(`${app.baseUrl}/api/admin/audit-log/export`, { headers: auth() }, resolve).on('error', reject);
        }),
    );
    const responses = await Promise.all(held);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200]);
    const third = await app.http.get('/api/admin/users/export').set(auth()).expect(429);
    expect(third.body).toMatchObject({ statusCode: 429 });
    for (const r of responses) r.destroy();
    const again = await eventually(
      async () => {
        const res = await download(`/api/admin/users/export?filter=${encodeURIComponent('{"q":"Bulk Learner 1199"}')}`);
        return res.status === 200 ? res : null;
      },
      { what: 'an export slot freed by the clients that went away' },
    );
    expect(again.lines).toHaveLength(12);
  });
});

import { adminToken, createUser, login, PASSWORD } from '../factories/users.factory';
import { waitForMail } from '../support/mailbox';
import { startTestApp, type TestApp } from '../support/test-app';

describe('admin users API (simple-rest)', () => {
  let app: TestApp;
  let token: string;
  let adminId: string;
  const auth = () => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    app = await startTestApp({ worker: true });
    const admin = await adminToken(app);
    token = admin.token;
    adminId = admin.user.id;
    for (const [i, name] of ['Alice Zephyr', 'bob yellow', 'Carol Xylo', 'Dan Walker', 'Eve Vance'].entries()) {
      await createUser(app.db, { name, email: `${name.split(' ')[0].toLowerCase()}${i}@list.example.com`, status: i === 3 ? 'suspended' : 'active' });
    }
  });
  afterAll(() => app.close());

  it('lists with Content-Range, range, sort and filters', async () => {
    const res = await app.http
      .get('/api/admin/users')
      .query({ sort: '["name","ASC"]', range: '[0,1]', filter: '{"q":"list.example.com"}' })
      .set(auth())
      .expect(200);
    expect(res.headers['content-range']).toBe('users 0-1/5');
    expect(res.body.map((u: { name: string }) => u.name)).toEqual(['Alice Zephyr', 'bob yellow']);
    expect(res.body[0]).toMatchObject({ role: 'student', status: 'active', plan: 'lifetime', lastLogin: 'Never', coursesCompleted: 0 });
    expect(res.body[0].passwordHash).toBeUndefined();
    expect(res.body[0].password_hash).toBeUndefined();

    const page2 = await app.http
      .get('/api/admin/users')
      .query({ sort: '["name","ASC"]', range: '[2,3]', filter: '{"q":"list.example.com"}' })
      .set(auth())
      .expect(200);
    expect(page2.headers['content-range']).toBe('users 2-3/5');
    expect(page2.body.map((u: { name: string }) => u.name)).toEqual(['Carol Xylo', 'Dan Walker']);

    const suspended = await app.http.get('/api/admin/users').query({ filter: '{"status":"suspended","q":"LIST.EXAMPLE"}' }).set(auth()).expect(200);
    expect(suspended.body.map((u: { name: string }) => u.name)).toEqual(['Dan Walker']);

    const admins = await app.http.get('/api/admin/users').query({ filter: '{"role":"admin"}' }).set(auth()).expect(200);
    expect(admins.body.map((u: { id: string }) => u.id)).toContain(adminId);

    const desc = await app.http.get('/api/admin/users').query({ sort: '["email","DESC"]', filter: '{"q":"list.example.com"}' }).set(auth()).expect(200);
    expect(desc.body[0].name).toBe('Eve Vance');
  });

  it('exports the filtered, sorted users as CSV without secrets', async () => {
    await createUser(app.db, { name: '=cmd|calc', email: 'formula@list.example.com' });
    try {
      const res = await app.http
        .get('/api/admin/users/export')
        .query({ sort: '["name","ASC"]', filter: '{"q":"list.example.com","status":"active"}' })
        .set(auth())
        .expect(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toContain('users.csv');
      const lines = res.text.trim().split('\r\n');
      expect(lines[0]).toBe('id,name,email,role,status,plan,joinDate,lastLogin,coursesCompleted');
      expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(["'=cmd|calc", 'Alice Zephyr', 'bob yellow', 'Carol Xylo', 'Eve Vance']);
      expect(res.text).not.toContain('argon2');
      await app.http.get('/api/admin/users/export').query({ sort: '["password_hash","ASC"]' }).set(auth()).expect(400);
      await app.http.get('/api/admin/users/export').expect(401);
    } finally {
      await app.db.query(`DELETE FROM users WHERE email = 'formula@list.example.com'`);
    }
  });

  it('serves getMany by ids', async () => {
    const all = await app.http.get('/api/admin/users').query({ filter: '{"q":"list.example.com"}' }).set(auth()).expect(200);
    const ids = all.body.slice(0, 2).map((u: { id: string }) => u.id);
    const res = await app.http
      .get('/api/admin/users')
      .query({ filter: JSON.stringify({ id: ids }) })
      .set(auth())
      .expect(200);
    expect(res.body.map((u: { id: string }) => u.id).sort()).toEqual([...ids].sort());
  });

  it.each([
    [{ sort: '["password_hash","ASC"]' }, 'sort'],
    [{ sort: '["name; DROP TABLE users","ASC"]' }, 'sort'],
    [{ sort: '["name","SIDEWAYS"]' }, 'sort'],
    [{ sort: 'not json' }, 'sort'],
    [{ range: '[5,1]' }, 'range'],
    [{ range: '[0,100000]' }, 'range'],
    [{ filter: '{"role":"superuser"}' }, 'filter.role'],
    [{ filter: '{"password":"x"}' }, 'filter.password'],
    [{ filter: '{"id":["not-a-uuid"]}' }, 'filter.id'],
    [{ unknown: '1' }, 'unknown'],
  ])('refuses the bad list query %p with 400', async (query, field) => {
    const res = await app.http.get('/api/admin/users').query(query).set(auth()).expect(400);
    expect(res.body.errors[field]).toEqual(expect.any(String));
  });

  it('gives the stat card figures', async () => {
    const res = await app.http.get('/api/admin/users/summary').set(auth()).expect(200);
    const [counts] = await app.db.query(`SELECT count(*)::int AS total, count(*) FILTER (WHERE status <> 'active')::int AS non FROM users`);
    expect(res.body).toMatchObject({ total: counts.total, nonActive: counts.non });
    expect(res.body.admins).toBeGreaterThanOrEqual(1);
  });

  it('validates with the spec messages as field errors', async () => {
    const missing = await app.http.post('/api/admin/users').set(auth()).send({ name: '', email: '' }).expect(400);
    expect(missing.body.errors).toEqual({ name: 'Name is required', email: 'Email is required' });
    const bad = await app.http.post('/api/admin/users').set(auth()).send({ name: 'X', email: 'not-an-email' }).expect(400);
    expect(bad.body.errors).toEqual({ email: 'Please enter a valid email address' });
    const duplicate = await app.http.post('/api/admin/users').set(auth()).send({ name: 'Dup', email: 'ALICE0@LIST.EXAMPLE.COM' }).expect(409);
    expect(duplicate.body.errors).toEqual({ email: 'A user with this email already exists' });
    const weak = await app.http.post('/api/admin/users').set(auth()).send({ name: 'Weak', email: 'weak@example.com', password: 'password' }).expect(400);
    expect(weak.body.errors.password).toBe('Please choose a stronger password');
    const role = await app.http.post('/api/admin/users').set(auth()).send({ name: 'R', email: 'r@example.com', role: 'root' }).expect(400);
    expect(role.body.errors.role).toMatch(/Role must be one of/);
  });

  it('creates, edits, suspends and deletes a learner, auditing each change', async () => {
    const created = await app.http
      .post('/api/admin/users')
      .set(auth())
      .send({ name: 'New Learner', email: 'New.Learner@Example.com', plan: 'lifetime', password: 'Learn-3r!' })
      .expect(201);
    expect(created.body).toMatchObject({
      name: 'New Learner',
      email: 'new.learner@example.com',
      role: 'student',
      status: 'active',
      plan: 'lifetime',
      hasAccess: true,
      lastLogin: 'Never',
    });
    const id = created.body.id;
    const learnerToken = await login(app, { email: 'new.learner@example.com', password: 'Learn-3r!' });

    const record = (await app.http.get(`/api/admin/users/${id}`).set(auth()).expect(200)).body;
    const edited = await app.http
      .put(`/api/admin/users/${id}`)
      .set(auth())
      .send({ ...record, name: 'Renamed Learner' })
      .expect(200);
    expect(edited.body.name).toBe('Renamed Learner');
    await app.http.get('/api/auth/me').set('authorization', `Bearer ${learnerToken}`).expect(200);

    await app.http.put(`/api/admin/users/${id}`).set(auth()).send({ status: 'suspended' }).expect(200);
    await app.http.get('/api/auth/me').set('authorization', `Bearer ${learnerToken}`).expect(401);
    const refused = await app.http.post('/api/auth/login').send({ email: 'new.learner@example.com', password: 'Learn-3r!' }).expect(403);
    expect(refused.body.message).toMatch(/suspended/);

    const deleted = await app.http.delete(`/api/admin/users/${id}`).set(auth()).expect(200);
    expect(deleted.body.id).toBe(id);
    await app.http.get(`/api/admin/users/${id}`).set(auth()).expect(404);

    const audit = await app.db.query(`SELECT action, summary, changes FROM audit_log WHERE resource = 'users' AND resource_id = $1 ORDER BY id`, [id]);
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect(audit[1].changes).toEqual({ before: { name: 'New Learner' }, after: { name: 'Renamed Learner' } });
    expect(JSON.stringify(audit)).not.toContain('argon2');
    const trail = await app.http
      .get('/api/admin/audit-log')
      .query({ filter: JSON.stringify({ resourceId: id }) })
      .set(auth())
      .expect(200);
    expect(trail.headers['content-range']).toBe('audit-log 0-3/4');
  });

  it('invites a user created without a password', async () => {
    await app.http.post('/api/admin/users').set(auth()).send({ name: 'Invited One', email: 'invited@example.com' }).expect(201);
    const mail = await waitForMail(app, 'invited@example.com', 'invitation');
    expect(mail.text).toContain('/reset-password?token=');
  });

  it('revokes access when the plan goes to free and grants it back', async () => {
    const user = await createUser(app.db);
    await app.http.put(`/api/admin/users/${user.id}`).set(auth()).send({ plan: 'free' }).expect(200);
    expect((await app.http.get(`/api/admin/users/${user.id}`).set(auth())).body.hasAccess).toBe(false);
    await app.http.put(`/api/admin/users/${user.id}`).set(auth()).send({ plan: 'premium' }).expect(200);
    expect((await app.http.get(`/api/admin/users/${user.id}`).set(auth())).body).toMatchObject({ hasAccess: true, plan: 'premium' });
  });

  it('refuses an admin deleting, demoting or deactivating themselves', async () => {
    expect((await app.http.delete(`/api/admin/users/${adminId}`).set(auth()).expect(400)).body.message).toBe('You cannot delete your own account');
    expect((await app.http.put(`/api/admin/users/${adminId}`).set(auth()).send({ role: 'student' }).expect(400)).body.errors.role).toBe(
      'You cannot remove your own admin role',
    );
    expect((await app.http.put(`/api/admin/users/${adminId}`).set(auth()).send({ status: 'inactive' }).expect(400)).body.errors.status).toBe(
      'You cannot deactivate your own account',
    );
    await app.http.get('/api/admin/users/summary').set(auth()).expect(200);
  });

  it('signs a user out everywhere', async () => {
    const user = await createUser(app.db);
    const t = await login(app, user);
    await app.http.post(`/api/admin/users/${user.id}/sign-out-everywhere`).set(auth()).expect(200);
    await app.http.get('/api/auth/me').set('authorization', `Bearer ${t}`).expect(401);
    await login(app, { email: user.email, password: PASSWORD });
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    await app.http.get('/api/admin/users/123').set(auth()).expect(400);
    await app.http.get('/api/admin/users/00000000-0000-4000-8000-000000000000').set(auth()).expect(404);
  });
});

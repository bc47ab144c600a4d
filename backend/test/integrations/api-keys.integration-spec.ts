import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiKeyResource } from '../../src/common/auth/api-key-routes';
import { adminToken, createUser, login } from '../factories/users.factory';
import { startTestApp, type TestApp } from '../support/test-app';

const INVALID = 'This API key is not valid';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface Created {
  id: string;
  prefix: string;
  secret: string;
  status: string;
}

/** Issue 34: scoped API keys on the admin API (shown once, stored hashed, revocable, audited, rate limited). */
describe('API keys', () => {
  let app: TestApp;
  let admin: { authorization: string };
  let adminId: string;

  beforeAll(async () => {
    app = await startTestApp();
    const signedIn = await adminToken(app);
    admin = bearer(signedIn.token);
    adminId = signedIn.user.id;
  });
  afterAll(() => app.close());

  async function createKey(body: Record<string, unknown>, as = admin): Promise<Created> {
    const res = await app.http
      .post('/api/admin/api-keys')
      .set(as)
      .send({ name: 'Integration', ...body });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as Created;
  }

  it('lists the resources of the admin routes a key may call, as the API document does', async () => {
    const res = await app.http.get('/api/admin/api-keys/scopes').set(admin).expect(200);
    const resources = (res.body.resources as Array<{ resource: string; label: string }>).map((r) => r.resource);
    const document = JSON.parse(readFileSync(join(__dirname, '..', '..', 'openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { security?: Array<Record<string, string[]>> }>>;
    };
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(document.paths))
      for (const op of Object.values(item)) {
        const withKey = op.security?.some((s) => 'apiKey' in s) ?? false;
        expect({ path, withKey }).toEqual({ path, withKey: withKey && apiKeyResource(path) !== null });
        if (withKey) documented.add(apiKeyResource(path)!);
      }
    expect(resources).toEqual([...documented].sort());
    expect(resources).toEqual(expect.arrayContaining(['users', 'payments', 'courses', 'coupons', 'affiliates', 'audit-log', 'analytics', 'settings']));
    for (const never of ['api-keys', 'login', 'session', 'two-factor']) expect(resources).not.toContain(never);
    expect(res.body.resources).toContainEqual({ resource: 'audit-log', label: 'Audit log' });
  });

  it('shows the secret once, stores only its hash, and audits the creation', async () => {
    const created = await app.http
      .post('/api/admin/api-keys')
      .set(admin)
      .send({ name: '  Accounting  ', scopes: { users: 'read', coupons: 'write' } })
      .expect(201);
    const key = created.body;
    expect(key).toMatchObject({
      name: 'Accounting',
      scopes: { users: 'read', coupons: 'write' },
      status: 'active',
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
      createdBy: { id: adminId },
    });
    expect(key.secret).toMatch(/^cpk_[0-9A-Za-z]{12}_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(`${key.prefix}_`)).toBe(true);

    const list = await app.http
      .get('/api/admin/api-keys')
      .query({ filter: JSON.stringify({ q: 'Accounting' }) })
      .set(admin)
      .expect(200);
    expect(list.headers['content-range']).toBe('api-keys 0-0/1');
    expect(list.body).toEqual([expect.objectContaining({ id: key.id, prefix: key.prefix, status: 'active' })]);
    expect(JSON.stringify(list.body)).not.toContain(key.secret.slice(key.prefix.length + 1));
    expect(list.body[0]).not.toHaveProperty('secret');

    const [row] = await app.db.query(`SELECT to_jsonb(k)::text AS text, encode(secret_hash, 'hex') AS hash FROM api_keys k WHERE id = $1`, [key.id]);
    const secretPart = key.secret.slice(key.prefix.length + 1);
    expect(row.text).not.toContain(secretPart);
    expect(row.hash).toHaveLength(64);
    const [audit] = await app.db.query(
      `SELECT actor_id, action, summary, changes::text AS changes FROM audit_log WHERE resource = 'api-keys' AND resource_id = $1`,
      [key.id],
    );
    expect(audit).toMatchObject({ actor_id: adminId, action: 'create', summary: `Created API key "Accounting" (${key.prefix})` });
    expect(audit.changes).not.toContain(secretPart);
  });

  it('lets a read scope read and refuses a write or another resource with 403', async () => {
    const key = await createKey({ scopes: { users: 'read' } });
    const users = await app.http.get('/api/admin/users').set(bearer(key.secret)).expect(200);
    expect(Array.isArray(users.body)).toBe(true);
    await app.http.get(`/api/admin/users/${adminId}`).set(bearer(key.secret)).expect(200);

    const write = await app.http.put(`/api/admin/users/${adminId}`).set(bearer(key.secret)).send({ name: 'Renamed' }).expect(403);
    expect(write.body.message).toBe('This API key may not write users');
    const post = await app.http.post('/api/admin/users').set(bearer(key.secret)).send({ name: 'X', email: 'x@example.com' }).expect(403);
    expect(post.body.message).toBe('This API key may not write users');
    const other = await app.http.get('/api/admin/coupons').set(bearer(key.secret)).expect(403);
    expect(other.body.message).toBe('This API key may not read coupons');

    const [row] = await app.db.query('SELECT last_used_at FROM api_keys WHERE id = $1', [key.id]);
    expect(row.last_used_at).not.toBeNull();
  });

  it('lets a write scope write, as the admin who created it, and the audit entry says it came through the key', async () => {
    const key = await createKey({ name: 'CRM sync', scopes: { users: 'write' } });
    const learner = await createUser(app.db);
    await app.http.get('/api/admin/users').set(bearer(key.secret)).expect(200);
    const res = await app.http.put(`/api/admin/users/${learner.id}`).set(bearer(key.secret)).send({ name: 'Renamed through a key' }).expect(200);
    expect(res.body.name).toBe('Renamed through a key');
    const [audit] = await app.db.query(
      `SELECT actor_id, summary, api_key_id FROM audit_log WHERE resource = 'users' AND resource_id = $1 ORDER BY id DESC LIMIT 1`,
      [learner.id],
    );
    expect(audit).toMatchObject({ actor_id: adminId, api_key_id: key.id });
    expect(audit.summary).toContain(`(through API key "CRM sync", ${key.prefix})`);
    const log = await app.http.get('/api/admin/audit-log').set(admin).expect(200);
    expect(log.body).toContainEqual(expect.objectContaining({ apiKeyId: key.id, resource: 'users' }));
  });

  it('answers 401 with one message for a malformed, unknown, wrong, revoked or expired key', async () => {
    const key = await createKey({ scopes: { users: 'read' } });
    const wrongSecret = `${key.prefix}_${'A'.repeat(43)}`;
    const unknown = `cpk_ZZZZZZZZZZZZ_${key.secret.slice(-43)}`;
    for (const text of ['cpk_nonsense', `${key.secret}x`, wrongSecret, unknown]) {
      const res = await app.http.get('/api/admin/users').set(bearer(text)).expect(401);
      expect(res.body.message).toBe(INVALID);
    }

    const revoked = await app.http.delete(`/api/admin/api-keys/${key.id}`).set(admin).expect(200);
    expect(revoked.body).toMatchObject({ id: key.id, status: 'revoked', revokedAt: expect.any(String) });
    expect((await app.http.get('/api/admin/users').set(bearer(key.secret)).expect(401)).body.message).toBe(INVALID);
    const again = await app.http.delete(`/api/admin/api-keys/${key.id}`).set(admin).expect(200);
    expect(again.body).toEqual(revoked.body);
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'revoke-api-key' AND resource_id = $1`, [key.id]);
    expect(n).toBe(1);
    await app.http.delete('/api/admin/api-keys/00000000-0000-4000-8000-000000000000').set(admin).expect(404);

    const expiring = await createKey({ scopes: { users: 'read' }, expiresAt: new Date(Date.now() + 3600_000).toISOString() });
    await app.http.get('/api/admin/users').set(bearer(expiring.secret)).expect(200);
    await app.db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [expiring.id]);
    expect((await app.http.get('/api/admin/users').set(bearer(expiring.secret)).expect(401)).body.message).toBe(INVALID);
    const expired = await app.http
      .get('/api/admin/api-keys')
      .query({ filter: JSON.stringify({ status: 'expired' }) })
      .set(admin)
      .expect(200);
    expect(expired.body.map((k: { id: string }) => k.id)).toEqual([expiring.id]);
  });

  it('is refused on the learner API, the key routes and the session routes', async () => {
    const key = await createKey({ scopes: { users: 'write', settings: 'write' } });
    await app.http.get('/api/account').set(bearer(key.secret)).expect(401);
    await app.http.get('/api/notifications').set(bearer(key.secret)).expect(401);
    await app.http.get('/api/admin/api-keys').set(bearer(key.secret)).expect(401);
    await app.http
      .post('/api/admin/api-keys')
      .set(bearer(key.secret))
      .send({ name: 'Minted', scopes: { users: 'write' } })
      .expect(401);
    await app.http.delete(`/api/admin/api-keys/${key.id}`).set(bearer(key.secret)).expect(401);
    await app.http.post('/api/admin/session/refresh').set(bearer(key.secret)).expect(401);
    await app.http.get('/api/admin/two-factor').set(bearer(key.secret)).expect(401);
    await app.http.post(`/api/admin/users/${adminId}/two-factor/reset`).set(bearer(key.secret)).send({}).expect(401);
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM api_keys WHERE name = 'Minted'`);
    expect(n).toBe(0);
  });

  it('stops working once its admin is demoted or suspended', async () => {
    const other = await createUser(app.db, { role: 'admin' });
    const token = await login(app, other, 'admin');
    const key = await createKey({ scopes: { users: 'read' } }, bearer(token));
    await app.http.get('/api/admin/users').set(bearer(key.secret)).expect(200);
    await app.db.query(`UPDATE users SET role = 'student' WHERE id = $1`, [other.id]);
    expect((await app.http.get('/api/admin/users').set(bearer(key.secret)).expect(401)).body.message).toBe(INVALID);
    await app.db.query(`UPDATE users SET role = 'admin', status = 'suspended' WHERE id = $1`, [other.id]);
    expect((await app.http.get('/api/admin/users').set(bearer(key.secret)).expect(401)).body.message).toBe(INVALID);
    await app.db.query(`UPDATE users SET status = 'active' WHERE id = $1`, [other.id]);
    await app.http.get('/api/admin/users').set(bearer(key.secret)).expect(200);
  });

  it.each([
    ['no scopes', { scopes: {} }, 'scopes'],
    ['no scopes object', { scopes: 'users' }, 'scopes'],
    ['an unknown resource', { scopes: { nope: 'read' } }, 'scopes.nope'],
    ['a key resource', { scopes: { 'api-keys': 'write' } }, 'scopes.api-keys'],
    ['an unknown access', { scopes: { users: 'admin' } }, 'scopes.users'],
    ['a past expiry', { scopes: { users: 'read' }, expiresAt: '2020-01-01T00:00:00Z' }, 'expiresAt'],
    ['a non-date expiry', { scopes: { users: 'read' }, expiresAt: 'tomorrow' }, 'expiresAt'],
    ['an empty name', { name: '   ', scopes: { users: 'read' } }, 'name'],
    ['a long name', { name: 'x'.repeat(81), scopes: { users: 'read' } }, 'name'],
  ])('refuses %s with 400', async (_, body, field) => {
    const res = await app.http
      .post('/api/admin/api-keys')
      .set(admin)
      .send({ name: 'Bad', ...body })
      .expect(400);
    expect(res.body.errors).toHaveProperty([field]);
  });
});

describe('API key rate limit', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ env: { API_KEY_MAX_PER_MINUTE: '3' } });
  });
  afterAll(() => app.close());

  it('answers 429 with Retry-After past API_KEY_MAX_PER_MINUTE requests of one key', async () => {
    const admin = bearer((await adminToken(app)).token);
    const create = async () =>
      (
        await app.http
          .post('/api/admin/api-keys')
          .set(admin)
          .send({ name: 'Busy', scopes: { users: 'read' } })
          .expect(201)
      ).body.secret as string;
    const [busy, other] = [await create(), await create()];
    for (let i = 0; i < 3; i++) await app.http.get('/api/admin/users').set(bearer(busy)).expect(200);
    const limited = await app.http.get('/api/admin/users').set(bearer(busy)).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    await app.http.get('/api/admin/users').set(bearer(other)).expect(200);
    // The console session is not the key: it is not limited with it.
    await app.http.get('/api/admin/users').set(admin).expect(200);
  });
});

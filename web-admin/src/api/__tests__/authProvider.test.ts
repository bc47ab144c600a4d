import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, meAsAdmin, storeAdminSession, storedSession } from '../../test/fakeApi';
import { server } from '../../test/server';

// Each test gets fresh modules: the provider caches the identity per token.
async function load() {
  vi.resetModules();
  return (await import('../authProvider')).authProvider;
}

beforeEach(() => localStorage.clear());

describe('authProvider', () => {
  it('keeps the session the sign-in steps got in the three storage keys', async () => {
    const { calls } = fakeApi({});
    const auth = await load();
    await auth.login({ session: { success: true, token: 't1', expiresAt: '', user: { email: 'admin@example.com' } } });
    expect(calls).toEqual([]);
    expect(storedSession()).toEqual(['t1', 'true', 'admin@example.com']);
  });

  it.each([401, 403])('checkError asks react-admin to sign out on %i', async (status) => {
    const auth = await load();
    await expect(auth.checkError({ status })).rejects.toEqual({ status });
  });

  it.each([400, 404, 409, 500])('checkError keeps the session on %i', async (status) => {
    const auth = await load();
    await expect(auth.checkError({ status })).resolves.toBeUndefined();
  });

  it('checkAuth accepts an admin session and sends the bearer token', async () => {
    storeAdminSession('tok');
    const { calls } = fakeApi({ 'GET /api/auth/me': meAsAdmin });
    const auth = await load();
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(calls[0].auth).toBe('Bearer tok');
  });

  it('checkAuth refuses a learner token and clears the admin session', async () => {
    storeAdminSession('learner-token');
    fakeApi({
      'GET /api/auth/me': () => ({ body: { user: { ...meAsAdmin().body.user, role: 'student' }, session: { kind: 'learner', expiresAt: '' } } }),
    });
    const auth = await load();
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
    expect(storedSession()).toEqual([null, null, null]);
  });

  it('checkAuth ends the session when the server answers 401 (expired or revoked token)', async () => {
    storeAdminSession();
    fakeApi({ 'GET /api/auth/me': () => ({ status: 401, body: { statusCode: 401, message: 'Authentication required' } }) });
    const auth = await load();
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
    expect(storedSession()).toEqual([null, null, null]);
  });

  it('checkAuth keeps the session through a server outage', async () => {
    storeAdminSession();
    fakeApi({ 'GET /api/auth/me': () => ({ status: 503, body: { statusCode: 503, message: 'Unavailable' } }) });
    const auth = await load();
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(storedSession()[0]).toBe('admin-token');
  });

  it('checkAuth keeps the session when the request gets no answer (offline, or cancelled by a page reload)', async () => {
    storeAdminSession();
    server.use(http.get('/api/auth/me', () => HttpResponse.error()));
    const auth = await load();
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    expect(storedSession()[0]).toBe('admin-token');
  });

  it('logout ends the session on the server and clears the storage keys', async () => {
    storeAdminSession('tok');
    const { calls } = fakeApi({ 'POST /api/auth/logout': () => ({ body: { success: true } }) });
    const auth = await load();
    await auth.logout({});
    expect(calls.map((c) => `${c.method} ${c.path} ${c.auth}`)).toEqual(['POST /api/auth/logout Bearer tok']);
    expect(storedSession()).toEqual([null, null, null]);
  });

  it('getIdentity gives the real name and role label', async () => {
    storeAdminSession();
    fakeApi({ 'GET /api/auth/me': meAsAdmin });
    const auth = await load();
    await expect(auth.getIdentity!()).resolves.toMatchObject({ fullName: 'Admin User', roleLabel: 'System Administrator' });
  });
});

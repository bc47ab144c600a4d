import { vi } from 'vitest';

type Handler = (body: unknown, url: URL) => { status?: number; body?: unknown; headers?: Record<string, string> };

/**
 * A fetch stand-in that answers like our API for the routes a test declares
 * ("GET /api/auth/me"); anything else is a 404 in the API's error shape.
 * It records every call so tests can assert what reached the server.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: { method: string; path: string; body: unknown; auth: string | null }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, path: url.pathname, body, auth: headers.get('Authorization') });
    const handler = routes[`${method} ${url.pathname}`];
    const answer = handler
      ? handler(body, url)
      : { status: 404, body: { statusCode: 404, error: 'Not Found', message: `No route for ${method} ${url.pathname}` } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const adminUser = { id: 'a1', name: 'Admin User', email: 'admin@example.com', role: 'admin', status: 'active', plan: 'lifetime' };

export const meAsAdmin = () => ({ body: { user: adminUser, session: { kind: 'admin', expiresAt: '2099-01-01T00:00:00Z' } } });

export function storeAdminSession(token = 'admin-token') {
  localStorage.setItem('adminToken', token);
  localStorage.setItem('isAdminAuthenticated', 'true');
  localStorage.setItem('adminEmail', adminUser.email);
}

export const storedSession = () => ['adminToken', 'isAdminAuthenticated', 'adminEmail'].map((k) => localStorage.getItem(k));

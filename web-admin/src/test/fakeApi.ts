import { http, HttpResponse } from 'msw';
import { server } from './server';

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (body: unknown, url: URL) => Answer;

/** What reached the fake API: the method, path, full URL, parsed body, and Authorization and Accept headers of each request. */
export interface FakeApiCall {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  auth: string | null;
  accept: string | null;
}

async function bodyOf(request: Request): Promise<unknown> {
  if ((request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
}

function reply({ status = 200, body, headers }: Answer): Response {
  return new HttpResponse(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/**
 * The API as a test declares it ("GET /api/auth/me": answer), served by the
 * shared msw server: one handler per route, and any other /api request a 404
 * in the API's error shape. Every request is recorded in `calls`, so tests
 * can assert what reached the server.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: FakeApiCall[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const body = await bodyOf(request.clone());
    calls.push({ method: request.method, path: url.pathname, url, body, auth: request.headers.get('Authorization'), accept: request.headers.get('Accept') });
    return { url, body };
  };
  const handlers = Object.entries(routes).map(([route, handler]) => {
    const [method, path] = route.split(' ');
    return http[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete'](path, async ({ request }) => {
      const { url, body } = await record(request);
      try {
        return reply(handler(body, url));
      } catch {
        // A route that throws is a request that got no answer (offline): fetch rejects.
        return HttpResponse.error();
      }
    });
  });
  const notFound = http.all('/api/*', async ({ request }) => {
    const { url } = await record(request);
    return reply({ status: 404, body: { statusCode: 404, error: 'Not Found', message: `No route for ${request.method} ${url.pathname}` } });
  });
  server.use(...handlers, notFound);
  return { calls };
}

export const adminUser = { id: 'a1', name: 'Admin User', email: 'admin@example.com', role: 'admin', status: 'active', plan: 'lifetime' };

export const meAsAdmin = () => ({ body: { user: adminUser, session: { kind: 'admin', expiresAt: '2099-01-01T00:00:00Z' } } });

export function storeAdminSession(token = 'admin-token') {
  localStorage.setItem('adminToken', token);
  localStorage.setItem('isAdminAuthenticated', 'true');
  localStorage.setItem('adminEmail', adminUser.email);
}

export const storedSession = () => ['adminToken', 'isAdminAuthenticated', 'adminEmail'].map((k) => localStorage.getItem(k));

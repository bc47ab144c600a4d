import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, storeAdminSession } from '../../test/fakeApi';
import { api, errorMessage, fieldErrors } from '../http';

beforeEach(() => {
  localStorage.clear();
  storeAdminSession('tok');
});

describe('the typed API client', () => {
  it('fills the path, sends the query (JSON for objects), the JSON body, the bearer token and Accept', async () => {
    const { calls } = fakeApi({
      'POST /api/admin/queues/payments/failed/retry': () => ({ body: { retried: 2 } }),
      'GET /api/admin/courses/summary': () => ({ body: { total: 1 } }),
    });
    await expect(api('post', '/api/admin/queues/{name}/failed/retry', { path: { name: 'payments' }, body: { ids: ['1', '2'] } })).resolves.toEqual({
      retried: 2,
    });
    await api('get', '/api/admin/courses/summary', { query: { filter: JSON.stringify({ status: 'draft' }) } });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/admin/queues/payments/failed/retry', 'GET /api/admin/courses/summary']);
    expect(calls[0].body).toEqual({ ids: ['1', '2'] });
    expect(calls[0]).toMatchObject({ auth: 'Bearer tok', accept: 'application/json' });
    expect(JSON.parse(calls[1].url.searchParams.get('filter')!)).toEqual({ status: 'draft' });
  });

  it("rejects a non-2xx answer with an HttpError of its status, the server's message and its body", async () => {
    fakeApi({
      'POST /api/auth/change-password': () => ({
        status: 400,
        body: { statusCode: 400, message: 'Password too weak', errors: { newPassword: 'Password too weak' } },
      }),
      'GET /api/admin/stats': () => ({ status: 503, body: { statusCode: 503, error: 'Service Unavailable' } }),
    });
    const refused = await api('post', '/api/auth/change-password', { body: { currentPassword: 'a', newPassword: 'b' } }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(400);
    expect(errorMessage(refused)).toBe('Password too weak');
    expect(fieldErrors(refused)).toEqual({ newPassword: 'Password too weak' });
    const down = await api('get', '/api/admin/stats').catch((e: unknown) => e);
    expect((down as HttpError).status).toBe(503);
    expect((down as HttpError).message).toBe('Service Unavailable');
  });
});

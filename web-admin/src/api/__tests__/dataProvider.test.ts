import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, storeAdminSession } from '../../test/fakeApi';
import { dataProvider } from '../dataProvider';

beforeEach(() => {
  localStorage.clear();
  storeAdminSession('tok');
});

describe('dataProvider', () => {
  it('lists with simple-rest parameters, the bearer token and the Content-Range total', async () => {
    const { calls } = fakeApi({
      'GET /api/admin/users': () => ({ body: [{ id: 'u1', name: 'A' }], headers: { 'Content-Range': 'users 0-0/31' } }),
    });
    const result = await dataProvider.getList('users', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'a', status: 'active' },
    });
    expect(result.total).toBe(31);
    expect(calls[0].auth).toBe('Bearer tok');
  });

  it('rejects a validation failure with the field errors in the body, as react-admin forms expect', async () => {
    fakeApi({
      'POST /api/admin/users': () => ({
        status: 409,
        body: {
          statusCode: 409,
          error: 'Conflict',
          message: 'A user with this email already exists',
          errors: { email: 'A user with this email already exists' },
        },
      }),
    });
    const error = await dataProvider.create('users', { data: { name: 'A', email: 'a@b.co' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(409);
    expect((error as HttpError).message).toBe('A user with this email already exists');
    expect((error as HttpError).body.errors).toEqual({ email: 'A user with this email already exists' });
  });

  it('rejects the console calls with the HTTP status so 401/403 sign out', async () => {
    fakeApi({ 'GET /api/admin/stats': () => ({ status: 403, body: { statusCode: 403, message: 'Admins only' } }) });
    const error = await dataProvider.getStats().catch((e: unknown) => e);
    expect((error as HttpError).status).toBe(403);
  });

  it('uploads media as multipart with the token and returns the stored file', async () => {
    const { calls } = fakeApi({
      'POST /api/admin/media': () => ({ status: 201, body: { id: 'm1', url: '/media/x.png', name: 'x.png', mimeType: 'image/png', size: 3 } }),
    });
    const file = new File([new Uint8Array([1, 2, 3])], 'x.png', { type: 'image/png' });
    await expect(dataProvider.uploadMedia(file)).resolves.toMatchObject({ url: '/media/x.png' });
    // The body as the server parsed it: a multipart form with the file's bytes.
    expect((calls[0].body as FormData).get('file')).toMatchObject({ size: 3, type: 'image/png' });
    expect(calls[0].auth).toBe('Bearer tok');
  });
});

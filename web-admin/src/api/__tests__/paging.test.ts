import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, storeAdminSession } from '../../test/fakeApi';
import { dataProvider } from '../dataProvider';

const params = (page: number, filter: object = {}) => ({ pagination: { page, perPage: 25 }, sort: { field: 'createdAt', order: 'DESC' as const }, filter });
const rows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ id: `u${from + i}` }));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  storeAdminSession('tok');
});
afterEach(() => vi.unstubAllGlobals());

describe('large grids (users, payments, audit log)', () => {
  it('keeps an exact total and numbered pages for a small list', async () => {
    const { calls } = fakeApi({
      'GET /api/admin/users': () => ({ body: rows(25), headers: { 'Content-Range': 'users 0-24/31', 'X-Offset-Limit': '10000', 'X-Next-Cursor': 'c2' } }),
    });
    const result = await dataProvider.getList('users', params(1, { q: 'a' }));
    expect(result).toMatchObject({ total: 31 });
    expect(result.pageInfo).toBeUndefined();
    expect(calls[0].auth).toBe('Bearer tok');
  });

  it('answers an estimated total as partial pagination with the estimate in meta', async () => {
    fakeApi({
      'GET /api/admin/payments': () => ({
        body: rows(25),
        headers: { 'Content-Range': 'payments 0-24/1234567', 'X-Total-Estimated': 'true', 'X-Offset-Limit': '10000', 'X-Next-Cursor': 'c2' },
      }),
    });
    const result = await dataProvider.getList('payments', params(1));
    expect(result.total).toBeUndefined();
    expect(result.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
    expect(result.meta).toEqual({ total: 1234567, estimated: true });
  });

  it('treats an exact total beyond the offset limit as a large list too', async () => {
    fakeApi({ 'GET /api/admin/users': () => ({ body: rows(25), headers: { 'Content-Range': 'users 0-24/1000000', 'X-Offset-Limit': '10000' } }) });
    const result = await dataProvider.getList('users', params(1));
    expect(result.meta).toEqual({ total: 1000000, estimated: false });
    expect(result.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: false });
  });

  it("asks for the next page after the previous page's last row, and finds that cursor again going back", async () => {
    const asked: Array<string | null> = [];
    fakeApi({
      'GET /api/admin/audit-log': (_body, url) => {
        const after = url.searchParams.get('after');
        asked.push(after);
        const [start, end] = JSON.parse(url.searchParams.get('range')!) as [number, number];
        expect(end - start).toBe(24);
        const page = start / 25 + 1;
        if (after) expect(after).toBe(`p${page}`);
        expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['createdAt', 'DESC']);
        return {
          body: rows(25, (page - 1) * 25),
          headers: { 'Content-Range': `audit-log ${(page - 1) * 25}-${page * 25 - 1}/5000000`, 'X-Total-Estimated': 'true', 'X-Next-Cursor': `p${page + 1}` },
        };
      },
    });
    const filter = { action: 'update', q: 'x' };
    await dataProvider.getList('audit-log', params(1, filter));
    await dataProvider.getList('audit-log', params(2, { q: 'x', action: 'update' }));
    const third = await dataProvider.getList('audit-log', params(3, filter));
    expect(third.data[0].id).toBe('u50');
    expect(third.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: true });
    await dataProvider.getList('audit-log', params(2, filter));
    expect(asked).toEqual([null, 'p2', 'p3', 'p2']);
    // Another filter is another list: its second page has no cursor yet, so it is asked by offset.
    await dataProvider.getList('audit-log', params(2, { q: 'y' }));
    expect(asked[4]).toBeNull();
  });

  it('leaves the other resources to ra-data-simple-rest', async () => {
    const { calls } = fakeApi({
      'GET /api/admin/courses': () => ({ body: [{ id: 1 }], headers: { 'Content-Range': 'courses 0-0/1', 'X-Total-Estimated': 'true' } }),
    });
    const result = await dataProvider.getList('courses', params(1));
    expect(result.total).toBe(1);
    expect(calls).toHaveLength(1);
  });

  it("exports with the list's filter and sort", async () => {
    const { calls } = fakeApi({ 'GET /api/admin/payments/export': () => ({ body: 'id\r\n' }) });
    const created = vi.fn(() => 'blob:x');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    await dataProvider.exportCsv('payments', { state: 'PAID' }, { field: 'amount', order: 'ASC' });
    expect(calls[0].path).toBe('/api/admin/payments/export');
    expect(JSON.parse(calls[0].url.searchParams.get('filter')!)).toEqual({ state: 'PAID' });
    expect(JSON.parse(calls[0].url.searchParams.get('sort')!)).toEqual(['amount', 'ASC']);
    expect(created).toHaveBeenCalled();
  });
});

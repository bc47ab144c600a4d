import type { GetListParams, GetListResult } from 'react-admin';
import { API_URL, httpClient } from './http';

/**
 * The grids that grow with the business (users, payments, audit log, mail log) ask
 * the API the way ra-data-simple-rest does (sort, range, filter), and read
 * three more answers:
 * - `X-Total-Estimated: true`: the Content-Range total is the database's
 *   estimate (the exact count would read millions of rows);
 * - `X-Next-Cursor`: where the next page starts. Sent back as `after`, the
 *   next page is an index seek at any depth, where an offset would read
 *   every row before it;
 * - `X-Offset-Limit`: how deep the API pages by offset alone.
 * A small list comes back as today: an exact total and numbered pages. A
 * large or estimated one comes back with `pageInfo` (previous / next, as
 * react-admin's partial pagination shows it) and `meta: { total, estimated }`
 * for the label ("1-25 of about 1.2M").
 */
export const PAGED_RESOURCES: ReadonlySet<string> = new Set(['users', 'payments', 'audit-log', 'mail-log']);

export interface ListMeta {
  total: number;
  estimated: boolean;
}

const STORE = 'adminListCursors';
const MAX_CURSORS = 200;

/** Stable text of a filter object (its keys sorted), so the same list finds its cursors again. */
function stable(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
    .join(',')}}`;
}

function pageKey(resource: string, params: GetListParams, page: number): string {
  return stable([resource, params.sort?.field, params.sort?.order, params.filter ?? {}, params.pagination?.perPage, page]);
}

/** Cursors of the pages reached so far in this tab (kept in sessionStorage: a reload stays on its page). */
const cursors = {
  read(): Array<[string, string]> {
    try {
      const parsed: unknown = JSON.parse(sessionStorage.getItem(STORE) ?? '[]');
      return Array.isArray(parsed) ? (parsed as Array<[string, string]>) : [];
    } catch {
      return [];
    }
  },
  get(key: string): string | undefined {
    return this.read().find(([k]) => k === key)?.[1];
  },
  set(key: string, cursor: string): void {
    const kept = this.read().filter(([k]) => k !== key);
    kept.push([key, cursor]);
    try {
      sessionStorage.setItem(STORE, JSON.stringify(kept.slice(-MAX_CURSORS)));
    } catch {
      // storage full or refused: paging still works within the offset limit
    }
  },
};

export async function getPagedList(resource: string, params: GetListParams): Promise<GetListResult> {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  const { field, order } = params.sort ?? { field: 'id', order: 'ASC' };
  const start = (page - 1) * perPage;
  const end = page * perPage - 1;
  const query = new URLSearchParams({ sort: JSON.stringify([field, order]), range: JSON.stringify([start, end]), filter: JSON.stringify(params.filter ?? {}) });
  const after = page > 1 ? cursors.get(pageKey(resource, params, page)) : undefined;
  if (after) query.set('after', after);

  const { headers, json } = await httpClient(`${API_URL}/admin/${resource}?${query}`, {
    headers: new Headers({ Accept: 'application/json', Range: `${resource}=${start}-${end}` }),
    signal: params.signal,
  });
  const range = headers.get('Content-Range');
  if (!range) throw new Error(`The Content-Range header is missing from the answer for ${resource}`);
  const total = parseInt(range.split('/').pop() ?? '', 10);
  const estimated = headers.get('X-Total-Estimated') === 'true';
  const next = headers.get('X-Next-Cursor');
  const offsetLimit = Number(headers.get('X-Offset-Limit') ?? Number.POSITIVE_INFINITY);
  if (next) cursors.set(pageKey(resource, params, page + 1), next);

  const data = json as GetListResult['data'];
  if (!estimated && total <= offsetLimit) return { data, total };
  const meta: ListMeta = { total, estimated };
  return { data, pageInfo: { hasNextPage: Boolean(next), hasPreviousPage: page > 1 }, meta };
}

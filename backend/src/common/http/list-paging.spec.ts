import { encodeCursor, OFFSET_LIMIT, parsePagedListQuery, validValue, type PagedListSpec } from './list-paging';
import { filters } from './list-query';

const SPEC: PagedListSpec = {
  resource: 'things',
  sortable: ['createdAt', 'lastSeen'],
  defaultSort: ['createdAt', 'DESC'],
  idKind: 'uuid',
  idType: 'uuid',
  filters: { q: filters.text() },
  sortKeys: { createdAt: { expr: 'created_at', type: 'timestamptz' }, lastSeen: { expr: 'last_seen', type: 'date', nullable: true } },
};
const ID = '0b7a3c2e-1d4f-4a6b-9c8d-7e6f5a4b3c2d';

describe('list paging', () => {
  it('accepts only what PostgreSQL prints for each sort type', () => {
    expect(validValue('timestamptz', '2024-06-01 10:00:00.123456+00')).toBe(true);
    expect(validValue('timestamptz', '2024-06-01 10:00:00+05:30')).toBe(true);
    expect(validValue('timestamptz', '2024-02-30 10:00:00+00')).toBe(false);
    expect(validValue('timestamptz', '2024-06-01 24:00:00+00')).toBe(false);
    expect(validValue('date', '2024-02-29')).toBe(true);
    expect(validValue('date', '2023-02-29')).toBe(false);
    expect(validValue('numeric', '497.00')).toBe(true);
    expect(validValue('numeric', '1e9')).toBe(false);
    expect(validValue('int8', '123')).toBe(true);
    expect(validValue('uuid', 'nope')).toBe(false);
    expect(validValue('text', 'a\u0000b')).toBe(false);
  });

  it('reads the cursor of its own sort, and refuses deep offsets without one', () => {
    const after = encodeCursor('createdAt', 'DESC', { value: '2024-06-01 10:00:00+00', id: ID });
    expect(parsePagedListQuery({ after, range: '[25,49]' }, SPEC).after).toEqual({ value: '2024-06-01 10:00:00+00', id: ID });
    expect(() => parsePagedListQuery({ after, sort: '["createdAt","ASC"]' }, SPEC)).toThrow(/another sort/);
    expect(parsePagedListQuery({ after: encodeCursor('lastSeen', 'ASC', { value: null, id: ID }), sort: '["lastSeen","ASC"]' }, SPEC).after?.value).toBeNull();
    expect(() => parsePagedListQuery({ after: encodeCursor('createdAt', 'DESC', { value: null, id: ID }) }, SPEC)).toThrow(/bad sort value/);
    expect(() => parsePagedListQuery({ after: 'x' }, SPEC)).toThrow(/not a cursor/);
    expect(() => parsePagedListQuery({ range: `[${OFFSET_LIMIT + 1},${OFFSET_LIMIT + 25}]` }, SPEC)).toThrow(/deeper than/);
    expect(parsePagedListQuery({ range: `[${OFFSET_LIMIT},${OFFSET_LIMIT + 24}]` }, SPEC).skip).toBe(OFFSET_LIMIT);
  });
});

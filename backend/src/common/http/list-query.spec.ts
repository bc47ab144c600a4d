import { ApiError } from '../errors/api-error';
import { filters, parseListQuery, type ListSpec } from './list-query';

const spec: ListSpec = {
  resource: 'courses',
  sortable: ['id', 'title'],
  defaultSort: ['id', 'ASC'],
  filters: { q: filters.text() },
  idKind: 'int',
};

describe('parseListQuery', () => {
  it('pages with range and defaults to the first 25 rows', () => {
    expect(parseListQuery({}, spec)).toMatchObject({ skip: 0, take: 25, sort: { field: 'id', order: 'ASC' } });
    expect(parseListQuery({ range: '[50,99]' }, spec)).toMatchObject({ skip: 50, take: 50 });
  });

  it('answers every id of a getMany, which sends no range', () => {
    const ids = Array.from({ length: 40 }, (_, i) => i + 1);
    expect(parseListQuery({ filter: JSON.stringify({ id: ids }) }, spec)).toMatchObject({ skip: 0, take: 40, ids });
    expect(parseListQuery({ filter: '{"id":[3,4]}', range: '[0,0]' }, spec)).toMatchObject({ take: 1, ids: [3, 4] });
  });

  it('refuses unknown sort fields and filters', () => {
    expect(() => parseListQuery({ sort: '["password_hash","ASC"]' }, spec)).toThrow(ApiError);
    expect(() => parseListQuery({ filter: '{"nope":1}' }, spec)).toThrow(ApiError);
  });
});

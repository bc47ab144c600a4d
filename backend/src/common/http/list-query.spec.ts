import { CommonError } from '../errors/common.error';
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
    expect(() => parseListQuery({ sort: '["password_hash","ASC"]' }, spec)).toThrow(CommonError);
    expect(() => parseListQuery({ filter: '{"nope":1}' }, spec)).toThrow(CommonError);
  });

  it('refuses dates PostgreSQL cannot hold and texts with NUL characters, as field errors', () => {
    const dated: ListSpec = { ...spec, filters: { from: filters.date(), q: filters.text() } };
    expect(parseListQuery({ filter: '{"from":"2026-11-24"}' }, dated).filter.from).toEqual(new Date('2026-11-24'));
    for (const bad of ['+275760-09-13', '-271821-04-20', '+010000-01-01', 'yesterday']) {
      expect(() => parseListQuery({ filter: JSON.stringify({ from: bad }) }, dated)).toThrow(/between the years 1 and 9999/);
    }
    expect(() => parseListQuery({ filter: JSON.stringify({ q: 'a\u0000b' }) }, dated)).toThrow(/without NUL/);
  });
});

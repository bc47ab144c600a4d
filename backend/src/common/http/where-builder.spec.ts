import { WhereBuilder } from './where-builder';

describe('WhereBuilder', () => {
  it('numbers placeholders across conditions', () => {
    const w = new WhereBuilder().add('a = ?', 1).when(undefined, 'b = ?', 2).add('(c ILIKE ? OR d ILIKE ?)', '%x%', '%x%');
    expect(w.sql).toBe('WHERE a = $1 AND (c ILIKE $2 OR d ILIKE $3)');
    expect(w.params).toEqual([1, '%x%', '%x%']);
  });

  it('is empty without conditions and refuses a wrong number of values', () => {
    expect(new WhereBuilder().sql).toBe('');
    expect(() => new WhereBuilder().add('a = ? AND b = ?', 1)).toThrow();
  });
});

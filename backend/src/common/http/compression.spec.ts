import { negotiateEncoding } from './compression';

describe('negotiateEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['gzip;q=0, br;q=0', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

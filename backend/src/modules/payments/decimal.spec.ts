import { decimalEquals, toScaled } from './decimal';

describe('decimal amounts', () => {
  it.each([
    ['497', '497.00', true],
    [497, '497.00', true],
    ['497.0', 497, true],
    ['49.7', '497.00', false],
    ['497.001', '497.00', false],
    [496.99999999, '497', false],
  ])('%p equals %p: %p', (a, b, expected) => {
    expect(decimalEquals(a, b)).toBe(expected);
  });

  it('refuses what is not a plain decimal', () => {
    for (const bad of ['abc', '', '1e3', NaN, Infinity, null, undefined, {}, '4 97']) expect(toScaled(bad)).toBeNull();
    expect(decimalEquals('abc', 'abc')).toBe(false);
  });
});

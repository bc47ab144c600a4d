import { decimalEquals, fromCents, toCents, toScaled } from './decimal';

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

describe('cents', () => {
  it('reads two-place decimals and writes them back', () => {
    expect(toCents('497.00')).toBe(49700n);
    expect(toCents(397.6)).toBe(39760n);
    expect(toCents('0.05')).toBe(5n);
    expect(fromCents(39760n)).toBe('397.60');
    expect(fromCents(5n)).toBe('0.05');
    expect(fromCents(-9940n)).toBe('-99.40');
  });

  it('refuses more than two places and non-decimals', () => {
    expect(toCents('1.005')).toBeNull();
    expect(toCents('abc')).toBeNull();
    expect(toCents(null)).toBeNull();
  });
});

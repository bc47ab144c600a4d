import { absoluteChange, formatUsd, parseRange, passRate, percentChange } from './analytics.service';

describe('overview change badges', () => {
  it('shows relative changes as whole percents with their direction', () => {
    expect(percentChange(112, 100)).toEqual({ label: '+12%', direction: 'up' });
    expect(percentChange(90, 100)).toEqual({ label: '-10%', direction: 'down' });
    expect(percentChange(100, 100)).toEqual({ label: '0%', direction: 'flat' });
    expect(percentChange(5, 0)).toEqual({ label: 'new', direction: 'up' });
    expect(percentChange(0, 0)).toEqual({ label: '0%', direction: 'flat' });
  });

  it('shows absolute changes in units or percentage points', () => {
    expect(absoluteChange(2)).toEqual({ label: '+2', direction: 'up' });
    expect(absoluteChange(0)).toEqual({ label: '0', direction: 'flat' });
    expect(absoluteChange(-3.04, ' pts', 1)).toEqual({ label: '-3.0 pts', direction: 'down' });
    expect(absoluteChange(0.04, ' pts', 1)).toEqual({ label: '0.0 pts', direction: 'flat' });
  });

  it('formats revenue as US dollars', () => {
    expect(formatUsd('1491')).toBe('$1,491.00');
    expect(formatUsd(-497)).toBe('-$497.00');
  });
});

describe('parseRange', () => {
  it('accepts the four ranges and defaults to 30d', () => {
    for (const r of ['7d', '30d', '90d', '1y']) expect(parseRange(r)).toBe(r);
    expect(parseRange(undefined)).toBe('30d');
  });

  it.each(['2w', '1Y', 'constructor', 'toString', '30'])('refuses %s', (r) => {
    expect(() => parseRange(r)).toThrow('range must be one of 7d, 30d, 90d, 1y');
  });
});

describe('quiz pass rate', () => {
  it('is passed attempts in percent with one decimal, and no rate (not 0%) without attempts', () => {
    expect(passRate(1, 3)).toBe(33.3);
    expect(passRate(2, 3)).toBe(66.7);
    expect(passRate(4, 4)).toBe(100);
    expect(passRate(0, 5)).toBe(0);
    expect(passRate(0, 0)).toBeNull();
  });
});

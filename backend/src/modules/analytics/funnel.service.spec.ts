import { DomainError } from '../../common/errors/domain-error';
import { parseDimension, rate } from './funnel.service';

describe('funnel rates and dimensions', () => {
  it('gives rates as fractions rounded to 4 places, null without a denominator', () => {
    expect(rate(2, 3)).toBe(0.6667);
    expect(rate(1, 3)).toBe(0.3333);
    expect(rate(3, 3)).toBe(1);
    expect(rate(0, 5)).toBe(0);
    expect(rate(0, 0)).toBeNull();
    expect(rate(4, 0)).toBeNull();
  });

  it('defaults to the affiliate dimension and refuses unknown ones', () => {
    expect(parseDimension(undefined)).toBe('affiliate');
    expect(parseDimension('')).toBe('affiliate');
    for (const d of ['affiliate', 'utm_source', 'utm_medium', 'utm_campaign', 'referrer', 'coupon']) expect(parseDimension(d)).toBe(d);
    for (const bad of ['all', 'country', 'AFFILIATE', ['coupon']]) expect(() => parseDimension(bad)).toThrow(DomainError);
  });
});

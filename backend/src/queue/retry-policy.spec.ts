import { retryDelayMs, retrySpanMs } from './retry-policy';

const policy = { attempts: 20, baseMs: 1000, capMs: 1_800_000 };
const noJitter = () => 0.5;

describe('retry policy', () => {
  it('doubles from the base and stops at the cap', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(policy, n, noJitter))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(policy, 12, noJitter)).toBe(1_800_000);
    expect(retryDelayMs(policy, 19, noJitter)).toBe(1_800_000);
  });

  it('jitters by at most 10% either way', () => {
    expect(retryDelayMs(policy, 3, () => 0)).toBe(3600);
    expect(retryDelayMs(policy, 3, () => 1)).toBe(4400);
  });

  it('keeps a job retrying for hours, not seconds, by default', () => {
    const hours = retrySpanMs(policy) / 3_600_000;
    expect(hours).toBeGreaterThan(4);
    expect(hours).toBeLessThan(6);
  });
});

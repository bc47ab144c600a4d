import { progressPercent } from './progress.service';

describe('progressPercent', () => {
  it('is the rounded share of published lessons completed, never above 100', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(3, 3)).toBe(100);
    expect(progressPercent(4, 3)).toBe(100);
  });
});

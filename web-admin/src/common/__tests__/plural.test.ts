import { describe, expect, it } from 'vitest';
import { plural } from '../plural';

describe('plural', () => {
  it('says "1 lesson" and "1 student", and the plural for every other count', () => {
    expect(plural(1, 'lesson')).toBe('1 lesson');
    expect(plural(1, 'student')).toBe('1 student');
    expect(plural(0, 'lesson')).toBe('0 lessons');
    expect(plural(2, 'student')).toBe('2 students');
    expect(plural(1200, 'rating')).toBe('1,200 ratings');
    expect(plural(1, 'day')).toBe('1 day');
  });
});

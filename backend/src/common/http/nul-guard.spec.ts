import { findNul } from './nul-guard';

describe('findNul', () => {
  it('names the field that holds a NUL character', () => {
    expect(findNul({ email: 'a\u0000@example.com' })).toBe('email');
    expect(findNul({ lessons: [{ title: 'ok' }, { title: 'bad\u0000' }] })).toBe('lessons.1.title');
    expect(findNul({ q: 'x\u0000' }, 'query')).toBe('query.q');
    expect(findNul({ 'we\u0000ird': 1 })).toBe('we\u0000ird');
    expect(findNul('\u0000')).toBe('value');
  });

  it('passes values without one', () => {
    expect(findNul({ a: [1, true, null, { b: 'text \\u0000 escaped stays text' }] })).toBeNull();
    expect(findNul(undefined)).toBeNull();
  });
});

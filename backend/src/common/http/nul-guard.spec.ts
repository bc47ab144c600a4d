import { findUnstorableText, NUL_MESSAGE, SURROGATE_MESSAGE } from './nul-guard';

describe('findUnstorableText', () => {
  const field = (value: unknown, root?: string) => findUnstorableText(value, root)?.field ?? null;

  it('names the field that holds a NUL character', () => {
    expect(findUnstorableText({ email: 'a\u0000@example.com' })).toEqual({ field: 'email', message: NUL_MESSAGE });
    expect(field({ lessons: [{ title: 'ok' }, { title: 'bad\u0000' }] })).toBe('lessons.1.title');
    expect(field({ q: 'x\u0000' }, 'query')).toBe('query.q');
    expect(field({ 'we\u0000ird': 1 })).toBe('we\u0000ird');
    expect(field('\u0000')).toBe('value');
  });

  it('names the field that holds a lone surrogate, high or low', () => {
    expect(findUnstorableText({ name: 'Ana \ud800' })).toEqual({ field: 'name', message: SURROGATE_MESSAGE });
    expect(field({ name: '\udc00 first' })).toBe('name');
    expect(field({ a: { b: ['x\ud83dy'] } })).toBe('a.b.0');
  });

  it('passes values without one, emoji pairs included', () => {
    expect(findUnstorableText({ a: [1, true, null, { b: 'text \\u0000 escaped stays text' }] })).toBeNull();
    expect(findUnstorableText({ name: 'Zoë 🎓 日本' })).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
  });
});

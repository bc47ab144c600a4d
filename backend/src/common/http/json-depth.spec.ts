import { jsonNestingExceeds } from './json-depth';

describe('jsonNestingExceeds', () => {
  it('accepts ordinary bodies and nesting up to the limit', () => {
    expect(jsonNestingExceeds('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(jsonNestingExceeds('[[[]]]', 3)).toBe(false);
  });

  it('refuses nesting past the limit, however deep, without recursion', () => {
    expect(jsonNestingExceeds('[[[[]]]]', 3)).toBe(true);
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(jsonNestingExceeds(deep)).toBe(true);
    expect(jsonNestingExceeds(Buffer.from(`{"x":${'{"y":'.repeat(5000)}1${'}'.repeat(5000)}}`))).toBe(true);
  });

  it('ignores brackets inside strings, including escaped quotes', () => {
    expect(jsonNestingExceeds(`{"text":"${'['.repeat(100)}"}`, 2)).toBe(false);
    expect(jsonNestingExceeds(`{"text":"a \\" [[[[[[ \\\\"}`, 2)).toBe(false);
  });
});

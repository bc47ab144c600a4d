import { CommonError } from '../../common/errors/common.error';
import { isHttpUrl, text, validateBody, type FieldDef } from './resource-fields';

const FIELDS: FieldDef[] = [
  { name: 'name', column: 'name', label: 'Name', rule: text(20, { required: true }), default: '' },
  { name: 'website', column: 'website', label: 'Website', rule: { kind: 'url', required: true }, default: '' },
  { name: 'file', column: 'file', label: 'File', rule: { kind: 'url', uploads: true }, default: '' },
  { name: 'rating', column: 'rating', label: 'Rating', rule: { kind: 'int', min: 1, max: 5 }, default: 5 },
  { name: 'tags', column: 'tags', label: 'Tags', rule: { kind: 'list', maxItems: 3, itemMax: 10 }, default: [] },
];

function errorsOf(fn: () => unknown): Record<string, string> | undefined {
  try {
    fn();
  } catch (err) {
    return (err as CommonError).details.errors;
  }
  throw new Error('expected a validation error');
}

describe('validateBody', () => {
  it('fills defaults on create and trims texts', () => {
    expect(validateBody(FIELDS, ['id'], { id: 3, name: ' Alpha ', website: 'https://example.com/a' }, 'create')).toEqual({
      name: 'Alpha',
      website: 'https://example.com/a',
      file: '',
      rating: 5,
      tags: [],
    });
  });

  it('reports every problem as a field message', () => {
    expect(errorsOf(() => validateBody(FIELDS, [], { rating: 6, tags: ['a', ''], extra: 1 }, 'create'))).toEqual({
      extra: 'Unknown field extra',
      name: 'Name is required',
      website: 'Website is required',
      rating: 'Rating must be a whole number from 1 to 5',
      tags: 'Each entry of Tags must be a text of 1 to 10 characters',
    });
  });

  it('accepts partial updates and refuses non-http addresses', () => {
    expect(validateBody(FIELDS, [], { rating: '4' }, 'update')).toEqual({ rating: 4 });
    expect(errorsOf(() => validateBody(FIELDS, [], { website: 'javascript:alert(1)', file: 'ftp://example.com/x' }, 'update'))).toEqual({
      website: 'Website must be an http(s) URL',
      file: 'File must be an http(s) URL or an uploaded file',
    });
    expect(validateBody(FIELDS, [], { file: '/media/abc.pdf' }, 'update')).toEqual({ file: '/media/abc.pdf' });
  });

  it('takes a cleared optional input (null) as empty, but not a cleared required one', () => {
    const fields: FieldDef[] = [...FIELDS, { name: 'note', column: 'note', label: 'Note', rule: text(20), default: '' }];
    expect(validateBody(fields, [], { note: null, file: null, tags: null }, 'update')).toEqual({ note: '', file: '', tags: [] });
    expect(errorsOf(() => validateBody(fields, [], { name: null, website: null }, 'update'))).toEqual({
      name: 'Name is required',
      website: 'Website is required',
    });
  });

  it.each([
    ['https://example.com', true],
    ['http://example.com/path?q=1', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['javascript:alert(1)', false],
    ['data:text/html,x', false],
    ['//example.com', false],
    ['https://', false],
    ['example.com', false],
  ])('isHttpUrl(%p) is %p', (value, expected) => {
    expect(isHttpUrl(value)).toBe(expected);
  });
});

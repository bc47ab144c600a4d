import { diff, redactSecrets } from './audit.service';

describe('audit helpers', () => {
  it('redacts secrets at any depth but keeps empty values visible', () => {
    expect(redactSecrets({ name: 'A', passwordHash: 'x', nested: { smtpPassword: 'p', host: 'h' }, apiKey: '' })).toEqual({
      name: 'A',
      passwordHash: '[redacted]',
      nested: { smtpPassword: '[redacted]', host: 'h' },
      apiKey: '',
    });
  });

  it('keeps only changed fields', () => {
    expect(diff({ a: 1, b: 2, c: [1] }, { a: 1, b: 3, c: [1, 2] })).toEqual({ before: { b: 2, c: [1] }, after: { b: 3, c: [1, 2] } });
  });
});

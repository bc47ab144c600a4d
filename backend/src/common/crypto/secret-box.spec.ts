import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32).toString('hex'));

  it('round-trips and never stores the plain text', () => {
    const sealed = box.seal('smtp-p@ss');
    expect(JSON.stringify(sealed)).not.toContain('smtp-p@ss');
    expect(box.open(sealed)).toBe('smtp-p@ss');
  });

  it('refuses tampered data and a different key', () => {
    const sealed = box.seal('secret');
    expect(() => box.open({ ...sealed, data: Buffer.from('other').toString('base64') })).toThrow();
    expect(() => new SecretBox(randomBytes(32).toString('hex')).open(sealed)).toThrow();
  });
});

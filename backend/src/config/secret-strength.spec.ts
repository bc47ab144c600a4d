import { randomBytes } from 'node:crypto';
import { weakSecretProblem } from './secret-strength';

describe('weakSecretProblem', () => {
  it('accepts what openssl rand generates', () => {
    for (let i = 0; i < 50; i++) {
      expect(weakSecretProblem(randomBytes(32).toString('hex'))).toBeNull();
      expect(weakSecretProblem(randomBytes(32).toString('base64url'))).toBeNull();
    }
  });

  it('refuses long but guessable secrets', () => {
    expect(weakSecretProblem('a'.repeat(64))).toMatch(/only 1 different/);
    expect(weakSecretProblem('0'.repeat(64))).toMatch(/only 1 different/);
    expect(weakSecretProblem('0123456789abcdef'.repeat(4))).toMatch(/repeats a 16-character pattern/);
    expect(weakSecretProblem('abababababababababababababababababababababababababababababababab')).toMatch(/only 2 different/);
    expect(weakSecretProblem('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabcdefghijklm')).toMatch(/entropy/);
  });
});

import { randomBytes } from 'node:crypto';
import { keyBytes, MAX_WORD_SHARE, randomKeyProblem, sameKey, weakSecretProblem, wordShare } from './secret-strength';

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

describe('randomKeyProblem', () => {
  it('reads hex and base64 keys as their bytes, and nothing else', () => {
    const key = randomBytes(32);
    for (const written of [key.toString('hex'), key.toString('hex').toUpperCase(), key.toString('base64'), key.toString('base64url')])
      expect(keyBytes(written)?.equals(key)).toBe(true);
    expect(keyBytes('not a key at all, it has spaces')).toBeNull();
    expect(keyBytes('abc!def')).toBeNull();
    expect(keyBytes('abcde')).toBeNull();
    expect(sameKey(key.toString('base64'), key.toString('hex'))).toBe(true);
    expect(sameKey(randomBytes(32).toString('hex'), key.toString('hex'))).toBe(false);
  });

  it('finds the words of a passphrase, and next to none in random keys', () => {
    expect(wordShare('correct-horse-battery-staple-correct-horse-battery')).toBeGreaterThan(0.8);
    expect(wordShare('SuperSecretJWTKeyForAffiliateAcademyPleaseChangeMe1')).toBeGreaterThan(MAX_WORD_SHARE);
    let highest = 0;
    for (let i = 0; i < 2000; i++)
      for (const encoding of ['hex', 'base64', 'base64url'] as const) highest = Math.max(highest, wordShare(randomBytes(32).toString(encoding)));
    expect(highest).toBeLessThan(MAX_WORD_SHARE);
  });

  it('passes what openssl rand generates', () => {
    for (let i = 0; i < 200; i++) {
      expect(randomKeyProblem(randomBytes(32).toString('hex'))).toBeNull();
      expect(randomKeyProblem(randomBytes(32).toString('base64'))).toBeNull();
    }
  });
});

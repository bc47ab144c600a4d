import { accessOfMethod, apiKeyResource, resourceLabel } from '../../../common/auth/api-key-routes';
import { apiKeyPrefix, formatApiKey, generateApiKey, hashSecret, parseApiKey, secretMatches } from './api-key-text';

describe('API key text', () => {
  it('is cpk_, a 12-character base62 id, _ and a 32-byte base64url secret', () => {
    const key = generateApiKey();
    expect(key.text).toMatch(/^cpk_[0-9A-Za-z]{12}_[A-Za-z0-9_-]{43}$/);
    expect(key.text).toBe(formatApiKey(key.keyId, key.secret));
    expect(Buffer.from(key.secret, 'base64url')).toHaveLength(32);
    expect(apiKeyPrefix(key.keyId)).toBe(key.text.slice(0, 16));
  });

  it('never repeats', () => {
    const ids = new Set(Array.from({ length: 200 }, () => generateApiKey().keyId));
    expect(ids.size).toBe(200);
  });

  it('parses a well-formed key, even when the secret holds underscores', () => {
    const secret = `${'_'.repeat(10)}${'a'.repeat(33)}`;
    expect(parseApiKey(formatApiKey('AbCdEf012345', secret))).toEqual({ keyId: 'AbCdEf012345', secret });
  });

  it.each([
    '',
    'cpk_',
    'cpk_short_abc',
    `cpk_AbCdEf01234_${'a'.repeat(43)}`,
    `cpk_AbCdEf012345_${'a'.repeat(42)}`,
    `cpk_AbCdEf012345_${'a'.repeat(44)}`,
    `cpk_AbCdEf0123-5_${'a'.repeat(43)}`,
    `xpk_AbCdEf012345_${'a'.repeat(43)}`,
    `cpk_AbCdEf012345_${'a'.repeat(42)}=`,
    ` cpk_AbCdEf012345_${'a'.repeat(43)}`,
  ])('refuses the malformed %j', (text) => {
    expect(parseApiKey(text)).toBeNull();
  });

  it('stores sha256 of the secret and compares in constant time', () => {
    const key = generateApiKey();
    expect(key.secretHash).toHaveLength(32);
    expect(key.secretHash.equals(hashSecret(key.secret))).toBe(true);
    expect(key.secretHash.toString('hex')).not.toContain(Buffer.from(key.secret).toString('hex'));
    expect(secretMatches(key.secret, key.secretHash)).toBe(true);
    expect(secretMatches(`${key.secret.slice(0, -1)}x`, key.secretHash)).toBe(key.secret.endsWith('x'));
    expect(secretMatches(key.secret, Buffer.alloc(16))).toBe(false);
  });
});

describe('API key routes', () => {
  it('are the admin API by first segment, outside the keys, sign-in, session and two-factor routes', () => {
    expect(apiKeyResource('/api/admin/users')).toBe('users');
    expect(apiKeyResource('/api/admin/users/:id')).toBe('users');
    expect(apiKeyResource('/api/admin/courses/{courseId}/lessons/{lessonId}/quiz-stats')).toBe('courses');
    expect(apiKeyResource('/api/admin/audit-log/export')).toBe('audit-log');
    for (const path of [
      '/api/admin/api-keys',
      '/api/admin/api-keys/:id',
      '/api/admin/login',
      '/api/admin/login/two-factor',
      '/api/admin/session/refresh',
      '/api/admin/two-factor/setup',
      '/api/admin/users/:id/two-factor/reset',
      '/api/courses',
      '/api/account/profile',
      '/api/adminx/users',
      '/api/admin',
    ])
      expect(apiKeyResource(path)).toBeNull();
  });

  it('read GET and HEAD, write the rest', () => {
    expect(['GET', 'head'].map(accessOfMethod)).toEqual(['read', 'read']);
    expect(['POST', 'PUT', 'PATCH', 'DELETE'].map(accessOfMethod)).toEqual(['write', 'write', 'write', 'write']);
  });

  it('label resources for the console', () => {
    expect(resourceLabel('audit-log')).toBe('Audit log');
    expect(resourceLabel('users')).toBe('Users');
  });
});

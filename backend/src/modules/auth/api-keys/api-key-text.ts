import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { API_KEY_PREFIX } from '../../../common/auth/api-key-routes';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const KEY_ID_LENGTH = 12;
/** 32 random bytes in base64url, without padding. */
const SECRET_LENGTH = 43;
const KEY_TEXT = new RegExp(`^${API_KEY_PREFIX}([0-9A-Za-z]{${KEY_ID_LENGTH}})_([A-Za-z0-9_-]{${SECRET_LENGTH}})$`);

export interface ApiKeyText {
  keyId: string;
  secret: string;
}

/** A new key: its id (12 base62 characters), its secret (32 random bytes, base64url) and the full text, shown to the admin once. */
export function generateApiKey(): ApiKeyText & { text: string; secretHash: Buffer } {
  let keyId = '';
  for (let i = 0; i < KEY_ID_LENGTH; i++) keyId += BASE62[randomInt(BASE62.length)];
  const secret = randomBytes(32).toString('base64url');
  return { keyId, secret, text: formatApiKey(keyId, secret), secretHash: hashSecret(secret) };
}

export function formatApiKey(keyId: string, secret: string): string {
  return `${API_KEY_PREFIX}${keyId}_${secret}`;
}

/** What a list shows so an admin recognises a key: `cpk_<keyId>`. */
export function apiKeyPrefix(keyId: string): string {
  return `${API_KEY_PREFIX}${keyId}`;
}

/** The key id and secret of a well-formed key text, or null. */
export function parseApiKey(text: string): ApiKeyText | null {
  const match = KEY_TEXT.exec(text);
  return match ? { keyId: match[1], secret: match[2] } : null;
}

/** The stored form of a secret: sha256 (the secret is 256 random bits, so a fast hash is the right one). */
export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/** Whether the secret matches the stored hash, in constant time. */
export function secretMatches(secret: string, storedHash: Buffer): boolean {
  const given = hashSecret(secret);
  return storedHash.length === given.length && timingSafeEqual(given, storedHash);
}

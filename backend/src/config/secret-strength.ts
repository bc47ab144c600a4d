import * as common from '@zxcvbn-ts/language-common';

/**
 * Why a secret is too weak to sign sessions or encrypt settings, or null.
 * Length alone is not strength: 64 zeros or "abcabc..." pass a length rule.
 * A secret must use at least 12 different characters, carry at least 3 bits
 * of entropy per character, and not be a shorter piece repeated.
 */
export function weakSecretProblem(secret: string): string | null {
  const counts = new Map<string, number>();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  if (counts.size < 12) return `uses only ${counts.size} different characters`;
  let entropy = 0;
  for (const n of counts.values()) {
    const p = n / secret.length;
    entropy -= p * Math.log2(p);
  }
  if (entropy < 3) return `has too little entropy (${entropy.toFixed(1)} bits per character)`;
  for (let period = 1; period <= secret.length / 2; period++) {
    if (secret.length % period === 0 && secret.slice(0, period).repeat(secret.length / period) === secret) return `repeats a ${period}-character pattern`;
  }
  return null;
}

export const WEAK_SECRET_HINT = 'generate one with: openssl rand -hex 32';

/** The least a key may hold: 256 bits, what HS256 and AES-256 use. */
export const MIN_KEY_BYTES = 32;

/**
 * The bytes a key is written as: hex (an even number of hex digits), else
 * base64 or base64url (padding optional); null for anything else (a
 * phrase with spaces or punctuation is no encoding of random bytes).
 */
export function keyBytes(secret: string): Buffer | null {
  if (/^(?:[0-9a-fA-F]{2})+$/.test(secret)) return Buffer.from(secret, 'hex');
  const unpadded = secret.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9+/]+$/.test(unpadded) && !/^[A-Za-z0-9_-]+$/.test(unpadded)) return null;
  if (unpadded.length % 4 === 1 || (secret !== unpadded && secret.length % 4 !== 0)) return null;
  return Buffer.from(unpadded, 'base64');
}

let dictionary: { words: Set<string>; longest: number } | undefined;

/** Words of 4+ letters: the diceware list and the common-password list that the password policy's guessability check ships. */
function words(): { words: Set<string>; longest: number } {
  if (!dictionary) {
    const all = new Set<string>();
    for (const list of Object.values(common.dictionary)) for (const word of list) if (/^[a-z]{4,}$/.test(word)) all.add(word);
    dictionary = { words: all, longest: Math.max(...[...all].map((w) => w.length)) };
  }
  return dictionary;
}

/**
 * The share of the secret (0-1) covered by dictionary words of 4+ letters,
 * whatever their case, at best (the most characters any set of
 * non-overlapping words covers). A passphrase in base64's alphabet
 * ("MyCompanyName2024ProductionJwtSecretKey") or hex words ("deadbeefcafe...")
 * reads mostly as words; random bytes, encoded, do not: over 300,000 random
 * 32-byte keys in each of hex, base64 and base64url the highest share was
 * 0.16 in hex and 0.36 in base64, and 7 of the 600,000 base64(url) keys
 * reached 0.3 (each further 0.1 takes one more word, about 30 times rarer).
 */
export function wordShare(secret: string): number {
  const { words: dict, longest } = words();
  const text = secret.toLowerCase();
  const best = new Array<number>(text.length + 1).fill(0);
  for (let i = text.length - 1; i >= 0; i--) {
    best[i] = best[i + 1];
    for (let length = 4; length <= longest && i + length <= text.length; length++)
      if (dict.has(text.slice(i, i + length))) best[i] = Math.max(best[i], length + best[i + length]);
  }
  return text.length === 0 ? 0 : best[0] / text.length;
}

/** Past this share of dictionary words a key is a passphrase, not random bytes (for a random key, about 1 in 10 million by the extrapolation above). */
export const MAX_WORD_SHARE = 0.45;

/**
 * Why a key is not the random key production needs, or null: hex or
 * base64(url) of at least 32 bytes, the entropy rules above, and not a
 * passphrase written in the key's alphabet.
 */
export function randomKeyProblem(secret: string, minBytes = MIN_KEY_BYTES): string | null {
  const bytes = keyBytes(secret);
  if (!bytes) return 'is not a random key: it must be hex or base64 (a passphrase is not a key)';
  if (bytes.length < minBytes) return `holds ${bytes.length} bytes: it must hold at least ${minBytes} random bytes`;
  const weak = weakSecretProblem(secret);
  if (weak) return `is too weak: it ${weak}`;
  if (wordShare(secret) > MAX_WORD_SHARE) return 'is not a random key: it reads as words (a passphrase)';
  return null;
}

/** Whether two keys are the same key, however each is written (case, hex or base64). */
export function sameKey(a: string, b: string): boolean {
  if (a === b) return true;
  const [x, y] = [keyBytes(a), keyBytes(b)];
  return x !== null && y !== null && x.equals(y);
}

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

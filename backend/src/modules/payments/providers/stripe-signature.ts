import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stripe's webhook signature: the `Stripe-Signature` header carries a Unix
 * timestamp `t` and one or more `v1` signatures, each the hex HMAC-SHA256,
 * keyed with the endpoint's signing secret, of `<t>.<raw body bytes>`. The
 * timestamp is signed too, so an old delivery cannot be replayed with a new
 * one: anything older (or newer) than the tolerance is refused.
 */
export function stripeSignature(secret: string, timestamp: number, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(rawBody).digest('hex');
}

/** The header a Stripe-compatible sender puts on a body (the sandbox's card simulator signs with it). */
export function stripeSignatureHeader(secret: string, rawBody: Buffer | string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${stripeSignature(secret, timestamp, rawBody)}`;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * True only for a well-formed header whose timestamp is within
 * `toleranceSeconds` of `nowSeconds` and one of whose v1 signatures matches
 * (constant-time comparison of equal-length digests).
 */
export function verifyStripeSignature(secret: string, rawBody: Buffer, header: unknown, toleranceSeconds: number, nowSeconds = Date.now() / 1000): boolean {
  if (!secret || typeof header !== 'string' || header.length > 4096) return false;
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') {
      if (!/^\d{1,12}$/.test(value) || timestamp !== null) return false;
      timestamp = Number(value);
    } else if (key === 'v1' && HEX_SHA256.test(value)) {
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  if (timestamp === null || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(stripeSignature(secret, timestamp, rawBody), 'hex');
  let matched = false;
  for (const signature of signatures) matched = timingSafeEqual(expected, signature) || matched;
  return matched;
}

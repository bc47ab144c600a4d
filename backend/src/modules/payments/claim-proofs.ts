import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { authConfig } from '../../config';

/** How long the emailed "finish creating your account" link works. */
export const CLAIM_LINK_DAYS = 14;

/** What a caller may show to prove it is the buyer of a payment. */
export interface ClaimProof {
  /** The random secret `POST /api/payments/create` gave the buyer's browser. */
  secret?: string;
  /** The token of the emailed claim link (`<expiry>.<signature>`). */
  token?: string;
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Proof of purchase for account creation. A payment id alone proves
 * nothing (it sits in URLs and browser history); the buyer holds either the
 * claim secret their browser got at checkout (stored hashed) or the signed,
 * expiring link emailed when the payment was confirmed. Both stop working
 * once the payment has been claimed, since a payment is claimed only once.
 */
@Injectable()
export class ClaimProofs {
  private readonly key: Buffer;

  constructor(@Inject(authConfig.KEY) config: ConfigType<typeof authConfig>) {
    this.key = createHmac('sha256', config.jwtSecret).update('payment-claim-links/v1').digest();
  }

  newSecret(): { secret: string; hash: Buffer } {
    const secret = randomBytes(24).toString('base64url');
    return { secret, hash: sha256(secret) };
  }

  linkToken(paymentId: string, nowMs = Date.now()): string {
    const exp = Math.floor(nowMs / 1000) + CLAIM_LINK_DAYS * 86_400;
    return `${exp}.${this.sign(paymentId, exp)}`;
  }

  /** Whether `proof` proves the purchase of the payment whose claim secret hashes to `secretHash`. */
  proves(paymentId: string, secretHash: Buffer | null, proof: ClaimProof, nowMs = Date.now()): boolean {
    if (proof.secret && secretHash && secretHash.length === 32 && timingSafeEqual(sha256(proof.secret), secretHash)) return true;
    if (!proof.token) return false;
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(proof.token);
    if (!match) return false;
    const exp = Number(match[1]);
    if (exp * 1000 < nowMs) return false;
    const expected = Buffer.from(this.sign(paymentId, exp));
    const given = Buffer.from(match[2]);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(paymentId: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${paymentId}:${exp}`).digest('base64url');
  }
}

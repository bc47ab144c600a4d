import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authConfig } from '../../config';

/** How long a reminder's "finish your checkout" link works. */
export const RESUME_LINK_DAYS = 30;

const RESUME_TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

const sameText = (given: string, expected: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The signed links of checkout recovery. A payment id alone proves nothing
 * (it sits in URLs and browser history): the reminder's link carries an
 * expiring signature of the payment, and the unsubscribe link a signature of
 * the address (no expiry: an unsubscribe link must work as long as the mail
 * is kept). Both keys are derived from the JWT secret, each with its own label.
 */
@Injectable()
export class RecoveryProofs {
  private readonly resumeKey: Buffer;
  private readonly unsubscribeKey: Buffer;

  constructor(@Inject(authConfig.KEY) config: ConfigType<typeof authConfig>) {
    this.resumeKey = createHmac('sha256', config.jwtSecret).update('checkout-resume-links/v1').digest();
    this.unsubscribeKey = createHmac('sha256', config.jwtSecret).update('recovery-unsubscribe-links/v1').digest();
  }

  resumeToken(paymentId: string, nowMs = Date.now()): string {
    const exp = Math.floor(nowMs / 1000) + RESUME_LINK_DAYS * 86_400;
    return `${exp}.${this.signResume(paymentId, exp)}`;
  }

  /** Whether `token` is an unexpired resume token of this payment. */
  provesResume(paymentId: string, token: unknown, nowMs = Date.now()): boolean {
    if (typeof token !== 'string') return false;
    const match = RESUME_TOKEN.exec(token);
    if (!match) return false;
    const exp = Number(match[1]);
    if (exp * 1000 < nowMs) return false;
    return sameText(match[2], this.signResume(paymentId, exp));
  }

  unsubscribeToken(email: string): string {
    return createHmac('sha256', this.unsubscribeKey).update(email.trim().toLowerCase()).digest('base64url');
  }

  /** Whether `token` is the unsubscribe token of this address. */
  provesUnsubscribe(email: unknown, token: unknown): boolean {
    if (typeof email !== 'string' || typeof token !== 'string' || !SIGNATURE.test(token) || email.length > 254) return false;
    return sameText(token, this.unsubscribeToken(email));
  }

  private signResume(paymentId: string, exp: number): string {
    return createHmac('sha256', this.resumeKey).update(`${paymentId}:${exp}`).digest('base64url');
  }
}

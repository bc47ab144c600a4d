import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authConfig } from '../../config';

/** How long the link sent to the new address works. */
export const EMAIL_CHANGE_HOURS = 24;

export interface EmailChange {
  userId: string;
  currentEmail: string;
  newEmail: string;
}

/**
 * The signed link that confirms an email change, sent to the new address.
 * It names the account, its current email and the new one, and expires; it
 * works once because the change replaces the current email it was signed for.
 * Nothing is stored, so the event that asks for it carries no secret.
 */
@Injectable()
export class EmailChangeLinks {
  private readonly key: Buffer;

  constructor(@Inject(authConfig.KEY) config: ConfigType<typeof authConfig>) {
    this.key = createHmac('sha256', config.jwtSecret).update('email-change-links/v1').digest();
  }

  token(change: EmailChange, nowMs = Date.now()): string {
    const body = Buffer.from(
      JSON.stringify({
        u: change.userId,
        c: change.currentEmail.toLowerCase(),
        n: change.newEmail.toLowerCase(),
        x: Math.floor(nowMs / 1000) + EMAIL_CHANGE_HOURS * 3600,
      }),
    ).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /** The change a token asks for, or null when it is forged, garbled or expired. */
  read(token: string, nowMs = Date.now()): EmailChange | null {
    const match = /^([A-Za-z0-9_-]{10,1000})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const expected = Buffer.from(this.sign(match[1]));
    const given = Buffer.from(match[2]);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: { u?: unknown; c?: unknown; n?: unknown; x?: unknown };
    try {
      claims = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8')) as typeof claims;
    } catch {
      return null;
    }
    if (typeof claims.u !== 'string' || typeof claims.c !== 'string' || typeof claims.n !== 'string' || typeof claims.x !== 'number') return null;
    if (claims.x * 1000 < nowMs) return null;
    return { userId: claims.u, currentEmail: claims.c, newEmail: claims.n };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

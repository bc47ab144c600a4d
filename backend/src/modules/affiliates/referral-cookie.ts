import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authConfig } from '../../config';

/** The first-party cookie that remembers a referral visit. */
export const REFERRAL_COOKIE = 'cp_ref';

/** What a referral visit remembers: the affiliate (or none, for a UTM-only visit), the campaign, where the visitor came from, and when. */
export interface ReferralClaim {
  affiliateId: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrerDomain: string | null;
  /** When the visit was recorded (ms since epoch). */
  clickedAt: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 86_400_000;
/** Clock skew tolerated between API instances for a claim "from the future". */
const SKEW_MS = 5 * 60_000;

const text = (value: unknown, max: number): string | null => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : null);

/** The value of one cookie in a Cookie header (the first one of that name), or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Signs and reads the referral claim kept in the `cp_ref` cookie (and, for
 * browsers without it, in the learner app's localStorage): `v1.<payload>.<sig>`,
 * the payload base64url JSON, the signature an HMAC-SHA256 with a key derived
 * from JWT_SECRET for this purpose only (like common/auth/signed-links.ts), so
 * a visitor cannot forge an attribution to an affiliate they never clicked.
 */
@Injectable()
export class ReferralCookies {
  private readonly key: Buffer;

  constructor(@Inject(authConfig.KEY) config: ConfigType<typeof authConfig>) {
    this.key = createHmac('sha256', config.jwtSecret).update('referral-attribution/v1').digest();
  }

  sign(claim: ReferralClaim): string {
    const payload = Buffer.from(
      JSON.stringify({
        a: claim.affiliateId,
        s: claim.utmSource,
        m: claim.utmMedium,
        c: claim.utmCampaign,
        r: claim.referrerDomain,
        t: claim.clickedAt,
      }),
    ).toString('base64url');
    return `v1.${payload}.${this.mac(payload)}`;
  }

  /** The claim of a signed value still inside the attribution window; anything missing, altered, malformed or expired is null. */
  read(value: string | undefined | null, windowDays: number, nowMs = Date.now()): ReferralClaim | null {
    if (!value || value.length > 2000) return null;
    const [version, payload, sig] = value.split('.');
    if (version !== 'v1' || !payload || !sig) return null;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let raw: Record<string, unknown>;
    try {
      raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    } catch {
      return null;
    }
    const clickedAt = typeof raw.t === 'number' && Number.isSafeInteger(raw.t) ? raw.t : null;
    if (clickedAt === null || clickedAt > nowMs + SKEW_MS || clickedAt + windowDays * DAY_MS < nowMs) return null;
    const affiliateId = typeof raw.a === 'string' && UUID.test(raw.a) ? raw.a : null;
    return {
      affiliateId,
      utmSource: text(raw.s, 100),
      utmMedium: text(raw.m, 100),
      utmCampaign: text(raw.c, 100),
      referrerDomain: text(raw.r, 253),
      clickedAt,
    };
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

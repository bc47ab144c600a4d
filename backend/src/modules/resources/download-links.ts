import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../common/errors/api-error';
import { authConfig } from '../../config';

/** How long a download link from the Content Database or Traffic Bots stays valid. */
export const DOWNLOAD_LINK_SECONDS = 6 * 3600;

/** The members' resources whose uploaded files are handed out through signed links (the path segment under /api/resources). */
export type DownloadKind = 'content' | 'bots';

export interface DownloadLinkParams {
  u?: string;
  exp?: number;
  sig?: string;
}

/**
 * Signed, expiring download links for one learner and one item of one kind.
 * The learner app downloads with a plain link (`<a download>`), which
 * carries no bearer token; the signature stands in for it, and the
 * learner's access is checked again when the link is used.
 */
@Injectable()
export class DownloadLinks {
  private readonly key: Buffer;

  constructor(@Inject(authConfig.KEY) config: ConfigType<typeof authConfig>) {
    this.key = createHmac('sha256', config.jwtSecret).update('content-download-links/v1').digest();
  }

  url(kind: DownloadKind, itemId: number, userId: string, nowMs = Date.now()): string {
    const exp = Math.floor(nowMs / 1000) + DOWNLOAD_LINK_SECONDS;
    const query = new URLSearchParams({ u: userId, exp: String(exp), sig: this.sign(kind, itemId, userId, exp) });
    return `/api/resources/${kind}/${itemId}/download?${query}`;
  }

  /** The user the link was issued to; a missing, altered or expired link is refused. */
  verify(kind: DownloadKind, itemId: number, link: DownloadLinkParams, nowMs = Date.now()): string {
    if (!link.u || link.exp === undefined || !link.sig) throw ApiError.unauthorized('Authentication required: please sign in');
    const expected = Buffer.from(this.sign(kind, itemId, link.u, link.exp));
    const given = Buffer.from(link.sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw ApiError.forbidden('This download link is not valid');
    if (link.exp * 1000 < nowMs) throw ApiError.forbidden('This download link has expired: reload the page and try again');
    return link.u;
  }

  private sign(kind: DownloadKind, itemId: number, userId: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${kind}:${itemId}:${userId}:${exp}`).digest('base64url');
  }
}

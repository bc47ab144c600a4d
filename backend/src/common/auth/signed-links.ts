import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { authConfig } from '../../config';
import { CommonError } from '../errors/common.error';
import type { AuthUser, TokenKind } from './auth-user';

/** How long a signed file link stays valid. */
export const DOWNLOAD_LINK_SECONDS = 6 * 3600;

/** What a signed link opens: a Content Database file, a Traffic Bot download, a lesson's file (its PDF), or an admin's preview of a paid file. */
export type SignedLinkKind = 'content' | 'bots' | 'lesson-file' | 'media-preview';

/** The session kind a link of this kind is minted in: an admin's preview link comes from an admin session only (AdminCoursesController). */
export const LINK_SESSION_KIND: Record<SignedLinkKind, TokenKind> = { content: 'learner', bots: 'learner', 'lesson-file': 'learner', 'media-preview': 'admin' };

/** The query parameters of a signed link. */
export interface SignedLinkParams {
  u?: string;
  v?: number;
  s?: string;
  exp?: number;
  sig?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INTEGER = /^\d{1,11}$/;

/** The signed-link parameters of a raw query string record; malformed ones are a 400 (a missing one is left out). */
export function parseLinkParams(query: Record<string, unknown>): SignedLinkParams {
  const invalid = () => CommonError.invalid('The download link is not valid');
  const text = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalid();
    return value;
  };
  const [u, v, s, exp, sig] = [text('u'), text('v'), text('s'), text('exp'), text('sig')];
  if ((u !== undefined && !UUID.test(u)) || (s !== undefined && !UUID.test(s))) throw invalid();
  if ((v !== undefined && !INTEGER.test(v)) || (exp !== undefined && !INTEGER.test(exp)) || (sig !== undefined && sig.length > 100)) throw invalid();
  return { u, v: v === undefined ? undefined : Number(v), s, exp: exp === undefined ? undefined : Number(exp), sig };
}

/** Who a verified link was issued to, the session that asked for it, and that user's session generation. */
export interface LinkHolder {
  userId: string;
  tokenVersion: number;
  /** The session id (an admin session's, or a learner token's id): signing out of it ends the link. */
  session: string;
}

/** The holder of links minted for this caller: bound to the caller's own session. */
export function linkHolderOf(caller: Pick<AuthUser, 'id' | 'tokenVersion' | 'jti' | 'session'>): LinkHolder {
  return { userId: caller.id, tokenVersion: caller.tokenVersion, session: caller.session?.id ?? caller.jti };
}

/**
 * Signed, expiring links to paid files, for one user, one item of one kind,
 * the session that asked for them and one generation of that user's sessions
 * (token_version). The apps open
 * files with plain links (`<a download>`, a new tab), which carry no bearer
 * token; the signature stands in for it. Whoever serves the file checks
 * again, at that moment, that the holder is active, still has access and has
 * not signed out everywhere, reset the password or been suspended since
 * (each moves token_version on), and has not signed out of that session.
 */
@Injectable()
export class SignedLinks {
  private readonly key: Buffer;

  constructor(@Inject(authConfig.KEY) config: ConfigType<typeof authConfig>) {
    this.key = createHmac('sha256', config.jwtSecret).update('content-download-links/v3').digest();
  }

  /** `path` is where the link points (without query); the signature covers kind, item, holder, generation and expiry. */
  url(kind: SignedLinkKind, itemId: number | string, holder: LinkHolder, path: string, nowMs = Date.now()): string {
    const exp = Math.floor(nowMs / 1000) + DOWNLOAD_LINK_SECONDS;
    const query = new URLSearchParams({
      u: holder.userId,
      v: String(holder.tokenVersion),
      s: holder.session,
      exp: String(exp),
      sig: this.sign(kind, itemId, holder, exp),
    });
    return `${path}?${query}`;
  }

  /** The holder the link was issued to; a missing, altered or expired link is refused. */
  verify(kind: SignedLinkKind, itemId: number | string, link: SignedLinkParams, nowMs = Date.now()): LinkHolder {
    if (!link.u || link.v === undefined || !link.s || link.exp === undefined || !link.sig)
      throw CommonError.unauthenticated('Authentication required: please sign in');
    const holder = { userId: link.u, tokenVersion: link.v, session: link.s };
    const expected = Buffer.from(this.sign(kind, itemId, holder, link.exp));
    const given = Buffer.from(link.sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw CommonError.forbidden('This download link is not valid');
    if (link.exp * 1000 < nowMs) throw CommonError.forbidden('This download link has expired: reload the page and try again');
    return holder;
  }

  private sign(kind: SignedLinkKind, itemId: number | string, holder: LinkHolder, exp: number): string {
    return createHmac('sha256', this.key).update(`${kind}:${itemId}:${holder.userId}:${holder.tokenVersion}:${holder.session}:${exp}`).digest('base64url');
  }
}

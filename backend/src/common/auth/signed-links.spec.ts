import type { DomainError } from '../errors/domain-error';
import { statusOfErrorCode } from '../errors/error-status';
import { DOWNLOAD_LINK_SECONDS, SignedLinks } from './signed-links';

const USER = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';
const SESSION = '9f1c7a52-5d0e-4c1b-8a52-3e2d6f0b7c11';
const HOLDER = { userId: USER, tokenVersion: 3, session: SESSION };
const links = new SignedLinks({ jwtSecret: 'x'.repeat(48) } as never);
const NOW = Date.UTC(2026, 0, 1);

function paramsOf(url: string): { u: string; v: number; s: string; exp: number; sig: string } {
  const parsed = new URL(url, 'http://localhost');
  return {
    u: parsed.searchParams.get('u')!,
    v: Number(parsed.searchParams.get('v')),
    s: parsed.searchParams.get('s')!,
    exp: Number(parsed.searchParams.get('exp')),
    sig: parsed.searchParams.get('sig')!,
  };
}

const statusOf = (fn: () => unknown): number => {
  try {
    fn();
    return 200;
  } catch (err) {
    return statusOfErrorCode((err as DomainError).code) ?? 500;
  }
};

describe('SignedLinks', () => {
  const contentUrl = (id = 7, holder = HOLDER) => links.url('content', id, holder, `/api/resources/content/${id}/download`, NOW);

  it('issues a link for one item, user and session generation that verifies until it expires', () => {
    expect(contentUrl()).toMatch(/^\/api\/resources\/content\/7\/download\?u=/);
    const p = paramsOf(contentUrl());
    expect(p).toMatchObject({ u: USER, v: 3, s: SESSION, exp: NOW / 1000 + DOWNLOAD_LINK_SECONDS });
    expect(links.verify('content', 7, p, NOW + 1000)).toEqual(HOLDER);
    expect(statusOf(() => links.verify('content', 7, p, NOW + (DOWNLOAD_LINK_SECONDS + 1) * 1000))).toBe(403);
  });

  it('refuses another item, user, session or generation, a longer expiry, a changed signature or a missing part', () => {
    const p = paramsOf(contentUrl());
    expect(statusOf(() => links.verify('content', 8, p, NOW))).toBe(403);
    expect(statusOf(() => links.verify('content', 7, { ...p, u: USER.replace('1b4e', '2b4e') }, NOW))).toBe(403);
    expect(statusOf(() => links.verify('content', 7, { ...p, v: 4 }, NOW))).toBe(403);
    expect(statusOf(() => links.verify('content', 7, { ...p, s: SESSION.replace('9f1c', '8f1c') }, NOW))).toBe(403);
    expect(statusOf(() => links.verify('content', 7, { u: p.u, v: p.v, exp: p.exp, sig: p.sig }, NOW))).toBe(401);
    expect(statusOf(() => links.verify('content', 7, { ...p, exp: p.exp + 3600 }, NOW))).toBe(403);
    expect(statusOf(() => links.verify('content', 7, { ...p, sig: `${p.sig.slice(0, -1)}${p.sig.endsWith('A') ? 'B' : 'A'}` }, NOW))).toBe(403);
    expect(statusOf(() => links.verify('content', 7, { u: p.u, exp: p.exp, sig: p.sig }, NOW))).toBe(401);
  });

  it('binds the link to its kind: a content link does not open the bot or the lesson file with the same id', () => {
    const content = paramsOf(contentUrl());
    const bot = paramsOf(links.url('bots', 7, HOLDER, '/api/resources/bots/7/download', NOW));
    expect(links.verify('bots', 7, bot, NOW)).toEqual(HOLDER);
    expect(statusOf(() => links.verify('bots', 7, content, NOW))).toBe(403);
    expect(statusOf(() => links.verify('lesson-file', 7, content, NOW))).toBe(403);
  });

  it('depends on the secret', () => {
    const other = new SignedLinks({ jwtSecret: 'y'.repeat(48) } as never);
    expect(statusOf(() => other.verify('content', 7, paramsOf(contentUrl()), NOW))).toBe(403);
  });
});

import { ApiError } from '../../common/errors/api-error';
import { DOWNLOAD_LINK_SECONDS, DownloadLinks } from './download-links';

const USER = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';
const links = new DownloadLinks({ jwtSecret: 'x'.repeat(48) } as never);
const NOW = Date.UTC(2026, 0, 1);

function paramsOf(url: string): { id: number; u: string; exp: number; sig: string } {
  const parsed = new URL(url, 'http://localhost');
  return {
    id: Number(parsed.pathname.split('/')[4]),
    u: parsed.searchParams.get('u')!,
    exp: Number(parsed.searchParams.get('exp')),
    sig: parsed.searchParams.get('sig')!,
  };
}

const statusOf = (fn: () => unknown): number => {
  try {
    fn();
    return 200;
  } catch (err) {
    return (err as ApiError).getStatus();
  }
};

describe('DownloadLinks', () => {
  it('issues a link for one item and user that verifies until it expires', () => {
    const p = paramsOf(links.url('content', 7, USER, NOW));
    expect(p).toMatchObject({ id: 7, u: USER, exp: NOW / 1000 + DOWNLOAD_LINK_SECONDS });
    expect(links.verify('content', 7, p, NOW + 1000)).toBe(USER);
    expect(statusOf(() => links.verify('content', 7, p, NOW + (DOWNLOAD_LINK_SECONDS + 1) * 1000))).toBe(403);
  });

  it('refuses another item, another user, a longer expiry, a changed signature or a missing part', () => {
    const p = paramsOf(links.url('content', 7, USER, NOW));
    expect(statusOf(() => links.verify('content', 8, p, NOW))).toBe(403);
    expect(statusOf(() => links.verify('content', 7, { ...p, u: USER.replace('1b4e', '2b4e') }, NOW))).toBe(403);
    expect(statusOf(() => links.verify('content', 7, { ...p, exp: p.exp + 3600 }, NOW))).toBe(403);
    expect(statusOf(() => links.verify('content', 7, { ...p, sig: `${p.sig.slice(0, -1)}A` === p.sig ? `${p.sig.slice(0, -1)}B` : `${p.sig.slice(0, -1)}A` }, NOW))).toBe(403);
    expect(statusOf(() => links.verify('content', 7, { u: p.u, exp: p.exp }, NOW))).toBe(401);
  });

  it('binds the link to its kind: a content link does not open the bot with the same id, and the reverse', () => {
    const content = paramsOf(links.url('content', 7, USER, NOW));
    const bot = paramsOf(links.url('bots', 7, USER, NOW));
    expect(links.url('bots', 7, USER, NOW)).toMatch(/^\/api\/resources\/bots\/7\/download\?/);
    expect(links.verify('bots', 7, bot, NOW)).toBe(USER);
    expect(statusOf(() => links.verify('bots', 7, content, NOW))).toBe(403);
    expect(statusOf(() => links.verify('content', 7, bot, NOW))).toBe(403);
  });

  it('depends on the secret', () => {
    const other = new DownloadLinks({ jwtSecret: 'y'.repeat(48) } as never);
    expect(statusOf(() => other.verify('content', 7, paramsOf(links.url('content', 7, USER, NOW)), NOW))).toBe(403);
  });
});

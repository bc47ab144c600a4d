/** What a shared link's preview shows (Open Graph): filled into the page's shell on the server, since link crawlers run no script. */
export interface PageMeta {
  title: string;
  description: string;
  url: string;
}

/** The port through which a feature module describes its public pages (certificates: /certificates/{id}); bound in ports.module.ts. */
export interface PageMetaSource {
  /** The paths of its pages start with this ('/certificates/'); other deep links get the shell file as it is. */
  readonly pagePrefix: string;
  /** The page's meta for this path, or null when the path is not one of its pages (or names nothing). */
  pageMeta(path: string): Promise<PageMeta | null>;
}

export const PAGE_META = Symbol('PAGE_META');

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The shell with the page's title and its Open Graph and Twitter tags. Every
 * insertion goes through a function replacer: a replacement string would read
 * `$&`, `` $` `` or `$'` in a learner's name as "the matched text" or "the text
 * before it" and splice pieces of the shell into the title.
 */
export function withPageMeta(html: string, meta: PageMeta): string {
  const tags = [
    `<meta property="og:title" content="${escape(meta.title)}">`,
    `<meta property="og:description" content="${escape(meta.description)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:url" content="${escape(meta.url)}">`,
    `<meta name="twitter:card" content="summary">`,
    `<meta name="description" content="${escape(meta.description)}">`,
  ].join('');
  const cleaned = html.replace(/<meta (property="og:[^"]*"|name="twitter:[^"]*"|name="description")[^>]*>/g, '');
  const title = `<title>${escape(meta.title)}</title>`;
  const titled = /<title>[^<]*<\/title>/.test(cleaned) ? cleaned.replace(/<title>[^<]*<\/title>/, () => title) : cleaned;
  return titled.replace('</head>', () => `${tags}</head>`);
}

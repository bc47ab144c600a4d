/**
 * The languages a customer is served in (DESIGN.md 13): the same four as the
 * learner site's interface. An account keeps one (a checkout before there is
 * an account); the site's Settings > General > Language is the default.
 */
export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first of our languages an Accept-Language header asks for (by weight), or null. */
export function fromAcceptLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (isLanguage(base)) return base;
  }
  return null;
}

/**
 * The language to answer in: the account's (or the checkout's), else the
 * interface language the page says it shows, else what the browser asks for,
 * else the site's.
 */
export function chooseLanguage(options: { own?: string | null; interface?: string | null; acceptLanguage?: string; site: string }): Language {
  if (isLanguage(options.own)) return options.own;
  if (isLanguage(options.interface)) return options.interface;
  return fromAcceptLanguage(options.acceptLanguage) ?? (isLanguage(options.site) ? options.site : DEFAULT_LANGUAGE);
}

/** The header the learner site sends with every call: the language its interface shows. */
export const INTERFACE_LANGUAGE_HEADER = 'x-interface-language';

/** What a request says about its reader's language: the interface language it sends, else its browser's (null: neither is one of ours). */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language | null {
  const sent = headers[INTERFACE_LANGUAGE_HEADER];
  const value = (Array.isArray(sent) ? sent[0] : sent)?.trim().toLowerCase();
  if (isLanguage(value)) return value;
  const accept = headers['accept-language'];
  return fromAcceptLanguage(Array.isArray(accept) ? accept[0] : accept);
}

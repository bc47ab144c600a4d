import { describe, expect, it } from 'vitest';

/**
 * English is split by screen (locales/en-<area>.json, loaded by
 * english/<area>.ts), so a module that shows texts of an area must import
 * that area's module: otherwise it would show raw ids ("auth.login.title")
 * whenever it is reached before another screen happened to load them.
 */

// The catalogues as the build compiles them: flat ids ("auth.login.title").
const catalogues = import.meta.glob<Record<string, unknown>>('../locales/en-*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/__tests__/**', '!../../i18n/**', '!../../test-setup.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const areaOf = (file: string) => /en-([\w-]+)\.json$/.exec(file)![1];
const sectionsOf = (messages: Record<string, unknown>) => new Set(Object.keys(messages).map((id) => id.split('.')[0]));

/** Each section ("auth") and the English catalogue area that holds it ("auth", or "site" for what every page loads). */
const AREA_OF_SECTION = new Map<string, string>();
for (const [file, messages] of Object.entries(catalogues)) for (const section of sectionsOf(messages)) AREA_OF_SECTION.set(section, areaOf(file));

describe('English catalogues by screen', () => {
  it('puts each section of ids in exactly one catalogue', () => {
    const seen = Object.values(catalogues).flatMap((messages) => [...sectionsOf(messages)]);
    expect(seen.length).toBe(new Set(seen).size);
    expect(Object.keys(catalogues).map(areaOf).sort()).toEqual(['account', 'auth', 'checkout', 'learning', 'site', 'thank-you']);
  });

  it('has every module that shows an area’s texts import that area’s English', () => {
    const sections = [...AREA_OF_SECTION.keys()].join('|');
    const idLiteral = new RegExp(`['"\`](${sections})\\.[A-Za-z$]`, 'g');
    const missing: string[] = [];
    let translating = 0;
    for (const [file, source] of Object.entries(sources)) {
      if (!source.includes('useTranslation(')) continue;
      translating++;
      const areas = new Set([...source.matchAll(idLiteral)].map((m) => AREA_OF_SECTION.get(m[1])!));
      areas.delete('site');
      for (const area of areas)
        if (!new RegExp(`^import '[./]*/i18n/english/${area}';$`, 'm').test(source)) missing.push(`${file} needs import '…/i18n/english/${area}'`);
    }
    expect(translating).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });
});

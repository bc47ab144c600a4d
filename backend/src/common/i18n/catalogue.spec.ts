import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { AREAS, flatten, SOURCES, translate } from './catalogue';
import { formatDate, formatDateTime, formatMoney, formatPercent } from './format';
import { chooseLanguage, fromAcceptLanguage, LANGUAGES } from './languages';
import { localiseMessage } from './server-messages';

type Token = CompiledMessage[number];

/** A plural's or select's forms by category (without `offset`, which the compiler adds to every choice). */
const formsOf = (forms: Record<string, unknown>): Array<[string, readonly Token[]]> =>
  Object.entries(forms).filter(([key, value]) => key !== 'offset' && value !== undefined) as Array<[string, readonly Token[]]>;

/** The plural choices of a message, each with its categories. */
function pluralsOf(message: readonly Token[]): string[][] {
  const found: string[][] = [];
  for (const token of message) {
    if (!Array.isArray(token)) continue;
    const [, format, forms] = token as [string, string?, Record<string, CompiledMessage>?];
    if ((format === 'plural' || format === 'selectordinal') && forms) {
      found.push(
        formsOf(forms)
          .map(([category]) => category)
          .sort(),
      );
      for (const [, form] of formsOf(forms)) found.push(...pluralsOf(form));
    }
  }
  return found;
}

/** What a message inserts ({name}, {count, number}), which every translation must keep. */
function placeholdersOf(message: readonly Token[]): string[] {
  const names = new Set<string>();
  for (const token of message) {
    if (!Array.isArray(token)) continue;
    const [name, , forms] = token as [string, string?, Record<string, CompiledMessage>?];
    if (name !== '#') names.add(name);
    if (forms && typeof forms === 'object') for (const [, form] of formsOf(forms)) placeholdersOf(form).forEach((n) => names.add(n));
  }
  return [...names].sort();
}

const compiled = (language: (typeof LANGUAGES)[number]) =>
  Object.fromEntries(Object.entries(flatten(SOURCES[language])).map(([id, text]) => [id, compileMessage(text) as readonly Token[]]));

describe("the server's catalogues (mails, PDFs, messages)", () => {
  const en = compiled('en');

  it.each(['es', 'fr', 'de'] as const)('%s has every English id and no other, the same placeholders, and the plural forms its grammar needs', (language) => {
    const messages = compiled(language);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
    const categories = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
    for (const [id, message] of Object.entries(messages)) {
      expect([id, placeholdersOf(message)]).toEqual([id, placeholdersOf(en[id])]);
      expect([id, pluralsOf(message).length]).toEqual([id, pluralsOf(en[id]).length]);
      for (const forms of pluralsOf(message)) expect([id, forms]).toEqual([id, categories]);
    }
  });

  it('keeps each top-level section in one area file (areas are merged by section)', () => {
    for (const language of LANGUAGES) {
      const sections = AREAS[language].flatMap((area) => Object.keys(area));
      expect([language, sections.length]).toEqual([language, new Set(sections).size]);
    }
  });

  it('English plurals have the forms English grammar needs, and no text is empty', () => {
    for (const language of LANGUAGES)
      for (const [id, text] of Object.entries(flatten(SOURCES[language]))) expect([language, id, text.trim().length > 0]).toEqual([language, id, true]);
    for (const [id, message] of Object.entries(en)) for (const forms of pluralsOf(message)) expect([id, forms]).toEqual([id, ['one', 'other']]);
  });

  it('translates with values and each language’s plural rules and number format', () => {
    expect(translate('en', 'common.lessons', { count: 1 })).toBe('1 lesson');
    expect(translate('de', 'common.lessons', { count: 1000 })).toBe('1.000 Lektionen');
    expect(translate('fr', 'common.lessons', { count: 2 })).toBe('2 leçons');
  });
});

describe('Intl formatting for a customer', () => {
  it('writes money and dates the way each language does, in the site time zone', () => {
    expect(formatMoney({ language: 'en' }, '497.00', 'USD')).toBe('$497.00');
    expect(formatMoney({ language: 'fr' }, '497.00', 'EUR')).toBe('497,00\u00a0€');
    expect(formatMoney({ language: 'de' }, '1297.5', 'EUR')).toBe('1.297,50\u00a0€');
    expect(formatDate({ language: 'es', timeZone: 'UTC' }, '2026-11-29T10:00:00Z')).toBe('29 nov 2026');
    expect(formatDate({ language: 'de', timeZone: 'UTC' }, '2026-11-29T10:00:00Z')).toBe('29. Nov. 2026');
    // 23:30 UTC is already the next day in Berlin.
    expect(formatDate({ language: 'en', timeZone: 'Europe/Berlin' }, '2026-11-29T23:30:00Z')).toBe('Nov 30, 2026');
    expect(formatPercent({ language: 'de' }, 0.19)).toBe('19\u00a0%');
    expect(formatDateTime({ language: 'fr', timeZone: 'UTC' }, '2026-11-29T10:05:00Z')).toBe('29 nov. 2026, 10:05 UTC');
    expect(formatDateTime({ language: 'en', timeZone: 'America/Los_Angeles' }, '2026-11-29T10:05:00Z')).toMatch(/^Nov 29, 2026, 2:05\sAM PST$/);
  });
});

describe('which language to answer in', () => {
  it("is the customer's own, else the page's, else the browser's, else the site's", () => {
    expect(chooseLanguage({ own: 'de', interface: 'fr', acceptLanguage: 'es', site: 'en' })).toBe('de');
    expect(chooseLanguage({ own: null, interface: 'fr', acceptLanguage: 'es', site: 'en' })).toBe('fr');
    expect(chooseLanguage({ interface: 'xx', acceptLanguage: 'pt-BR,es;q=0.8,fr;q=0.9', site: 'en' })).toBe('fr');
    expect(chooseLanguage({ acceptLanguage: 'pt', site: 'de' })).toBe('de');
    expect(chooseLanguage({ site: 'auto' })).toBe('en');
    expect(fromAcceptLanguage('de-CH;q=0.5, en;q=0')).toBe('de');
  });
});

describe("the server's messages", () => {
  it('answers an English message in the reader language, with the values the code inserted', () => {
    expect(localiseMessage('This coupon code is not valid', 'es')).toBe('Este código de cupón no es válido');
    expect(localiseMessage('Please enter a valid email address', 'de')).toBe('Bitte geben Sie eine gültige E-Mail-Adresse ein');
    expect(localiseMessage('Too many failed sign-in attempts. Please wait 42 seconds and try again.', 'fr')).toBe(
      'Trop de tentatives de connexion échouées. Veuillez patienter 42 secondes et réessayer.',
    );
    expect(localiseMessage('The price is 497.00 USD', 'es')).toBe('El precio es 497.00 USD');
    expect(localiseMessage('This coupon code is not valid', 'en')).toBe('This coupon code is not valid');
    expect(localiseMessage('A text nobody catalogued', 'fr')).toBe('A text nobody catalogued');
  });

  it('catalogues texts the code really says (each English message without a placeholder is written somewhere in src)', () => {
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) sources.push(readFileSync(path, 'utf8'));
      }
    };
    walk(join(__dirname, '..', '..'));
    const code = sources.join('\n');
    for (const [id, text] of Object.entries(flatten(SOURCES.en)).filter(([key, value]) => key.startsWith('messages.') && !value.includes('{')))
      expect([id, code.includes(`'${text}'`)]).toEqual([id, true]);
  });
});

import type { Messages } from '@lingui/core';
import { catalogue, i18n } from './i18n';

/** The interface languages of the learner site. */
export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

const isLanguage = (code: string): code is Language => (LANGUAGES as readonly string[]).includes(code);

/** Each other language's strings, in a chunk of its own: English visitors never download them. */
const BUNDLES: Record<Exclude<Language, 'en'>, () => Promise<{ default: unknown }>> = {
  es: () => import('./locales/es.json'),
  fr: () => import('./locales/fr.json'),
  de: () => import('./locales/de.json'),
};

/** The other languages whose strings are loaded (English is bundled). */
const loaded = new Set<Language>();

/**
 * The language the site speaks for a setting: that language, or for `auto`
 * the first of the browser's languages ("de-DE" counts as "de") that the
 * site speaks, else English.
 */
export function resolveLanguage(setting: string | undefined, browserLanguages: readonly string[]): Language {
  if (setting && isLanguage(setting)) return setting;
  if (setting !== 'auto') return 'en';
  for (const tag of browserLanguages) {
    const primary = tag.split('-')[0].toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/**
 * Adopts the strings a page came with (the server writes the landing page's,
 * in the page's language, into the page): the landing page shows nothing
 * else, so it hydrates in that language without downloading the whole
 * catalogue first. For the landing page only: the app's other screens need
 * the whole catalogue, which switchLanguage loads.
 */
export function adoptPageStrings(language: Language, messages: Messages): void {
  i18n.load(language, messages);
  loaded.add(language);
  if (i18n.locale !== language) i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Where the browser remembers the language it was last shown, to fetch its strings early on the next page. */
const REMEMBERED_KEY = 'siteLanguage';

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}

async function loadStrings(language: Language): Promise<void> {
  if (language === 'en' || loaded.has(language)) return;
  const { default: messages } = await BUNDLES[language]();
  i18n.load(language, catalogue(messages));
  loaded.add(language);
}

/** Switches the interface to `language`, loading its strings first, and marks the page with it (`<html lang>`). */
export async function switchLanguage(language: Language): Promise<void> {
  await loadStrings(language);
  // Asking for the language already shown would still re-render every translated screen.
  if (i18n.locale !== language) i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  try {
    localStorage.setItem(REMEMBERED_KEY, language);
  } catch {
    // Storage refused (private mode, quota): the next page fetches the strings once the settings arrive.
  }
}

/**
 * Starts fetching the strings of the language this browser was last shown,
 * while the page starts in English (as prerendered) and asks for the
 * settings: the switch then waits for one answer, not two.
 */
export function preloadRememberedLanguage(): void {
  let remembered: string | null = null;
  try {
    remembered = localStorage.getItem(REMEMBERED_KEY);
  } catch {
    return;
  }
  if (remembered && isLanguage(remembered)) loadStrings(remembered).catch(() => undefined);
}

/** Applies Settings > General > Language as the public configuration gives it. */
export function applyLanguageSetting(setting: string | undefined): Promise<void> {
  return switchLanguage(resolveLanguage(setting, browserLanguages()));
}

import { i18next } from './i18n';
import type { Messages } from './locales/types';

/** The interface languages of the learner site. */
export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Settings > General > Language: one of the languages, or `auto` for the visitor's browser language. */
export type LanguageSetting = Language | 'auto';

const isLanguage = (code: string): code is Language => (LANGUAGES as readonly string[]).includes(code);

/** Each other language's strings, in a chunk of its own: English visitors never download them. */
const BUNDLES: Record<Exclude<Language, 'en'>, () => Promise<{ default: Messages }>> = {
  es: () => import('./locales/es'),
  fr: () => import('./locales/fr'),
  de: () => import('./locales/de'),
};

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

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}

/** Switches the interface to `language`, loading its strings first, and marks the page with it (`<html lang>`). */
export async function switchLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18next.hasResourceBundle(language, 'translation')) {
    const { default: messages } = await BUNDLES[language]();
    i18next.addResourceBundle(language, 'translation', messages);
  }
  // Asking for the language already shown would still re-render every translated screen.
  if (i18next.language !== language) await i18next.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Applies Settings > General > Language as the public configuration gives it. */
export function applyLanguageSetting(setting: string | undefined): Promise<void> {
  return switchLanguage(resolveLanguage(setting, browserLanguages()));
}

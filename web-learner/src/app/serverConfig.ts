import { primeSite, SITE_CONFIG_ID, type PublicConfig } from '../api/site';
import type { Messages } from '@lingui/core';
import { adoptPageStrings, LANGUAGES, switchLanguage, type Language } from '../i18n/language';

/** The id of the JSON the server writes into the landing page in another language than English: the strings it shows. */
export const PAGE_STRINGS_ID = 'page-strings';

function pageStrings(): Messages | null {
  const data = document.getElementById(PAGE_STRINGS_ID)?.textContent;
  if (!data) return null;
  try {
    return JSON.parse(data) as Messages;
  } catch {
    return null;
  }
}

/**
 * The public configuration a page was rendered with on the server (in the
 * site's language, name and currency: backend modules/site/public-pages.ts),
 * or null for the build's English page.
 */
export function serverConfig(): PublicConfig | null {
  const data = typeof document === 'undefined' ? undefined : document.getElementById(SITE_CONFIG_ID)?.textContent;
  if (!data) return null;
  try {
    return JSON.parse(data) as PublicConfig;
  } catch {
    return null;
  }
}

/**
 * Before the app takes over a page the server rendered: the same site
 * (name, price, seller, time zone) and the same language (`<html lang>`, its
 * strings loaded first), so hydration finds what is on screen and nothing
 * moves (the landing page carries its strings: see PAGE_STRINGS_ID). Returns the configuration, or null when the page carries none.
 */
export async function primeFromServer(): Promise<PublicConfig | null> {
  const config = serverConfig();
  if (!config) return null;
  const lang = document.documentElement.lang;
  const known = (LANGUAGES as readonly string[]).includes(lang);
  // The landing page's strings came with it: no download stands between its first paint and hydration.
  const strings = known && lang !== 'en' ? pageStrings() : null;
  if (strings) adoptPageStrings(lang as Language, strings);
  primeSite(config);
  if (known && !strings) await switchLanguage(lang as Language).catch(() => undefined);
  return config;
}

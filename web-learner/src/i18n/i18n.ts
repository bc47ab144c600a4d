import { i18n, type Messages } from '@lingui/core';
import enSite from './locales/en-site.json';

/**
 * The learner site's interface strings, through Lingui (@lingui/core). The
 * catalogues are ICU MessageFormat texts in locales/*.json, compiled to
 * Lingui's tokens while the app is built (vite-plugins/icu-catalogues.ts),
 * so the browser carries no message parser. English is bundled and ready
 * synchronously, so the prerendered pages and their first client render are
 * the same English page: the landing page's strings and the shell's here,
 * each other screen's with that screen's code (english/*.ts, imported by the
 * modules that show them). Spanish, French and German are loaded on demand,
 * whole (language.ts). Course content stays as the admin wrote it.
 *
 * locales/en-site.json holds what the landing page shows (and the shell every
 * page shares); en-auth, en-checkout, en-thank-you, en-learning and
 * en-account.json the rest of the app's English, one per group of screens. Together they are the reference every other
 * language translates, id for id (a test checks it). Counts are ICU plurals,
 * `{count, plural, one {# lesson} other {# lessons}}`, with the categories
 * each language's grammar has (`many` in French and Spanish).
 */
i18n.load('en', catalogue(enSite));

/** The ids of what the landing page shows (and the shell): all the landing page ever asks for, in any language. */
export const SITE_STRING_IDS: readonly string[] = Object.keys(catalogue(enSite));
i18n.activate('en');

/** A catalogue module as the build compiled it (the JSON type TypeScript sees is the uncompiled source). */
export function catalogue(compiled: unknown): Messages {
  return compiled as Messages;
}

export { i18n };

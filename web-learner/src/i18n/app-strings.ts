import { i18next } from './i18n';
import enApp from './locales/en-app';

/**
 * The app's English beyond the landing page, added to the strings i18n.ts
 * starts with: the app's entry (app/start.tsx) and the prerender import it,
 * so the landing page's first load carries only what it shows.
 */
i18next.addResourceBundle('en', 'translation', enApp, true, false);

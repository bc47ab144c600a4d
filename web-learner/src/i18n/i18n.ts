import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enSite from './locales/en-site';

/**
 * The learner site's interface strings (i18next + react-i18next). English is
 * bundled and ready synchronously (the landing page's strings here, the
 * app's in app-strings.ts), so the prerendered pages and their first client
 * render are the same English page; Spanish, French and German are loaded on
 * demand (language.ts). Course content stays as the admin wrote it.
 */
void i18next.use(initReactI18next).init({
  resources: { en: { translation: enSite } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'es', 'fr', 'de'],
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18next };

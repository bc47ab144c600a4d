import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en';

/**
 * The learner site's interface strings (i18next + react-i18next). English is
 * bundled and ready synchronously, so the prerendered pages and their first
 * client render are the same English page; Spanish, French and German are
 * loaded on demand (language.ts). Course content stays as the admin wrote it.
 */
void i18next.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'es', 'fr', 'de'],
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18next };

import type { Messages } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MaintenancePage } from '../../app/MaintenancePage';
import { MAINTENANCE_MESSAGE } from '../../api/maintenance';
import { NotFoundPage } from '../../app/NotFoundPage';
import { ForgotPasswordPage } from '../../features/auth/ForgotPasswordPage';
import { LoginPage } from '../../features/auth/LoginPage';
import { LandingPage } from '../../features/landing/LandingPage';
import { noAnswer, server } from '../../test/server';
import '../english/learning';
import { catalogue, i18n } from '../i18n';
import { applyLanguageSetting, LANGUAGES, resolveLanguage, switchLanguage, type Language } from '../language';
import deJson from '../locales/de.json';
import enAccountJson from '../locales/en-account.json';
import enAuthJson from '../locales/en-auth.json';
import enCheckoutJson from '../locales/en-checkout.json';
import enLearningJson from '../locales/en-learning.json';
import enThankYouJson from '../locales/en-thank-you.json';
import enSiteJson from '../locales/en-site.json';
import esJson from '../locales/es.json';
import frJson from '../locales/fr.json';

// The catalogues as the build compiles them (vite-plugins/icu-catalogues.ts): flat ids, Lingui tokens.
const enSite = catalogue(enSiteJson);
const en: Messages = Object.assign({}, enSite, ...[enAuthJson, enCheckoutJson, enThankYouJson, enLearningJson, enAccountJson].map(catalogue)) as Messages;
const BUNDLES: Record<Language, Messages> = { en, es: catalogue(esJson), fr: catalogue(frJson), de: catalogue(deJson) };

type Token = CompiledMessage[number];

/** The plural choices of a message (`{count, plural, one {...} other {...}}`), each with its categories. */
function pluralsOf(message: CompiledMessage | readonly Token[]): string[][] {
  const found: string[][] = [];
  for (const token of message) {
    if (!Array.isArray(token)) continue;
    const [, format, forms] = token as [string, string?, Record<string, CompiledMessage>?];
    if ((format === 'plural' || format === 'selectordinal') && forms) {
      found.push(Object.keys(forms).sort());
      for (const form of Object.values(forms)) found.push(...pluralsOf(form));
    }
  }
  return found;
}

/** What a message inserts ({name}, {count, number}), which every translation must keep. */
function placeholdersOf(message: CompiledMessage | readonly Token[]): string[] {
  const names = new Set<string>();
  for (const token of message) {
    if (!Array.isArray(token)) continue;
    const [name, , forms] = token as [string, string?, Record<string, CompiledMessage>?];
    if (name !== '#') names.add(name);
    if (forms && typeof forms === 'object') for (const form of Object.values(forms)) placeholdersOf(form).forEach((n) => names.add(n));
  }
  return [...names].sort();
}

const asMessage = (value: Messages[string]) => (typeof value === 'string' ? [value] : value);
/** A message as the visitor reads it (its literal parts), to tell a translation from the English it replaces. */
const wording = (value: Messages[string]) => JSON.stringify(value);

describe('interface languages', () => {
  it.each(['es', 'fr', 'de'] as const)('%s has every English id, no id English lacks, and the plural forms its grammar needs', (language) => {
    const messages = BUNDLES[language];
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
    const categories = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
    for (const [id, message] of Object.entries(messages)) {
      const englishPlurals = pluralsOf(asMessage(en[id]));
      expect([id, pluralsOf(asMessage(message)).length]).toEqual([id, englishPlurals.length]);
      for (const forms of pluralsOf(asMessage(message))) expect([id, forms]).toEqual([id, categories]);
    }
  });

  it('English plurals have the forms English grammar needs', () => {
    const plural = Object.entries(en).filter(([, m]) => pluralsOf(asMessage(m)).length > 0);
    expect(plural.length).toBeGreaterThan(5);
    for (const [id, message] of plural) for (const forms of pluralsOf(asMessage(message))) expect([id, forms]).toEqual([id, ['one', 'other']]);
  });

  it.each(['es', 'fr', 'de'] as const)('%s keeps the placeholders of each English text, and translates it', (language) => {
    const messages = BUNDLES[language];
    for (const [id, message] of Object.entries(messages)) {
      expect([id, placeholdersOf(asMessage(message))]).toEqual([id, placeholdersOf(asMessage(en[id]))]);
      expect(wording(message).replace(/[\s"[\],]/g, '')).not.toBe('');
    }
    const translated = Object.entries(messages).filter(([id, message]) => wording(message) !== wording(en[id])).length;
    // Brand-like words (Legal, Support:, Email:) may stay the same; the interface as a whole does not.
    expect(translated / Object.keys(messages).length).toBeGreaterThan(0.9);
  });

  it('follows the setting, and for auto the first browser language the site speaks, else English', () => {
    expect(resolveLanguage('es', ['de-DE'])).toBe('es');
    expect(resolveLanguage('fr', [])).toBe('fr');
    expect(resolveLanguage('en', ['de-DE'])).toBe('en');
    expect(resolveLanguage('auto', ['de-DE', 'en-US'])).toBe('de');
    expect(resolveLanguage('auto', ['it-IT', 'pt', 'FR-ca'])).toBe('fr');
    expect(resolveLanguage('auto', ['it-IT', 'ja'])).toBe('en');
    expect(resolveLanguage('auto', [])).toBe('en');
    expect(resolveLanguage(undefined, ['de'])).toBe('en');
    expect(resolveLanguage('xx', ['de'])).toBe('en');
  });
});

describe('pages in each language', () => {
  // The API does not answer: the pages show their interface alone.
  beforeEach(() => server.use(noAnswer));
  afterEach(async () => {
    await act(() => switchLanguage('en'));
  });

  function renderPage(element: React.ReactNode, path = '/') {
    const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  /** No text on the page is a raw key ("landing.title") or an untranslated placeholder. */
  function expectNoRawKeys() {
    const text = document.body.textContent ?? '';
    const sections = [...new Set(Object.keys(en).map((id) => id.split('.')[0]))].join('|');
    expect(text).not.toMatch(new RegExp(`\\b(${sections})\\.[a-zA-Z]+`));
    expect(text).not.toContain('{{');
    for (const element of document.querySelectorAll('[aria-label]')) expect(element.getAttribute('aria-label')).not.toMatch(new RegExp(`^(${sections})\\.`));
  }

  const EXPECTED: Record<Exclude<Language, 'en'>, { hero: string; join: string; signIn: string; forgot: string; notFound: string; maintenance: string }> = {
    es: {
      hero: 'Convierte el tráfico en ingresos recurrentes',
      join: 'ÚNETE AHORA',
      signIn: 'Iniciar sesión',
      forgot: 'Enviar enlace de restablecimiento',
      notFound: 'Página no encontrada',
      maintenance: 'Volvemos enseguida',
    },
    fr: {
      hero: 'Transformez le trafic en revenus récurrents',
      join: 'REJOINDRE',
      signIn: 'Se connecter',
      forgot: 'Envoyer le lien de réinitialisation',
      notFound: 'Page introuvable',
      maintenance: 'Nous revenons très vite',
    },
    de: {
      hero: 'Mach aus Traffic wiederkehrende Einnahmen',
      join: 'JETZT BEITRETEN',
      signIn: 'Anmelden',
      forgot: 'Link zum Zurücksetzen senden',
      notFound: 'Seite nicht gefunden',
      maintenance: 'Wir sind gleich zurück',
    },
  };

  it.each(['es', 'fr', 'de'] as const)('the landing, sign-in, forgot-password, not-found and maintenance pages speak %s', async (language) => {
    await act(() => applyLanguageSetting(language));
    expect(document.documentElement.lang).toBe(language);
    const expected = EXPECTED[language];

    renderPage(<LandingPage />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(expected.hero);
    expect(screen.getAllByRole('link', { name: expected.join }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: i18n._('footer.terms') })).toBeTruthy();
    expect(i18n._('footer.terms')).not.toBe('Terms of Service');
    expect(i18n.locale).toBe(language);
    expect(screen.queryByText('Everything you need to launch and scale')).toBeNull();
    expectNoRawKeys();
    document.body.innerHTML = '';

    renderPage(<LoginPage />, '/login');
    expect(await screen.findByRole('button', { name: expected.signIn })).toBeTruthy();
    expect(screen.getByLabelText(i18n._('auth.email'))).toBeTruthy();
    expect(screen.queryByText('Welcome back')).toBeNull();
    expectNoRawKeys();
    document.body.innerHTML = '';

    renderPage(<ForgotPasswordPage />, '/forgot-password');
    expect(await screen.findByRole('button', { name: expected.forgot })).toBeTruthy();
    expectNoRawKeys();
    document.body.innerHTML = '';

    renderPage(<NotFoundPage />, '/nowhere');
    expect(await screen.findByRole('heading', { name: expected.notFound })).toBeTruthy();
    expectNoRawKeys();
    document.body.innerHTML = '';

    render(<MaintenancePage message={MAINTENANCE_MESSAGE} />);
    expect(screen.getByRole('heading', { name: expected.maintenance })).toBeTruthy();
    expect(screen.getByText(i18n._('maintenance.message'))).toBeTruthy();
    expectNoRawKeys();
  });

  it('counts in each language with its plural rules and number format', async () => {
    for (const language of ['es', 'fr', 'de'] as const) await act(() => switchLanguage(language));
    const say = (language: Language, id: string, values: Record<string, unknown>) => {
      i18n.activate(language);
      return i18n._(id, values);
    };
    const lessons = (count: number, language: Language) => say(language, 'courses.lessons', { count });
    expect([lessons(1, 'en'), lessons(0, 'en'), lessons(2, 'en'), lessons(1200, 'en')]).toEqual(['1 lesson', '0 lessons', '2 lessons', '1,200 lessons']);
    expect([lessons(1, 'es'), lessons(2, 'es'), lessons(1_000_000, 'es')]).toEqual(['1 lección', '2 lecciones', '1.000.000 de lecciones']);
    expect([lessons(1, 'fr'), lessons(0, 'fr'), lessons(2, 'fr')]).toEqual(['1 leçon', '0 leçon', '2 leçons']);
    expect([lessons(1, 'de'), lessons(2, 'de'), lessons(1200, 'de')]).toEqual(['1 Lektion', '2 Lektionen', '1.200 Lektionen']);
    expect(say('en', 'search.results', { count: 1 })).toBe('1 result');
    expect(say('en', 'search.results', { count: 2500 })).toBe('2,500 results');
    expect(say('de', 'courses.rated', { count: 3, rating: '4.5' })).toBe('Mit 4.5 von 5 bewertet von 3 Lernenden');
    expect(say('fr', 'courses.completedOf', { count: 12, done: 3 })).toBe('3 leçons terminées sur 12');
    await act(() => switchLanguage('en'));
  });

  it('draws the landing page from the strings its first load carries (en-site.json), without the app strings', async () => {
    // English as the landing page's own entry (startLanding) has it: en-site alone.
    act(() => i18n.loadAndActivate({ locale: 'en', messages: { ...enSite } }));
    try {
      render(
        <>
          <LandingPage />
          <MaintenancePage message={MAINTENANCE_MESSAGE} />
        </>,
      );
      expect(await screen.findByRole('heading', { name: 'Turn traffic into recurring revenue' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: "We'll be back soon" })).toBeTruthy();
      expectNoRawKeys();
    } finally {
      act(() => i18n.loadAndActivate({ locale: 'en', messages: { ...en } }));
    }
  });

  it('loads a language once and switches back to English with <html lang="en">', async () => {
    await act(() => switchLanguage('de'));
    expect([i18n.locale, i18n._('auth.login.submit')]).toEqual(['de', 'Anmelden']);
    // The next page fetches German early (startApp / startLanding), before the settings answer.
    expect(localStorage.getItem('siteLanguage')).toBe('de');
    await act(() => switchLanguage('en'));
    expect(document.documentElement.lang).toBe('en');
    renderPage(<LandingPage />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Turn traffic into recurring revenue');
    expect(LANGUAGES).toEqual(['en', 'es', 'fr', 'de']);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MaintenancePage } from '../../app/MaintenancePage';
import { MAINTENANCE_MESSAGE } from '../../api/maintenance';
import { NotFoundPage } from '../../app/NotFoundPage';
import { ForgotPasswordPage } from '../../features/auth/ForgotPasswordPage';
import { LoginPage } from '../../features/auth/LoginPage';
import { LandingPage } from '../../features/landing/LandingPage';
import { i18next } from '../i18n';
import { applyLanguageSetting, LANGUAGES, resolveLanguage, switchLanguage, type Language } from '../language';
import de from '../locales/de';
import enApp from '../locales/en-app';
import enSite from '../locales/en-site';
import type { Messages } from '../locales/types';
import es from '../locales/es';
import fr from '../locales/fr';

const en: Messages = { ...enSite, ...enApp };
const BUNDLES: Record<Language, Messages> = { en, es, fr, de };
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every key of a bundle ("auth.login.title"), with its text. */
function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** What a text inserts ({{name}}) and the tags it wraps (<del>), which every translation must keep. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}|<\/?(\w+)>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();

describe('interface languages', () => {
  const reference = flatten(en);
  const singular = [...reference.keys()].filter((k) => !PLURAL.test(k));
  const plurals = new Set([...reference.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));

  it.each(['es', 'fr', 'de'] as const)('%s has every English key, no key English lacks, and the plural forms its grammar needs', (language) => {
    const keys = flatten(BUNDLES[language]);
    expect([...keys.keys()].filter((k) => !PLURAL.test(k)).sort()).toEqual([...singular].sort());
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const expected = [...plurals].flatMap((base) => categories.map((c) => `${base}_${c}`)).sort();
    expect([...keys.keys()].filter((k) => PLURAL.test(k)).sort()).toEqual(expected);
  });

  it.each(['es', 'fr', 'de'] as const)('%s keeps the placeholders and tags of each English text, and translates it', (language) => {
    const keys = flatten(BUNDLES[language]);
    for (const [key, text] of keys) {
      const english = reference.get(key) ?? reference.get(key.replace(PLURAL, '_other'))!;
      expect([key, placeholders(text)]).toEqual([key, placeholders(english)]);
      expect(text.trim()).not.toBe('');
    }
    const translated = [...keys].filter(([key, text]) => text !== reference.get(key)).length;
    // Brand-like words (Legal, Support:, Email:) may stay the same; the interface as a whole does not.
    expect(translated / keys.size).toBeGreaterThan(0.9);
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
  const fetchMock = vi.fn();

  beforeEach(() => {
    fetchMock.mockReset();
    // The API does not answer: the pages show their interface alone.
    fetchMock.mockImplementation(() => new Promise(() => undefined));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
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
    const sections = Object.keys(en).join('|');
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
    expect(screen.getByRole('link', { name: (BUNDLES[language].footer as Messages).terms as string })).toBeTruthy();
    expect(i18next.language).toBe(language);
    expect(screen.queryByText('Everything you need to launch and scale')).toBeNull();
    expectNoRawKeys();
    document.body.innerHTML = '';

    renderPage(<LoginPage />, '/login');
    expect(await screen.findByRole('button', { name: expected.signIn })).toBeTruthy();
    expect(screen.getByLabelText((BUNDLES[language].auth as Messages).email as string)).toBeTruthy();
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
    expect(screen.getByText((BUNDLES[language].maintenance as Messages).message as string)).toBeTruthy();
    expectNoRawKeys();
  });

  it('counts in each language with its plural rules and number format', async () => {
    for (const language of ['es', 'fr', 'de'] as const) await act(() => switchLanguage(language));
    await act(() => switchLanguage('en'));
    const lessons = (count: number, lng: Language) => i18next.t('courses.lessons', { count, lng });
    expect([lessons(1, 'en'), lessons(0, 'en'), lessons(2, 'en'), lessons(1200, 'en')]).toEqual(['1 lesson', '0 lessons', '2 lessons', '1,200 lessons']);
    expect([lessons(1, 'es'), lessons(2, 'es'), lessons(1_000_000, 'es')]).toEqual(['1 lección', '2 lecciones', '1.000.000 de lecciones']);
    expect([lessons(1, 'fr'), lessons(0, 'fr'), lessons(2, 'fr')]).toEqual(['1 leçon', '0 leçon', '2 leçons']);
    expect([lessons(1, 'de'), lessons(2, 'de'), lessons(1200, 'de')]).toEqual(['1 Lektion', '2 Lektionen', '1.200 Lektionen']);
    expect(i18next.t('search.results', { count: 1, lng: 'en' })).toBe('1 result');
    expect(i18next.t('courses.rated', { count: 3, rating: '4.5', lng: 'de' })).toBe('Mit 4.5 von 5 bewertet von 3 Lernenden');
  });

  it('draws the landing page from the strings its first load carries (en-site.ts), without the app strings', async () => {
    const landingOnly = i18next.createInstance();
    await landingOnly.init({ resources: { en: { translation: enSite } }, lng: 'en', interpolation: { escapeValue: false } });
    render(
      <I18nextProvider i18n={landingOnly}>
        <LandingPage />
        <MaintenancePage message={MAINTENANCE_MESSAGE} />
      </I18nextProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Turn traffic into recurring revenue' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: "We'll be back soon" })).toBeTruthy();
    expectNoRawKeys();
  });

  it('loads a language once and switches back to English with <html lang="en">', async () => {
    await act(() => switchLanguage('de'));
    expect(i18next.hasResourceBundle('de', 'translation')).toBe(true);
    // The next page fetches German early (startApp / startLanding), before the settings answer.
    expect(localStorage.getItem('siteLanguage')).toBe('de');
    await act(() => switchLanguage('en'));
    expect(document.documentElement.lang).toBe('en');
    renderPage(<LandingPage />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Turn traffic into recurring revenue');
    expect(LANGUAGES).toEqual(['en', 'es', 'fr', 'de']);
  });
});

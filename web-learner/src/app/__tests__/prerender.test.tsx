import { waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prerenderPage } from '../../entry-server';
import { PAGE_META } from '../pageMeta';
import { dropStaleMarkup } from '../boot';
import { startApp } from '../start';
import { primeFromServer, startLanding } from '../startLanding';
import { primeFromServer as primeAppFromServer } from '../start';
import { LEGAL_PAGE_ID, type LegalPageContent } from '../../api/legal';
import { primeSite, SITE_CONFIG_ID, type PublicConfig } from '../../api/site';
import { queryKeys } from '../../api/queries';
import { queryClient } from '../queryClient';
import { switchLanguage } from '../../i18n/language';
import { i18n } from '../../i18n/i18n';
import { noAnswer, recordRequests, server } from '../../test/server';
import { PAGE_STRINGS_ID } from '../serverConfig';

/** What scripts/prerender.mjs puts in the page: the markup in #root, marked with the path it was rendered for. */
async function openPrerendered(path: string, address = path): Promise<HTMLElement> {
  const { html } = await prerenderPage(path);
  window.history.replaceState(null, '', address);
  document.body.innerHTML = `<div id="root" data-prerendered="${path}">${html}</div>`;
  return document.getElementById('root')!;
}

describe('prerendered public pages', () => {
  beforeEach(() => {
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    // The API does not answer: every page stays as it is first drawn.
    server.use(noAnswer);
    // jsdom has no scrolling (the router restores the scroll position).
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it.each([
    ['/', 'Turn traffic into recurring revenue', 'Affiliate Academy'],
    ['/payment', 'Lifetime Access', 'Checkout · Affiliate Academy'],
    ['/login', 'Welcome back', 'Sign in · Affiliate Academy'],
    ['/forgot-password', 'Forgot your password?', 'Forgot password · Affiliate Academy'],
    ['/terms-of-service', 'Terms of Service', 'Terms of Service · Affiliate Academy'],
    ['/privacy-policy', 'Privacy Policy', 'Privacy Policy · Affiliate Academy'],
    ['/refund-policy', 'Refund Policy', 'Refund Policy · Affiliate Academy'],
  ])('%s is rendered ahead with its heading and title, and hydrates without a mismatch', async (path, heading, title) => {
    const page = await prerenderPage(path);
    expect(page.title).toBe(title);
    const container = await openPrerendered(path);
    expect(container.querySelector('h1')?.textContent).toBe(heading);
    const markup = container.innerHTML;
    const consoleErrors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();

    let mode: string | undefined;
    await act(async () => {
      // The landing page starts on its own (landing.tsx), the others with the app (main.tsx).
      mode = path === '/' ? startLanding(container, { onRecoverableError: recoverable }) : startApp(container, { onRecoverableError: recoverable });
    });
    expect(mode).toBe('hydrated');
    // React owns the page once the screen's code has arrived (it hydrates each lazy screen then).
    const h1 = container.querySelector('h1')!;
    await waitFor(() => expect(Object.keys(h1).some((key) => key.startsWith('__reactFiber$'))).toBe(true));

    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleErrors).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(markup);
    // The app runs: it keeps the title of the page.
    expect(document.title).toBe(title);
  });

  it('carries the description of each page', async () => {
    expect((await prerenderPage('/payment')).meta).toEqual(PAGE_META.payment);
    expect((await prerenderPage('/')).meta).toEqual(PAGE_META.landing);
  });

  /** Types into a field of the prerendered page the way a browser does before any script runs (no React listener yet). */
  function typeBeforeHydration(field: HTMLInputElement, value: string) {
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }

  /** Starts the app on the prerendered page and waits until React owns `element`. */
  async function hydrate(container: HTMLElement, element: Element) {
    await act(async () => {
      startApp(container);
    });
    await waitFor(() => expect(Object.keys(element).some((key) => key.startsWith('__reactFiber$'))).toBe(true));
  }

  it('keeps what a visitor typed into the sign-in form before the page was hydrated: Sign In is enabled and sends it', async () => {
    const sent = recordRequests();
    const container = await openPrerendered('/login');
    const email = container.querySelector<HTMLInputElement>('input[type="email"]')!;
    const password = container.querySelector<HTMLInputElement>('input[autocomplete="current-password"]')!;
    const button = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Sign In')!;
    expect(button.disabled).toBe(true);
    typeBeforeHydration(email, 'early@example.com');
    typeBeforeHydration(password, 'typed before the script ran');

    await hydrate(container, email);
    const signIn = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Sign In')!;
    await waitFor(() => expect(signIn.disabled).toBe(false));
    await act(async () => {
      signIn.click();
    });
    const login = sent.find((request) => request.path === '/api/auth/login')!;
    expect(await login.json()).toMatchObject({ email: 'early@example.com', password: 'typed before the script ran' });
  });

  it('keeps an email typed into the checkout before the page was hydrated: the form checks that email', async () => {
    const container = await openPrerendered('/payment');
    const email = container.querySelector<HTMLInputElement>('input[type="email"]')!;
    typeBeforeHydration(email, 'not-an-email');

    await hydrate(container, email);
    await act(async () => {
      email.focus();
      email.blur();
    });
    expect(email.value).toBe('not-an-email');
    await waitFor(() => expect(container.textContent).toContain('Please enter a valid email address'));
  });

  it('drops markup prerendered for another address as soon as the entry runs, and keeps the page of this very address', async () => {
    const stale = await openPrerendered('/login', '/login?redirect=%2Fcourse%2F7');
    expect(stale.querySelector('input')).not.toBeNull();
    expect(dropStaleMarkup(stale)).toBe(true);
    expect([stale.childNodes.length, stale.dataset.prerendered]).toEqual([0, undefined]);

    const current = await openPrerendered('/login');
    const markup = current.innerHTML;
    expect(dropStaleMarkup(current)).toBe(false);
    expect(current.innerHTML).toBe(markup);
  });

  it('keeps the page of this very address opened through a referral or campaign link', async () => {
    const referred = await openPrerendered('/payment', '/payment?ref=MAYA30&utm_source=newsletter');
    const markup = referred.innerHTML;
    expect(dropStaleMarkup(referred)).toBe(false);
    expect(referred.innerHTML).toBe(markup);
  });

  it('renders from scratch an address whose query string the prerendered page did not know', async () => {
    const container = await openPrerendered('/payment', '/payment?cancelled=1');
    let mode: string | undefined;
    await act(async () => {
      mode = startApp(container);
    });
    expect(mode).toBe('rendered');
    await waitFor(() => expect(container.textContent).toContain('Your previous payment was not completed.'));
  });

  describe("rendered by the server in the site's language and currency", () => {
    const config: PublicConfig = {
      siteName: 'Akademie',
      siteDescription: '',
      timeZone: 'Europe/Berlin',
      language: 'de',
      price: { amount: '297.00', compareAt: '597.00', currency: 'EUR' },
      paymentMethods: ['crypto', 'card', 'paypal'],
      currencies: [{ code: 'USDT', name: 'Tether', networks: ['Tron (TRC-20)'] }],
      passwordPolicy: { minScore: 3 },
      demoMode: false,
      maintenanceMode: false,
      groupChatUrl: '',
      seller: { name: 'Akademie GmbH', address: 'Hauptstraße 1, 10115 Berlin' },
      support: { email: 'hilfe@example.com', url: '' },
    };

    afterEach(async () => {
      primeSite(null);
      await switchLanguage('en');
      document.documentElement.lang = 'en';
    });

    /** The German terms as the API renders them (backend modules/legal), placeholders filled from the settings above. */
    const terms: LegalPageContent = {
      page: 'terms',
      language: 'de',
      html: '<h2>1. Zugang</h2>\n<p>Eine einmalige Zahlung von <span data-placeholder="price">297\u00a0€</span> an <span data-placeholder="sellerName">Akademie GmbH</span>.</p>',
      isDefault: true,
      updatedAt: '2026-01-01T00:00:00.000Z',
    };

    /** The page as backend modules/site/public-pages.ts sends it: German markup, <html lang="de">, the configuration (and legal text) it was drawn with. */
    async function openServerRendered(path: string): Promise<HTMLElement> {
      const legalPage = path === '/terms-of-service' ? terms : undefined;
      const { html, title, strings } = await prerenderPage(path, { config, language: 'de', legalPage });
      // The browser starts from nothing the server knew: English and the defaults until the page's own data is read.
      primeSite(null);
      queryClient.removeQueries({ queryKey: queryKeys.legalPages });
      await switchLanguage('en');
      document.documentElement.lang = 'de';
      document.title = title;
      window.history.replaceState(null, '', path);
      const legal = legalPage ? `<script type="application/json" id="${LEGAL_PAGE_ID}">${JSON.stringify(legalPage)}</script>` : '';
      // The landing page carries the strings it shows; the app's pages do not (they load the language's catalogue).
      expect(strings === undefined).toBe(path !== '/');
      const own = strings ? `<script type="application/json" id="${PAGE_STRINGS_ID}">${JSON.stringify(strings)}</script>` : '';
      document.body.innerHTML = `<script type="application/json" id="${SITE_CONFIG_ID}">${JSON.stringify(config)}</script>${legal}${own}<div id="root" data-prerendered="${path}">${html}</div>`;
      return document.getElementById('root')!;
    }

    it.each([
      ['/', 'Akademie'],
      ['/terms-of-service', 'Nutzungsbedingungen · Akademie'],
    ])('%s is first drawn in German with the Euro price, and hydrates without changing a character', async (path, title) => {
      // The description in German too, the price as German writes it.
      expect((await prerenderPage(path, { config, language: 'de' })).description).toBe(
        path === '/'
          ? 'Lernen Sie Affiliate-Marketing und Traffic-Arbitrage im Online-Glücksspielbereich: Kurse, Automatisierungs-Workflows, eine Datenbank mit Kurzvideo-Inhalten und ein Ressourcenbereich für Mitglieder. Lebenslanger Zugang für 297\u00a0€, einmalig.'
          : 'Die Bedingungen für Ihre Nutzung der Kurse und des Mitgliederbereichs.',
      );
      const container = await openServerRendered(path);
      const markup = container.innerHTML;
      // No dollar price anywhere (the members' income claim, "~10.000 $/Monat", is a figure of the copy, not the price).
      expect(markup).not.toMatch(/\$\s?\d/);
      expect(markup).not.toContain('497');
      if (path === '/') {
        expect(container.querySelector('[data-testid="landing-price"]')?.textContent).toBe('297\u00a0€');
        expect(container.textContent).toContain('einmalig');
      } else {
        // The text of the page in German, in the HTML itself: no English flash, nothing to load.
        expect(container.querySelector('[data-placeholder="price"]')?.textContent).toBe('297\u00a0€');
        expect(container.querySelector('h2')?.textContent).toBe('1. Zugang');
        expect(container.textContent).toContain('Zuletzt aktualisiert: 01.01.2026');
        expect(container.textContent).toContain('Zurück zur Startseite');
      }
      expect(container.textContent).toContain('Akademie GmbH');

      const consoleErrors = vi.spyOn(console, 'error');
      const recoverable = vi.fn();
      await act(async () => {
        if (path === '/') {
          await primeFromServer();
          startLanding(container, { onRecoverableError: recoverable });
        } else {
          await primeAppFromServer();
          startApp(container, { onRecoverableError: recoverable });
        }
      });
      const h1 = container.querySelector('h1')!;
      await waitFor(() => expect(Object.keys(h1).some((key) => key.startsWith('__reactFiber$'))).toBe(true));
      expect(recoverable).not.toHaveBeenCalled();
      expect(consoleErrors).not.toHaveBeenCalled();
      expect(container.innerHTML).toBe(markup);
      expect(document.title).toBe(title);
    });

    it("the landing page's own strings are all it needs: drawn in German from them alone, it is the page the server sent", async () => {
      const { html, strings } = await prerenderPage('/', { config, language: 'de' });
      expect(strings).toBeDefined();
      // The same page drawn with nothing but those strings (every other German one removed) is the page the server sent.
      const full = { ...i18n.messages };
      try {
        i18n.loadAndActivate({ locale: 'de', messages: strings! });
        // Lingui merges on load: the removal has to replace the catalogue (see afterEach, which reloads it whole).
        expect(Object.keys(i18n.messages)).toHaveLength(Object.keys(strings!).length);
        const again = await prerenderPage('/', { config, language: 'de' });
        expect(again.html).toBe(html);
      } finally {
        i18n.loadAndActivate({ locale: 'de', messages: full });
      }
      // Much less than the whole German catalogue.
      expect(Object.keys(strings!).length).toBeLessThan(Object.keys(full).length / 2);
    });
  });
});

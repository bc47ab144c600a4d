import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { LegalPageContent } from '../../../api/legal';
import { legalPageQuery } from '../../../api/queries';
import { primeSite } from '../../../api/site';
import { switchLanguage } from '../../../i18n/language';
import { recordRequests, server, type SentRequest } from '../../../test/server';
import { PrivacyPage } from '../PrivacyPage';
import { RefundPage } from '../RefundPage';
import { TermsPage } from '../TermsPage';

/** The public configuration after the seller switched to euros and moved (Settings > Payments and > General), with German as the interface language. */
const CONFIG = {
  siteName: 'Northwind Academy',
  siteDescription: '',
  timeZone: 'Europe/Berlin',
  language: 'de',
  price: { amount: '449.00', compareAt: '899.00', currency: 'EUR' },
  paymentMethods: ['crypto'],
  currencies: [],
  passwordPolicy: { minScore: 3 },
  demoMode: false,
  maintenanceMode: false,
  groupChatUrl: '',
  support: { email: 'help@northwind.example', url: '' },
  seller: { name: 'Northwind GmbH', address: 'Hauptstr. 5, 10115 Berlin' },
} as const;

/** What the API answers for a page in a language (the seller's German terms, the built-in text otherwise). */
function legalAnswer(page: LegalPageContent['page'], language: LegalPageContent['language']): LegalPageContent {
  if (page === 'terms' && language === 'de') {
    return {
      page,
      language,
      html: '<h2>1. Zugang</h2>\n<p>Einmalig <span data-placeholder="price">449\u00a0€</span> an <span data-placeholder="sellerName">Northwind GmbH</span>, siehe <a href="/refund-policy">Erstattung</a>.</p>',
      isDefault: false,
      updatedAt: '2026-11-20T10:00:00.000Z',
    };
  }
  return { page, language, html: `<h2>1. ${page} in ${language}</h2>`, isDefault: true, updatedAt: '2026-01-01T00:00:00.000Z' };
}

describe('the legal pages show the text of the console in the interface language', () => {
  let client: QueryClient;
  let sent: SentRequest[];

  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    server.use(
      http.get('/api/legal-pages/:page', ({ params, request }) =>
        HttpResponse.json(
          legalAnswer(params.page as LegalPageContent['page'], (new URL(request.url).searchParams.get('language') ?? 'en') as LegalPageContent['language']),
        ),
      ),
      http.get('/api/public-config', () => HttpResponse.json(CONFIG)),
      http.all('/api/*', () => new HttpResponse(null, { status: 404 })),
    );
    sent = recordRequests();
  });
  afterAll(async () => {
    primeSite(null);
    await act(() => switchLanguage('en'));
  });

  const legalCalls = () => sent.filter((request) => request.path.startsWith('/api/legal-pages/')).map((request) => `${request.path}?${request.query}`);

  const renderAt = (path: string) =>
    render(
      <QueryClientProvider client={client}>
        <RouterProvider
          router={createMemoryRouter(
            [
              { path: '/terms-of-service', element: <TermsPage /> },
              { path: '/privacy-policy', element: <PrivacyPage /> },
              { path: '/refund-policy', element: <RefundPage /> },
            ],
            { initialEntries: [path] },
          )}
        />
      </QueryClientProvider>,
    );

  it('asks for the page in the interface language and shows its HTML, title and date in that language', async () => {
    await act(() => switchLanguage('de'));
    renderAt('/terms-of-service');
    const text = await screen.findByTestId('legal-text');
    expect(legalCalls()).toEqual(['/api/legal-pages/terms?language=de']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Nutzungsbedingungen');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('1. Zugang');
    expect(text.querySelector('[data-placeholder="price"]')!.textContent).toBe('449\u00a0€');
    expect(text.textContent).toContain('Northwind GmbH');
    expect(screen.getByText(/^Zuletzt aktualisiert: /).textContent).toBe('Zuletzt aktualisiert: 20.11.2026');

    // A link of the text to another legal page moves within the app, to that page in the same language.
    await userEvent.setup().click(screen.getByRole('link', { name: 'Erstattung' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Rückerstattungsrichtlinie'));
    expect((await screen.findByTestId('legal-text')).textContent).toBe('1. refund in de');
    expect(legalCalls()).toEqual(['/api/legal-pages/terms?language=de', '/api/legal-pages/refund?language=de']);
  });

  it('follows a change of the interface language', async () => {
    await act(() => switchLanguage('en'));
    renderAt('/privacy-policy');
    expect((await screen.findByTestId('legal-text')).textContent).toBe('1. privacy in en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy Policy');
    // The built-in text's date is a calendar day, whatever the zone.
    expect(screen.getByText(/^Last updated: /).textContent).toBe('Last updated: Jan 1, 2026');
    await act(() => switchLanguage('fr'));
    await waitFor(() => expect(screen.getByTestId('legal-text').textContent).toBe('1. privacy in fr'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Politique de confidentialité');
  });

  it('draws the text the server rendered the page with at once, without asking for it (the first paint of a server-rendered page)', async () => {
    await act(() => switchLanguage('de'));
    // What entry-server.tsx and start.tsx do with the text the server sends along.
    client.setQueryData(legalPageQuery('terms', 'de').queryKey, legalAnswer('terms', 'de'));
    renderAt('/terms-of-service');
    const text = screen.getByTestId('legal-text');
    expect(text.textContent!.replace(/\n/g, '')).toBe('1. ZugangEinmalig 449\u00a0€ an Northwind GmbH, siehe Erstattung.');
    expect(text.querySelector('a')!.getAttribute('href')).toBe('/refund-policy');
    expect(legalCalls()).toEqual([]);
  });
});

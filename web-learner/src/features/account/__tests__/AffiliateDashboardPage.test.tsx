import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endSession, startSession } from '../../../auth/session';
import { switchLanguage } from '../../../i18n/language';
import { recordRequests, server } from '../../../test/server';
import { AffiliateDashboardPage } from '../affiliate/AffiliateDashboardPage';
import { affiliate, dashboard } from './affiliateFixtures';

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AffiliateDashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Each commission state's figure in one currency's tiles. */
const commissionIn = (currency: string) =>
  within(screen.getByTestId(`commission-${currency}`))
    .getAllByRole('definition')
    .map((figure) => `${figure.previousElementSibling!.textContent} ${figure.textContent}`);

describe('the affiliate dashboard', () => {
  beforeEach(async () => {
    await act(() => switchLanguage('en'));
    startSession('learner-token', 'maya@example.com');
  });
  afterEach(async () => {
    endSession();
    await act(() => switchLanguage('en'));
  });

  it('shows an approved affiliate the clicks, checkouts and sales, the commission per currency, the chart and the recent commissions', async () => {
    server.use(
      http.get('/api/affiliates/me', () => HttpResponse.json({ affiliate: affiliate() })),
      http.get('/api/affiliates/me/dashboard', () => HttpResponse.json(dashboard())),
    );
    const sent = recordRequests();
    renderPage();

    expect((await screen.findByTestId('tile-clicks')).textContent).toBe('Clicks1,250');
    expect(screen.getByTestId('tile-checkouts').textContent).toBe('Checkouts started42');
    expect(screen.getByTestId('tile-sales').textContent).toBe('Sales9');
    expect(commissionIn('USD')).toEqual(['Pending $298.20', 'Approved $149.10', 'Paid $447.30', 'Reversed $149.10']);
    expect(commissionIn('EUR')).toEqual(['Pending €134.85', 'Approved €0.00', 'Paid €0.00', 'Reversed €0.00']);
    expect(screen.getByTestId('activity-chart').querySelectorAll('polyline')).toHaveLength(3);

    const rows = within(screen.getByRole('region', { name: 'Recent commissions' })).getAllByRole('row');
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      [],
      ['Nov 27, 2026', '$149.10', 'PendingPayable from Dec 11, 2026'],
      ['Nov 10, 2026', '€134.85', 'Reversed'],
    ]);
    expect(sent.find((request) => request.path === '/api/affiliates/me/dashboard')!.query.get('days')).toBe('30');
  });

  it('writes the money as the interface language does', async () => {
    await act(() => switchLanguage('fr'));
    server.use(
      http.get('/api/affiliates/me', () => HttpResponse.json({ affiliate: affiliate() })),
      http.get('/api/affiliates/me/dashboard', () => HttpResponse.json(dashboard())),
    );
    renderPage();
    await screen.findByTestId('commission-EUR');
    expect(commissionIn('EUR')[0]).toBe('En attente 134,85\u00a0€');
    expect(screen.getByTestId('tile-clicks').textContent).toBe('Clics1\u202f250');
  });

  it('shows anyone not approved where their application stands, and asks for no figures', async () => {
    server.use(http.get('/api/affiliates/me', () => HttpResponse.json({ affiliate: affiliate({ status: 'pending', decidedAt: null }) })));
    const sent = recordRequests();
    renderPage();
    expect((await screen.findByTestId('affiliate-status')).textContent).toBe('Your application is being reviewed. We will email you once it is decided.');
    expect(screen.getByText('Your affiliate dashboard opens once your application is approved.')).toBeTruthy();
    expect(screen.queryByTestId('tile-clicks')).toBeNull();
    expect(sent.map((request) => request.path)).toEqual(['/api/affiliates/me']);
  });

  it('offers the application form to a learner who has not applied', async () => {
    server.use(http.get('/api/affiliates/me', () => HttpResponse.json({ affiliate: null })));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Apply to become an affiliate' })).toBeTruthy();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endSession, startSession } from '../../../auth/session';
import { switchLanguage } from '../../../i18n/language';
import { recordRequests, server } from '../../../test/server';
import { AffiliateProgramme } from '../affiliate/AffiliateProgramme';
import { affiliate } from './affiliateFixtures';

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AffiliateProgramme />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the account page’s affiliate programme panel', () => {
  beforeEach(async () => {
    await act(() => switchLanguage('en'));
    startSession('learner-token', 'maya@example.com');
  });
  afterEach(async () => {
    endSession();
    await act(() => switchLanguage('en'));
  });

  it('sends the application of a learner who has not applied, then shows it as being reviewed', async () => {
    server.use(
      http.get('/api/affiliates/me', () => HttpResponse.json({ affiliate: null })),
      http.post('/api/affiliates/apply', () => HttpResponse.json(affiliate({ status: 'pending', decidedAt: null }), { status: 201 })),
    );
    const sent = recordRequests();
    const user = userEvent.setup();
    renderPanel();

    expect(await screen.findByRole('heading', { name: 'Apply to become an affiliate' })).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Send Application' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('How will you promote the academy?'), 'A newsletter of 12,000 affiliate marketers, and YouTube reviews.');
    await user.type(screen.getByLabelText('Website (optional)'), 'https://maya.example.com');
    await user.selectOptions(screen.getByLabelText('Payout method'), 'Crypto wallet');
    await user.type(screen.getByLabelText('Payout details'), 'TRC-20 TXyz123');
    await user.click(send);

    expect((await screen.findByRole('status')).textContent).toBe('Your application is being reviewed. We will email you once it is decided.');
    const application = sent.find((request) => request.path === '/api/affiliates/apply')!;
    expect(application.method).toBe('POST');
    expect(application.headers.get('Authorization')).toBe('Bearer learner-token');
    expect(await application.json()).toEqual({
      promotionPlan: 'A newsletter of 12,000 affiliate marketers, and YouTube reviews.',
      website: 'https://maya.example.com',
      payoutMethod: 'crypto',
      payoutDetails: 'TRC-20 TXyz123',
    });
  });

  it('shows where the application stands when it was already sent from elsewhere (409)', async () => {
    let applied = false;
    server.use(
      http.get('/api/affiliates/me', () => HttpResponse.json({ affiliate: applied ? affiliate({ status: 'pending', decidedAt: null }) : null })),
      http.post('/api/affiliates/apply', () => {
        applied = true;
        return HttpResponse.json({ statusCode: 409, code: 'ALREADY_APPLIED', message: 'You have applied already.' }, { status: 409 });
      }),
    );
    const user = userEvent.setup();
    renderPanel();
    await user.type(await screen.findByLabelText('How will you promote the academy?'), 'Reviews on my affiliate marketing blog.');
    await user.type(screen.getByLabelText('Payout details'), 'maya@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Application' }));
    expect((await screen.findByTestId('affiliate-status')).textContent).toBe('Your application is being reviewed. We will email you once it is decided.');
  });

  it.each([
    ['rejected', 'Your application to the affiliate programme was not accepted.'],
    ['suspended', 'Your affiliate account is suspended: your link no longer earns commissions. Contact support to learn more.'],
  ] as const)('says so when the application was %s', async (status, text) => {
    server.use(http.get('/api/affiliates/me', () => HttpResponse.json({ affiliate: affiliate({ status }) })));
    renderPanel();
    expect((await screen.findByTestId('affiliate-status')).textContent).toBe(text);
    expect(screen.queryByTestId('referral-link')).toBeNull();
  });

  it('gives an approved affiliate their link to copy, their coupon, their terms and a way to the dashboard', async () => {
    server.use(
      http.get('/api/affiliates/me', () => HttpResponse.json({ affiliate: affiliate({ couponCode: 'MAYA10' }) })),
      http.put('/api/affiliates/me', async ({ request }) => HttpResponse.json(affiliate({ ...((await request.json()) as object) }))),
    );
    const sent = recordRequests();
    // user-event puts a clipboard of its own on navigator: what the button copies is read back from it.
    const user = userEvent.setup();
    renderPanel();

    expect((await screen.findByTestId('referral-link')).textContent).toBe('http://localhost:3000/?ref=MAYA30');
    await user.click(screen.getByRole('button', { name: 'Copy: Your referral link' }));
    expect(await navigator.clipboard.readText()).toBe('http://localhost:3000/?ref=MAYA30');
    expect(await screen.findByText('Copied')).toBeTruthy();
    expect(screen.getByTestId('coupon-code').textContent).toBe('MAYA10');
    expect(screen.getByTestId('commission-terms').textContent).toBe('30% of each sale you refer.');
    expect(screen.getByRole('link', { name: 'Open Your Affiliate Dashboard' }).getAttribute('href')).toBe('/dashboard/referrals');

    await user.selectOptions(screen.getByLabelText('Payout method'), 'Bank transfer');
    await user.clear(screen.getByLabelText('Payout details'));
    await user.type(screen.getByLabelText('Payout details'), 'DE89 3704 0044 0532 0130 00');
    await user.click(screen.getByRole('button', { name: 'Save Payout Details' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your payout details were saved.');
    expect(await sent.find((request) => request.method === 'PUT')!.json()).toEqual({ payoutMethod: 'bank', payoutDetails: 'DE89 3704 0044 0532 0130 00' });
  });

  it('writes a fixed commission in the interface language', async () => {
    await act(() => switchLanguage('de'));
    server.use(http.get('/api/affiliates/me', () => HttpResponse.json({ affiliate: affiliate({ commission: { type: 'fixed', value: '50.00' } }) })));
    renderPanel();
    expect((await screen.findByTestId('commission-terms')).textContent).toBe('50,00 pro vermitteltem Verkauf, in der Währung des Verkaufs.');
  });
});

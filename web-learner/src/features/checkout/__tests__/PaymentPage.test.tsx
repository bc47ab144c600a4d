import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { PaymentPage } from '../PaymentPage';

describe('the checkout’s optional invoice details', () => {
  /** What POST /api/payments/create answers in a test (a failure: the page stays, nothing navigates away). */
  let createAnswer: () => Response;
  /** The bodies POST /api/payments/create was sent. */
  let sent: Record<string, unknown>[];

  beforeEach(() => {
    localStorage.clear();
    sent = [];
    createAnswer = () =>
      HttpResponse.json({ statusCode: 502, error: 'Bad Gateway', message: 'The payment provider is unavailable. Please try again.' }, { status: 502 });
    server.use(
      http.get('/api/payments/currencies', () => HttpResponse.json({ currencies: [{ code: 'USDT', name: 'Tether USD' }] })),
      http.post('/api/payments/create', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return createAnswer();
      }),
      http.all('/api/*', () => HttpResponse.json({ statusCode: 404, message: 'Not found' }, { status: 404 })),
    );
  });

  async function fillCheckout() {
    const user = userEvent.setup();
    const router = createMemoryRouter([{ path: '/payment', element: <PaymentPage /> }], { initialEntries: ['/payment'] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText('Email address'), 'einkauf@muster.example');
    await user.selectOptions(await screen.findByLabelText('Cryptocurrency'), 'USDT');
    await user.selectOptions(screen.getByLabelText('Blockchain Network'), 'Tron (TRC-20)');
    return user;
  }

  it('stays closed and sends no buyer details unless asked for (the checkout as before)', async () => {
    const user = await fillCheckout();
    expect(screen.queryByLabelText('Company name')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(Object.keys(sent[0]).filter((key) => key.startsWith('buyer'))).toEqual([]);
  });

  it('sends the country code, company, address and VAT ID the buyer gave, trimmed, and leaves out the empty ones', async () => {
    const user = await fillCheckout();
    await user.click(screen.getByRole('button', { name: 'Need an invoice with your company details?' }));
    const country = screen.getByLabelText('Country') as HTMLSelectElement;
    expect(within(country).getByRole('option', { name: 'Germany' })).toBeTruthy();
    await user.selectOptions(country, 'Germany');
    await user.type(screen.getByLabelText('Company name'), '  Muster GmbH ');
    await user.type(screen.getByLabelText('Billing address'), 'Hauptstraße 1{enter}10115 Berlin');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      email: 'einkauf@muster.example',
      buyerCountry: 'DE',
      buyerCompany: 'Muster GmbH',
      buyerAddress: 'Hauptstraße 1\n10115 Berlin',
    });
    expect(sent[0]).not.toHaveProperty('buyerVatId');
  });

  it('shows the server’s message on the detail it refused', async () => {
    const message = 'The VAT ID must be 2 to 40 letters and digits (spaces, dots and hyphens allowed)';
    createAnswer = () => HttpResponse.json({ statusCode: 400, error: 'Bad Request', message, errors: { buyerVatId: message } }, { status: 400 });
    const user = await fillCheckout();
    await user.click(screen.getByRole('button', { name: 'Need an invoice with your company details?' }));
    const vatId = screen.getByLabelText('VAT ID');
    await user.type(vatId, 'DE 123!');
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(vatId.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(vatId.getAttribute('aria-describedby')!)?.textContent).toBe(message);
    expect(sent[0]).toMatchObject({ buyerVatId: 'DE 123!' });
  });

  it('names the countries in the interface language', async () => {
    const { countryOptions } = await import('../countries');
    expect(countryOptions('de').find((c) => c.code === 'DE')?.name).toBe('Deutschland');
    expect(countryOptions('fr').find((c) => c.code === 'DE')?.name).toBe('Allemagne');
    expect(countryOptions('en')).toHaveLength(249);
    expect(countryOptions('es')[0].name.localeCompare(countryOptions('es')[1].name, 'es')).toBeLessThan(0);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server';
import { ResumeCheckoutPage } from '../ResumeCheckoutPage';
import { UnsubscribePage } from '../UnsubscribePage';

const PAYMENT_ID = '4f6c8d1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';

function renderAt(entry: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/checkout/resume', element: <ResumeCheckoutPage /> },
      { path: '/unsubscribe', element: <UnsubscribePage /> },
      { path: '/payment', element: <p>Payment page</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe("the abandoned-checkout reminder's links", () => {
  const assign = vi.fn();
  let resumed: unknown[];

  beforeEach(() => {
    localStorage.clear();
    assign.mockClear();
    resumed = [];
    vi.stubGlobal('location', { ...window.location, assign });
    server.use(
      http.post(`/api/payments/${PAYMENT_ID}/resume`, async ({ request }) => {
        const body = (await request.json()) as { token: string };
        resumed.push(body);
        if (body.token === 'good')
          return HttpResponse.json({
            success: true,
            paymentUrl: '/api/payments/sandbox/checkout/new-id',
            paymentId: 'new-id',
            claimSecret: 'fresh-secret',
            email: 'buyer@example.com',
            method: 'crypto',
            resumed: 'new',
          });
        if (body.token === 'paid')
          return HttpResponse.json(
            { statusCode: 409, error: 'Conflict', message: 'This checkout has already been paid. Sign in to continue learning.' },
            { status: 409 },
          );
        return HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: 'This link is not valid or has expired.' }, { status: 403 });
      }),
      http.post('/api/payments/recovery/unsubscribe', async ({ request }) => {
        const body = (await request.json()) as { email: string; token: string };
        return body.token === 'sig'
          ? HttpResponse.json({ unsubscribed: true, email: body.email })
          : HttpResponse.json({ statusCode: 403, error: 'Forbidden', message: 'This link is not valid or has expired.' }, { status: 403 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('resumes the checkout once, keeps it like a checkout this browser started, and goes on to pay', async () => {
    renderAt(`/checkout/resume?paymentId=${PAYMENT_ID}#token=good`);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/api/payments/sandbox/checkout/new-id'));
    expect(resumed).toEqual([{ token: 'good' }]);
    expect(localStorage.getItem('paymentId')).toBe('new-id');
    expect(localStorage.getItem('paymentClaimSecret')).toBe('fresh-secret');
    expect(localStorage.getItem('userEmail')).toBe('buyer@example.com');
  });

  it("says why a paid checkout or a forged link resumes nothing, with the server's words", async () => {
    renderAt(`/checkout/resume?paymentId=${PAYMENT_ID}#token=paid`);
    expect(await screen.findByRole('heading', { name: 'This checkout cannot be resumed' })).toBeTruthy();
    expect(screen.getByText('This checkout has already been paid. Sign in to continue learning.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a new checkout' })).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('asks before unsubscribing, then confirms', async () => {
    renderAt('/unsubscribe?email=buyer%40example.com&token=sig');
    expect(await screen.findByText('Stop the reminders about unfinished checkouts sent to buyer@example.com?')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('Done: no more checkout reminders will be sent to buyer@example.com.')).toBeTruthy();
  });
});

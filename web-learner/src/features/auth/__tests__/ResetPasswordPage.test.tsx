import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { recordRequests, server } from '../../../test/server';
import { ResetPasswordPage } from '../ResetPasswordPage';

const INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';

describe('the reset-password page checks its link when opened', () => {
  // The site's settings, asked by the page's frame, say nothing.
  beforeEach(() => server.use(http.get('/api/public-config', () => HttpResponse.json({}))));

  function open(entry: string) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/reset-password', element: <ResetPasswordPage /> }], { initialEntries: [entry] });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it('says a used or expired link is no good before any password is typed, and offers a new one', async () => {
    server.use(
      http.post('/api/auth/reset-password/check', () => HttpResponse.json({ success: false, code: 'BAD_REQUEST', message: INVALID }, { status: 400 })),
    );
    const sent = recordRequests();
    open('/reset-password?token=used-token');
    expect(await screen.findByText(INVALID)).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    const call = sent.find((request) => request.path === '/api/auth/reset-password/check')!;
    expect(await call.json()).toEqual({ token: 'used-token' });
  });

  it('shows the form for a link that still works', async () => {
    server.use(http.post('/api/auth/reset-password/check', () => HttpResponse.json({ success: true, message: 'This reset link works.' })));
    open('/reset-password?token=good-token');
    expect(await screen.findByLabelText('New password')).toBeTruthy();
    expect(screen.queryByText(INVALID)).toBeNull();
  });
});

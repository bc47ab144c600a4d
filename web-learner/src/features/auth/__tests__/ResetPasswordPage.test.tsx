import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResetPasswordPage } from '../ResetPasswordPage';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';

describe('the reset-password page checks its link when opened', () => {
  const fetchMock = vi.fn();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

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
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/auth/reset-password/check' ? json({ success: false, code: 'BAD_REQUEST', message: INVALID }, 400) : json({}),
    );
    open('/reset-password?token=used-token');
    expect(await screen.findByText(INVALID)).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/reset-password/check')!;
    expect(JSON.parse(call[1].body)).toEqual({ token: 'used-token' });
  });

  it('shows the form for a link that still works', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/auth/reset-password/check' ? json({ success: true, message: 'This reset link works.' }) : json({}),
    );
    open('/reset-password?token=good-token');
    expect(await screen.findByLabelText('New password')).toBeTruthy();
    expect(screen.queryByText(INVALID)).toBeNull();
  });
});

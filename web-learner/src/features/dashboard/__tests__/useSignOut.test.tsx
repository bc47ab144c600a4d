import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../api/queries';
import { getSession, startSession } from '../../../auth/session';
import { useSignOut } from '../api/useSignOut';

function SignOutButton() {
  const signOut = useSignOut();
  return (
    <button type="button" onClick={() => signOut.mutate()}>
      Sign Out
    </button>
  );
}

describe('signing out', () => {
  const fetchMock = vi.fn();

  beforeEach(() => {
    startSession('tok', 'learner@example.com');
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  function renderDashboard(client: QueryClient) {
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>Home page</p> },
        { path: '/dashboard', element: <SignOutButton /> },
      ],
      { initialEntries: ['/dashboard'] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  it.each([
    ['the server ends the session', () => new Response('{"success":true}', { status: 200, headers: { 'content-type': 'application/json' } })],
    [
      'the server cannot be reached',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('leaves the dashboard, ends the local session and forgets the cached answers when %s', async (_when, answer) => {
    fetchMock.mockImplementation(async () => answer());
    const client = new QueryClient();
    client.setQueryData(queryKeys.me, { name: 'Lena Learner' });
    client.setQueryData(queryKeys.courses, []);
    renderDashboard(client);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    await vi.waitFor(() => expect(getSession()).toBeNull());
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});

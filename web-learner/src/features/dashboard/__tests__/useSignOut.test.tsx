import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../api/queries';
import { getSession, startSession } from '../../../auth/session';
import { recordRequests, server } from '../../../test/server';
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
  beforeEach(() => {
    startSession('tok', 'learner@example.com');
  });

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
    ['the server ends the session', () => HttpResponse.json({ success: true })],
    ['the server cannot be reached', () => HttpResponse.error()],
  ])('leaves the dashboard, ends the local session and forgets the cached answers when %s', async (_when, answer) => {
    server.use(http.post('/api/auth/logout', answer));
    const sent = recordRequests();
    const client = new QueryClient();
    client.setQueryData(queryKeys.me, { name: 'Lena Learner' });
    client.setQueryData(queryKeys.courses, []);
    renderDashboard(client);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    await vi.waitFor(() => expect(getSession()).toBeNull());
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/auth/logout']);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});

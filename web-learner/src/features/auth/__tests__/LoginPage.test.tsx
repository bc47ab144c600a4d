import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../api/queries';
import { endSession } from '../../../auth/session';
import { LoginPage } from '../LoginPage';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const learner = { id: 'u1', name: 'Lena Learner', email: 'learner@example.com', role: 'student', status: 'active', plan: 'lifetime', hasAccess: true };
const demoConfig = { siteName: 'Academy', demoMode: true, demoCredentials: { learner: { email: 'learner@example.com', password: 'Learner123!' } } };

describe('learner sign-in', () => {
  const fetchMock = vi.fn();
  let client: QueryClient;

  beforeEach(() => {
    endSession();
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  function renderLogin(entry: string) {
    const router = createMemoryRouter(
      [
        { path: '/login', element: <LoginPage /> },
        { path: '/dashboard/toolbox', element: <p>Toolbox page</p> },
      ],
      { initialEntries: [entry] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  async function signIn(email: string, password: string) {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), email);
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
  }

  it('starts the session, knows the learner without asking again and goes to the page asked for', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/auth/login') return json({ success: true, token: 'tok', expiresAt: '2030-01-01T00:00:00Z', user: learner });
      return json({ siteName: 'Academy', demoMode: false });
    });
    renderLogin('/login?redirect=%2Fdashboard%2Ftoolbox');
    await signIn('  learner@example.com ', 'Learner123!');

    expect(await screen.findByText('Toolbox page')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/login')!;
    expect(JSON.parse(call[1].body)).toEqual({ email: 'learner@example.com', password: 'Learner123!', rememberMe: true });
    expect([localStorage.getItem('learnerToken'), localStorage.getItem('isAuthenticated'), localStorage.getItem('userEmail')]).toEqual([
      'tok',
      'true',
      'learner@example.com',
    ]);
    expect(client.getQueryData(queryKeys.me)).toEqual(learner);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/me')).toBe(false);
  });

  it('names the demo credentials when the sign-in is refused in demo mode, and keeps the visitor signed out', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/auth/login') return json({ statusCode: 401, message: 'Invalid email or password' }, 401);
      return json(demoConfig);
    });
    renderLogin('/login');
    expect(await screen.findByTestId('demo-hint')).toBeTruthy();
    await signIn('learner@example.com', 'wrong');

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid credentials. Please use learner@example.com / Learner123!');
    expect(localStorage.getItem('learnerToken')).toBeNull();
    expect(client.getQueryData(queryKeys.me)).toBeUndefined();
  });
});

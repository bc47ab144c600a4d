import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../../api/queries';
import { endSession } from '../../../auth/session';
import { recordRequests, server } from '../../../test/server';
import { LoginPage } from '../LoginPage';

const learner = { id: 'u1', name: 'Lena Learner', email: 'learner@example.com', role: 'student', status: 'active', plan: 'lifetime', hasAccess: true };
const demoConfig = { siteName: 'Academy', demoMode: true, demoCredentials: { learner: { email: 'learner@example.com', password: 'Learner123!' } } };

describe('learner sign-in', () => {
  let client: QueryClient;

  beforeEach(() => {
    endSession();
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });

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
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ success: true, token: 'tok', expiresAt: '2030-01-01T00:00:00Z', user: learner })),
      http.get('/api/public-config', () => HttpResponse.json({ siteName: 'Academy', demoMode: false })),
    );
    const sent = recordRequests();
    renderLogin('/login?redirect=%2Fdashboard%2Ftoolbox');
    await signIn('  learner@example.com ', 'Learner123!');

    expect(await screen.findByText('Toolbox page')).toBeTruthy();
    const call = sent.find((request) => request.path === '/api/auth/login')!;
    expect(await call.json()).toEqual({ email: 'learner@example.com', password: 'Learner123!', rememberMe: true });
    expect([localStorage.getItem('learnerToken'), localStorage.getItem('isAuthenticated'), localStorage.getItem('userEmail')]).toEqual([
      'tok',
      'true',
      'learner@example.com',
    ]);
    expect(client.getQueryData(queryKeys.me)).toEqual(learner);
    expect(sent.some((request) => request.path === '/api/auth/me')).toBe(false);
  });

  it('names the demo credentials when the sign-in is refused in demo mode, and keeps the visitor signed out', async () => {
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ statusCode: 401, message: 'Invalid email or password' }, { status: 401 })),
      http.get('/api/public-config', () => HttpResponse.json(demoConfig)),
    );
    renderLogin('/login');
    expect(await screen.findByTestId('demo-hint')).toBeTruthy();
    await signIn('learner@example.com', 'wrong');

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid credentials. Please use learner@example.com / Learner123!');
    expect(localStorage.getItem('learnerToken')).toBeNull();
    expect(client.getQueryData(queryKeys.me)).toBeUndefined();
  });
});

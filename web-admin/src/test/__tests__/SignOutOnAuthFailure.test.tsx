import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../App';
import { fakeApi, meAsAdmin, storeAdminSession, storedSession } from '../fakeApi';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <App /> }], { initialEntries: [path] });
  return render(<RouterProvider router={router} useTransitions={false} />);
}

beforeEach(() => {
  localStorage.clear();
  storeAdminSession();
});

describe('the console on an auth failure', () => {
  it.each([401, 403])('a %i from a list signs the admin out and shows the login page', { timeout: 30_000 }, async (status) => {
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/public-config': () => ({ body: { siteName: 'x', demoMode: false } }),
      'POST /api/auth/logout': () => ({ body: { success: true } }),
      'GET /api/admin/users': () => ({ status, body: { statusCode: status, message: 'No' } }),
    });
    renderAt('/users');
    // The first render loads the console's lazy screens cold (several seconds on a busy machine): a bound, not a speed check.
    expect(await screen.findByRole('heading', { name: 'Admin Portal' }, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(storedSession()).toEqual([null, null, null]));
    expect(calls.some((c) => c.path === '/api/admin/users')).toBe(true);
  });

  it('a signed-out visitor lands on the login page without demo credentials outside demo mode', async () => {
    localStorage.clear();
    fakeApi({ 'GET /api/public-config': () => ({ body: { siteName: 'x', demoMode: false } }) });
    renderAt('/overview');
    expect(await screen.findByRole('heading', { name: 'Admin Portal' })).toBeTruthy();
    expect(screen.queryByText('Demo credentials')).toBeNull();
  });
});

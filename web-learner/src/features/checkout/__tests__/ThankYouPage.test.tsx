import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThankYouPage } from '../ThankYouPage';

const PAYMENT_ID = '4f6c8d1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('account creation after payment', () => {
  const fetchMock = vi.fn();
  let state = 'PAID';

  beforeEach(() => {
    localStorage.clear();
    state = 'PAID';
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === `/api/payments/${PAYMENT_ID}/status`) {
        return json({ paymentId: PAYMENT_ID, state, email: 'buyer@example.com', amount: '497.00', currency: 'USD', payCurrency: 'btc', network: 'Bitcoin Network', claimed: false });
      }
      if (url === '/api/auth/create-account' && init?.method === 'POST') {
        return json({ success: true, token: 'tok', expiresAt: '2030-01-01T00:00:00Z', user: { id: 'u1', name: 'Buyer', email: 'buyer@example.com', role: 'student', status: 'active', plan: 'lifetime', hasAccess: true } });
      }
      return json({ statusCode: 404, message: 'Not found' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  function renderPage() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(
      [
        { path: '/thank-you', element: <ThankYouPage /> },
        { path: '/dashboard', element: <p>Dashboard page</p> },
      ],
      { initialEntries: [`/thank-you?paymentId=${PAYMENT_ID}`] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  }

  async function submitStrongPassword() {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Payment Successful!');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Abcdef1!');
    await user.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), 'Abcdef1!');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
  }

  it('enables Create Account only for matching passwords of strength 3 or more, then signs in', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Payment Successful!')).toBeTruthy();
    const email = screen.getByLabelText('Email address') as HTMLInputElement;
    expect(email.value).toBe('buyer@example.com');
    expect(email.readOnly).toBe(true);
    const button = screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement;
    const password = screen.getByLabelText('Password', { selector: 'input' });
    const confirm = screen.getByLabelText('Confirm Password', { selector: 'input' });
    expect(button.disabled).toBe(true);

    await user.type(password, 'abcdefgh');
    await user.type(confirm, 'abcdefgh');
    expect(screen.getByText('Please choose a stronger password')).toBeTruthy();
    expect(button.disabled).toBe(true);

    await user.clear(password);
    await user.type(password, 'Abcdefgh');
    expect(screen.queryByText('Please choose a stronger password')).toBeNull();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(button.disabled).toBe(true);

    await user.clear(confirm);
    await user.type(confirm, 'Abcdefgh');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect(button.disabled).toBe(false);
    await user.click(button);

    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/create-account')!;
    expect(JSON.parse(call[1].body)).toEqual({ email: 'buyer@example.com', password: 'Abcdefgh', paymentId: PAYMENT_ID });
    expect([localStorage.getItem('learnerToken'), localStorage.getItem('isAuthenticated'), localStorage.getItem('userEmail')]).toEqual(['tok', 'true', 'buyer@example.com']);
  });

  it('shows the server message when the account cannot be created', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/status')
        ? json({ paymentId: PAYMENT_ID, state: 'PAID', email: 'buyer@example.com', claimed: false })
        : json({ statusCode: 400, error: 'Bad Request', message: 'This payment has already been used to create an account' }, 400),
    );
    await submitStrongPassword();
    expect((await screen.findByRole('alert')).textContent).toBe('This payment has already been used to create an account');
  });

  it.each([
    ['an unsuccessful answer with a message shows that message', { success: false, message: 'Use the email of the payment' }, 'Use the email of the payment'],
    ["an unsuccessful answer without one shows 'Failed to create account. Please try again.'", { success: false }, 'Failed to create account. Please try again.'],
  ])('%s', async (_what, answer, shown) => {
    fetchMock.mockImplementation(async (url: string) =>
      url.endsWith('/status') ? json({ paymentId: PAYMENT_ID, state: 'PAID', email: 'buyer@example.com', claimed: false }) : json(answer),
    );
    await submitStrongPassword();
    expect((await screen.findByRole('alert')).textContent).toBe(shown);
  });

  it("says 'Account creation failed. Please try again.' when the request gets no answer", async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url.endsWith('/status')) return json({ paymentId: PAYMENT_ID, state: 'PAID', email: 'buyer@example.com', claimed: false });
      throw new TypeError('Failed to fetch');
    });
    await submitStrongPassword();
    expect((await screen.findByRole('alert')).textContent).toBe('Account creation failed. Please try again.');
  });

  it('waits while the payment is not confirmed and shows the failure of an underpaid one', async () => {
    state = 'CONFIRMING';
    renderPage();
    expect(await screen.findByText('Waiting for payment confirmation')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
    state = 'UNDERPAID';
    expect(await screen.findByText('Payment incomplete', {}, { timeout: 5000 })).toBeTruthy();
  });
});

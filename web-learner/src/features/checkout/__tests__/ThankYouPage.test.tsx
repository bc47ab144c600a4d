import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server';
import { ThankYouPage } from '../ThankYouPage';

const PAYMENT_ID = '4f6c8d1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';
const SECRET = 'browser-kept-claim-secret-0123456789';
const STRONG = 'Kettle-Orbit-29';
/** The payer's name the card or PayPal provider reported (null: a crypto payment, or none given). */
let payerName: string | null = null;
/** What the server answers: the email (and the payer's name) only to a caller who proves the purchase. */
const statusAnswer = (headers: Headers, state: string) => {
  const proven = headers.get('X-Claim-Secret') === SECRET || headers.get('X-Claim-Token') === 'emailed-token';
  return {
    paymentId: PAYMENT_ID,
    state,
    email: proven ? 'buyer@example.com' : null,
    proofOfPurchase: proven,
    payerName: proven ? payerName : null,
    amount: '497.00',
    currency: 'USD',
    payCurrency: 'btc',
    network: 'Bitcoin Network',
    claimed: false,
  };
};

describe('account creation after payment', () => {
  let state = 'PAID';
  /** The bodies POST /api/auth/create-account was sent. */
  let created: unknown[];

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('paymentId', PAYMENT_ID);
    localStorage.setItem('paymentClaimSecret', SECRET);
    state = 'PAID';
    payerName = null;
    created = [];
    server.use(
      http.get(`/api/payments/${PAYMENT_ID}/status`, ({ request }) => HttpResponse.json(statusAnswer(request.headers, state))),
      http.post('/api/auth/create-account', async ({ request }) => {
        created.push(await request.json());
        return HttpResponse.json({
          success: true,
          token: 'tok',
          expiresAt: '2030-01-01T00:00:00Z',
          user: { id: 'u1', name: 'Buyer', email: 'buyer@example.com', role: 'student', status: 'active', plan: 'lifetime', hasAccess: true },
        });
      }),
      http.all('/api/*', () => HttpResponse.json({ statusCode: 404, message: 'Not found' }, { status: 404 })),
    );
  });

  function renderPage(entry = `/thank-you?paymentId=${PAYMENT_ID}`) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(
      [
        { path: '/thank-you', element: <ThankYouPage /> },
        { path: '/dashboard', element: <p>Dashboard page</p> },
      ],
      { initialEntries: [entry] },
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
    await user.type(screen.getByLabelText('Full name'), 'Ana Ferreira');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), STRONG);
    await user.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), STRONG);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
  }

  it('enables Create Account only with a full name and matching, strong, not guessable passwords, then signs in with the proof of purchase', async () => {
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

    // Five criteria met, and still among the first passwords an attacker tries.
    await user.clear(password);
    await user.clear(confirm);
    await user.type(password, 'Passw0rd!');
    await user.type(confirm, 'Passw0rd!');
    expect(await screen.findByText('This password is too common or easy to guess. Please choose a less predictable one.')).toBeTruthy();
    expect(button.disabled).toBe(true);

    await user.clear(password);
    await user.type(password, STRONG);
    expect(screen.queryByText('Please choose a stronger password')).toBeNull();
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(button.disabled).toBe(true);

    await user.clear(confirm);
    await user.type(confirm, STRONG);
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    // Certificates and receipts print the learner's name: it is asked for, never made up from the email.
    const name = screen.getByLabelText('Full name') as HTMLInputElement;
    expect(name.value).toBe('');
    expect(button.disabled).toBe(true);
    await user.click(name);
    await user.tab();
    expect(screen.getByText('Please enter your full name')).toBeTruthy();
    await user.type(name, '  Ana Ferreira ');
    expect(screen.queryByText('Please enter your full name')).toBeNull();
    await vi.waitFor(() => expect(button.disabled).toBe(false));
    await user.click(button);

    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(created).toEqual([
      {
        email: 'buyer@example.com',
        name: 'Ana Ferreira',
        password: STRONG,
        paymentId: PAYMENT_ID,
        claimSecret: SECRET,
      },
    ]);
    expect([localStorage.getItem('learnerToken'), localStorage.getItem('isAuthenticated'), localStorage.getItem('userEmail')]).toEqual([
      'tok',
      'true',
      'buyer@example.com',
    ]);
  });

  it('shows the server message when the account cannot be created', async () => {
    server.use(
      http.post('/api/auth/create-account', () =>
        HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'This payment has already been used to create an account' }, { status: 400 }),
      ),
    );
    await submitStrongPassword();
    expect((await screen.findByRole('alert')).textContent).toBe('This payment has already been used to create an account');
  });

  it.each([
    ['an unsuccessful answer with a message shows that message', { success: false, message: 'Use the email of the payment' }, 'Use the email of the payment'],
    [
      "an unsuccessful answer without one shows 'Failed to create account. Please try again.'",
      { success: false },
      'Failed to create account. Please try again.',
    ],
  ])('%s', async (_what, answer, shown) => {
    server.use(http.post('/api/auth/create-account', () => HttpResponse.json(answer)));
    await submitStrongPassword();
    expect((await screen.findByRole('alert')).textContent).toBe(shown);
  });

  it("says 'Account creation failed. Please try again.' when the request gets no answer", async () => {
    server.use(http.post('/api/auth/create-account', () => HttpResponse.error()));
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

  it('an underpaid payment has one way on: the rest to the same address, with copy buttons, the QR code of the wallet URI and no new checkout', async () => {
    const payTo = {
      address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
      amount: '0.00764',
      currencyCode: 'BTC',
      received: '0.00382',
      remaining: '0.00382',
      expiresAt: null,
      paymentUri: 'bitcoin:bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh?amount=0.00382',
      qrCode: 'data:image/png;base64,AAAA',
      providerPageUrl: 'https://pay.example/invoice/1',
    };
    server.use(
      http.get(`/api/payments/${PAYMENT_ID}/status`, ({ request }) =>
        HttpResponse.json({ ...statusAnswer(request.headers, 'UNDERPAID'), method: 'crypto', payTo }),
      ),
    );
    // user-event puts a clipboard of its own on navigator: what the buttons copy is read back from it.
    const user = userEvent.setup();
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Payment incomplete' })).toBeTruthy();
    expect(screen.getByText('We received 0.00382 BTC of 0.00764 BTC. Send the rest and this page updates as soon as it arrives.')).toBeTruthy();
    expect(screen.getByTestId('send-amount').textContent).toBe('0.00382 BTC');
    expect(screen.getByRole('img', { name: `QR code: send 0.00382 BTC to ${payTo.address}` }).getAttribute('src')).toBe(payTo.qrCode);
    expect(screen.getByRole('link', { name: 'Open in your wallet' }).getAttribute('href')).toBe(payTo.paymentUri);
    expect(screen.getByRole('link', { name: 'Pay on the payment processor’s page' }).getAttribute('href')).toBe(payTo.providerPageUrl);
    expect(screen.queryByRole('link', { name: 'Start a new payment' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Copy amount' }));
    expect(await navigator.clipboard.readText()).toBe('0.00382');
    expect(await screen.findByText('Copied')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await navigator.clipboard.readText()).toBe(payTo.address);
  });

  it('on another device, without the proof, points to the emailed link instead of asking for a password', async () => {
    localStorage.clear();
    renderPage();
    expect(await screen.findByText(/open the “Finish creating your account” link we emailed/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
  });

  it('creates the account from the emailed link (its token travels in the URL fragment), the name prefilled from the card', async () => {
    localStorage.clear();
    payerName = 'Jonas Weber';
    const user = userEvent.setup();
    renderPage(`/thank-you?paymentId=${PAYMENT_ID}#claim=emailed-token`);
    await screen.findByText('Payment Successful!');
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Jonas Weber');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), STRONG);
    await user.type(screen.getByLabelText('Confirm Password', { selector: 'input' }), STRONG);
    const button = screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement;
    await vi.waitFor(() => expect(button.disabled).toBe(false));
    await user.click(button);
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(created).toEqual([
      {
        email: 'buyer@example.com',
        name: 'Jonas Weber',
        password: STRONG,
        paymentId: PAYMENT_ID,
        claimToken: 'emailed-token',
      },
    ]);
  });
});

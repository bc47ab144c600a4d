import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function createPayment(request: APIRequestContext, email: string, keepIn?: Page): Promise<string> {
  const res = await request.post('/api/payments/create', {
    data: { amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', clientId: `user_${Date.now()}`, email },
  });
  expect(res.ok()).toBe(true);
  const { paymentId, claimSecret } = await res.json();
  if (keepIn) {
    // What the payment page keeps after checkout: this browser can then prove the purchase.
    await keepIn.goto('/');
    await keepIn.evaluate(
      ([id, secret]) => {
        localStorage.setItem('paymentId', id);
        localStorage.setItem('paymentClaimSecret', secret);
      },
      [paymentId, claimSecret],
    );
  }
  return paymentId;
}

const simulate = async (request: APIRequestContext, paymentId: string, outcome: string) => {
  const res = await request.post(`/api/payments/sandbox/${paymentId}/simulate`, { data: { outcome } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { redirectUrl: string };
};

test.describe('checkout states', () => {
  test('the thank-you page waits for confirmation, then offers the account; a claimed payment cannot be reused', async ({ page, request }) => {
    const email = `waiting.${Date.now()}@example.com`;
    const paymentId = await createPayment(request, email, page);
    await page.goto(`/thank-you?paymentId=${paymentId}`);
    await expect(page.getByRole('heading', { name: 'Waiting for payment confirmation' })).toBeVisible();

    await simulate(request, paymentId, 'finished');
    await expect(page.getByText('Payment Successful!')).toBeVisible({ timeout: 60_000 });
    await page.getByLabel('Full name').fill('Casey Checkout');
    await page.getByLabel('Password', { exact: true }).fill('Quartz-Lantern-58');
    await page.getByLabel('Confirm Password').fill('Quartz-Lantern-58');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/dashboard\/courses$/);

    await page.goto(`/thank-you?paymentId=${paymentId}`);
    await expect(page.getByRole('heading', { name: 'Account already created' })).toBeVisible();
  });

  test('an underpaid payment grants nothing and asks for the rest, never for a new payment', async ({ page, request }) => {
    const paymentId = await createPayment(request, `under.${Date.now()}@example.com`);
    await simulate(request, paymentId, 'partially_paid');
    await page.goto(`/thank-you?paymentId=${paymentId}`);
    await expect(page.getByRole('heading', { name: 'Payment incomplete' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
    await expect(page.getByTestId('send-amount')).toBeVisible();
    await expect(page.getByText('No need to start a new payment: what you already sent counts.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start a new payment' })).toHaveCount(0);
  });

  test('an expired payment returns to the checkout with a notice', async ({ page, request }) => {
    const paymentId = await createPayment(request, `expired.${Date.now()}@example.com`);
    const { redirectUrl } = await simulate(request, paymentId, 'expired');
    await page.goto(new URL(redirectUrl).pathname + new URL(redirectUrl).search);
    await expect(page.getByText('Your previous payment was not completed. You can try again below.')).toBeVisible();
  });

  test("the currency list falls back to the spec's five when the API fails", async ({ page }) => {
    await page.route('**/api/payments/currencies', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500,"message":"boom"}' }),
    );
    await page.goto('/payment');
    const options = page.getByLabel('Cryptocurrency').locator('option');
    await expect(options).toHaveText([
      'Select cryptocurrency',
      'Bitcoin (BTC)',
      'Ethereum (ETH)',
      'Tether USD (USDT)',
      'USD Coin (USDC)',
      'Binance Coin (BNB)',
    ]);
  });

  test('a failed payment request shows the message and lets the buyer try again', async ({ page }) => {
    await page.route('**/api/payments/create', (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: '{"statusCode":502,"message":"Provider unavailable"}' }),
    );
    await page.goto('/payment');
    await page.getByLabel('Email address').fill(`retry.${Date.now()}@example.com`);
    await page.getByLabel('Cryptocurrency').selectOption('ETH');
    await page.getByLabel('Blockchain Network').selectOption('Ethereum Network');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to create payment. Please try again.');
    await expect(page).toHaveURL(/\/payment$/);
    await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });
});

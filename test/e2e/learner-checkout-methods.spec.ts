import type { Page } from '@playwright/test';
import { adminToken, authHeader, signInAdmin } from './admin-session';
import { lastMailTo } from './learner-helpers';
import { expect, test } from './fixtures';

/** From the payment page to the sandbox provider's hosted page, by card or PayPal. */
async function checkoutWith(page: Page, method: 'Card' | 'PayPal', email: string): Promise<void> {
  await page.goto('/payment');
  await expect(page.getByRole('heading', { name: 'Lifetime Access' })).toBeVisible();
  await page.getByRole('radio', { name: method }).check();
  // The crypto fields are for crypto only.
  await expect(page.getByLabel('Cryptocurrency')).toHaveCount(0);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Pay Now' }).click();
}

/**
 * The thank-you page after the hosted page: confirmation, the account (its
 * name prefilled with the payer's name the provider reported, when there
 * was one, else typed in), then the courses.
 */
async function finishAccount(page: Page, email: string, payerName?: string): Promise<void> {
  await expect(page).toHaveURL(/\/thank-you\?paymentId=/);
  await expect(page.getByText('Payment Successful!')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByLabel('Email address')).toHaveValue(email);
  if (payerName) await expect(page.getByLabel('Full name')).toHaveValue(payerName);
  else await page.getByLabel('Full name').fill('Robin Buyer');
  await page.getByLabel('Password', { exact: true }).fill('Quartz-Lantern-58');
  await page.getByLabel('Confirm Password').fill('Quartz-Lantern-58');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/courses$/);
}

test.describe('checkout by card and PayPal (sandbox)', () => {
  test('pay by card in the sandbox: hosted card page, signed webhook, signed in with access', async ({ page }) => {
    const email = `card.${Date.now()}@example.com`;
    await checkoutWith(page, 'Card', email);
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\/card\/cs_test_sbx_/);
    await expect(page.getByText('497.00 USD')).toBeVisible();
    await page.getByLabel('Name on card').fill('Ana Ferreira');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await finishAccount(page, email, 'Ana Ferreira');
    await expect(page.getByTestId('member-card')).toContainText('Ana Ferreira');
  });

  test('a failed card payment brings the buyer back to the payment page with Card still chosen and the email kept', async ({ page }) => {
    const email = `card.failed.${Date.now()}@example.com`;
    await checkoutWith(page, 'Card', email);
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\/card\/cs_test_sbx_/);
    await page.getByRole('button', { name: 'Fail', exact: true }).click();
    await expect(page).toHaveURL(/\/payment\?cancelled=1/);
    await expect(page.getByRole('radio', { name: 'Card' })).toBeChecked();
    await expect(page.getByLabel('Cryptocurrency')).toHaveCount(0);
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    // Trying again goes straight back to the card page.
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\/card\/cs_test_sbx_/);
  });

  test('pay by PayPal in the sandbox: approve, the server captures, signed in with access', async ({ page }) => {
    const email = `paypal.${Date.now()}@example.com`;
    await checkoutWith(page, 'PayPal', email);
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\/paypal\/pay\//);
    await page.getByLabel('Name on the PayPal account').fill('Jonas Weber');
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await finishAccount(page, email, 'Jonas Weber');
  });

  test('a 20% coupon shows the discounted price and the provider is asked for it', async ({ page, request }) => {
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    const token = await adminToken(request);
    const made = await request.post('/api/admin/coupons', { headers: authHeader(token), data: { code, kind: 'percent', percentOff: 20 } });
    expect(made.status()).toBe(201);

    await page.goto('/payment');
    await page.getByRole('button', { name: 'Have a coupon?' }).click();
    await page.getByLabel('Coupon code').fill('NOT-A-COUPON');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('This coupon code is not valid')).toBeVisible();
    await page.getByLabel('Coupon code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('coupon-applied')).toContainText(`Coupon ${code} applied: $99.40 off`);
    await expect(page.getByTestId('price')).toHaveText('$397.60');

    const email = `coupon.${Date.now()}@example.com`;
    await page.getByRole('radio', { name: 'Card' }).check();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    // The sandbox card provider's page shows what our server asked it for.
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\/card\//);
    await expect(page.getByText('397.60 USD')).toBeVisible();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await finishAccount(page, email);

    // After the sale the coupon stays on the payment: its page, the grid and the CSV export show the code and the discount.
    const filter = encodeURIComponent(JSON.stringify({ email }));
    const [payment] = await (await request.get(`/api/admin/payments?filter=${filter}`, { headers: authHeader(token) })).json();
    expect(payment).toMatchObject({ couponCode: code, listAmount: '497.00', discountAmount: '99.40', amount: '397.60' });
    await signInAdmin(page, token);
    await page.goto(`/admin/payments/${payment.id}/show`);
    await expect(page.getByText(`${code}: −99.40 USD off 497.00 USD`)).toBeVisible();
    await page.goto(`/admin/payments?filter=${filter}`);
    await expect(page.getByRole('cell', { name: `${code} (−99.40)` })).toBeVisible();
    const csv = await (await request.get(`/api/admin/payments/export?filter=${filter}`, { headers: authHeader(token) })).text();
    const [header, row] = csv.trim().split(/\r?\n/);
    const columns = header.split(',');
    const values = row.split(',');
    const column = (name: string) => values[columns.indexOf(name)];
    expect([column('couponCode'), column('listAmount'), column('discountAmount')]).toEqual([code, '497.00', '99.40']);
    expect(column('invoiceNumber')).toMatch(/^R-\d{6}$/);
  });
});

test.describe('crypto: our waiting page shows what to send', () => {
  test('amount, address, QR code and countdown; an underpaid payment offers the top-up, which completes it', async ({ page, request }) => {
    const email = `topup.${Date.now()}@example.com`;
    const res = await request.post('/api/payments/create', {
      data: { amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', clientId: `user_${Date.now()}`, email },
    });
    expect(res.ok()).toBe(true);
    const { paymentId, claimSecret } = await res.json();
    await page.goto('/');
    await page.evaluate(
      ([id, secret]) => {
        localStorage.setItem('paymentId', id);
        localStorage.setItem('paymentClaimSecret', secret);
      },
      [paymentId, claimSecret],
    );
    await page.goto(`/thank-you?paymentId=${paymentId}`);
    await expect(page.getByRole('heading', { name: 'Waiting for payment confirmation' })).toBeVisible();
    await expect(page.getByTestId('send-amount')).toHaveText('497.00 USDT');
    const address = (await page.getByTestId('send-address').textContent())!.trim();
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await expect(page.getByRole('img', { name: `QR code of the address ${address}` })).toBeVisible();
    await expect(page.getByTestId('send-countdown')).toContainText(/Quote expires in (59|60|1:00):\d\d/);

    const simulate = (outcome: string) => request.post(`/api/payments/sandbox/${paymentId}/simulate`, { data: { outcome } });
    expect((await simulate('partially_paid')).ok()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Payment incomplete' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('We received 248.5 USDT of 497.00 USDT.', { exact: false })).toBeVisible();
    await expect(page.getByTestId('send-amount')).toHaveText('248.5 USDT');
    await expect(page.getByTestId('send-address')).toHaveText(address);
    // One way on: the rest to the same address, never a new checkout.
    await expect(page.getByRole('link', { name: 'Start a new payment' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Copy amount' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy address' })).toBeVisible();

    // The email says the same, and links back to this page.
    await expect.poll(() => lastMailTo(email, 'underpaid')?.subject).toContain('248.5 USDT left to send');
    const mail = lastMailTo(email, 'underpaid')!;
    expect(mail.text).toContain(address);
    expect(mail.text).toContain(`/thank-you?paymentId=${paymentId}`);
    expect(mail.text).not.toMatch(/do not pay/i);

    // The buyer sends the rest from the (sandbox) wallet; the page, still polling, moves on to the account.
    await page.getByRole('link', { name: 'Pay on the payment processor’s page' }).click();
    await expect(page.locator('dd.amount')).toHaveText('248.5 USDT');
    await page.getByRole('button', { name: 'Send the rest' }).click();
    await expect(page).toHaveURL(new RegExp(`/thank-you\\?paymentId=${paymentId}`));
    await expect(page.getByText('Payment Successful!')).toBeVisible({ timeout: 60_000 });
  });
});

test.describe('currency and coupons in the console', () => {
  test('switching the currency to EUR changes the landing page, checkout and receipt', async ({ page, request }) => {
    const token = await adminToken(request);
    const setPayments = (data: Record<string, unknown>) => request.put('/api/admin/settings/payments', { headers: authHeader(token), data });
    expect((await setPayments({ currency: 'EUR', priceEUR: '449.00', compareAtEUR: '899.00' })).ok()).toBe(true);
    try {
      await page.goto('/');
      await expect(page.getByTestId('landing-price')).toHaveText('€449');
      await expect(page.getByText('Limited-time offer: €449 instead of €899')).toBeVisible();
      await page.goto('/payment');
      await expect(page.getByTestId('price')).toHaveText('€449');
      const email = `eur.${Date.now()}@example.com`;
      await page.getByRole('radio', { name: 'Card' }).check();
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('button', { name: 'Pay Now' }).click();
      await expect(page.getByText('449.00 EUR')).toBeVisible();
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      await finishAccount(page, email);
      await expect.poll(() => lastMailTo(email, 'receipt')?.text ?? '', { timeout: 60_000 }).toContain('€449.00');
    } finally {
      expect((await setPayments({ currency: 'USD' })).ok()).toBe(true);
    }
  });

  test('an admin creates a coupon in the console, and checkout takes it', async ({ page }) => {
    await signInAdmin(page);
    const code = `CONSOLE${Date.now().toString(36).toUpperCase()}`;
    await page.goto('/admin/coupons/create');
    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Kind').click();
    await page.getByRole('option', { name: 'Percent off' }).click();
    await page.getByRole('spinbutton', { name: 'Percent off' }).fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/admin\/coupons$/);
    // Said specifically, not react-admin's generic "Element created".
    await expect(page.getByText('Coupon created')).toBeVisible();
    await expect(page.getByRole('cell', { name: code })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(code) })).toContainText('10%');

    await page.goto('/payment');
    await page.getByRole('button', { name: 'Have a coupon?' }).click();
    await page.getByLabel('Coupon code').fill(code);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('price')).toHaveText('$447.30');
  });
});

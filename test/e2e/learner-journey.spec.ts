import { expect, test } from './fixtures';
import { signInOnPage } from './learner-helpers';

test('purchase journey: landing, checkout, sandbox payment, account creation, dashboard, course to 100%, sign out and back in with progress kept', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = `buyer.${Date.now()}@example.com`;
  const password = 'Str0ng!Pass';

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'JOIN NOW' }).first().click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { name: 'Lifetime Access' })).toBeVisible();
  await expect(page.getByText('Secured Checkout')).toBeVisible();

  const payNow = page.getByRole('button', { name: 'Pay Now' });
  await expect(payNow).toBeDisabled();

  // Validation: a currency without a network, then an email without @.
  const currency = page.getByLabel('Cryptocurrency');
  const network = page.getByLabel('Blockchain Network');
  await expect(currency.locator('option', { hasText: 'Tether USD (USDT)' })).toHaveCount(1);
  const emailField = page.getByLabel('Email address');
  await emailField.fill('buyer-at-example.com');
  await currency.focus();
  await currency.selectOption('USDT');
  // Leaving the selects with no network chosen.
  await network.focus();
  await emailField.focus();
  await expect(page.getByText('Please select both cryptocurrency and blockchain network')).toBeVisible();
  await expect(payNow).toBeDisabled();
  await network.selectOption('Tron (TRC-20)');
  await expect(page.getByText('Please select both cryptocurrency and blockchain network')).toHaveCount(0);
  await payNow.click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();

  // Changing the currency clears the network.
  await currency.selectOption('BTC');
  await expect(network).toHaveValue('');
  await network.selectOption('Bitcoin Network');
  await emailField.fill(email);
  await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
  await payNow.click();

  // The sandbox provider's hosted page, then back to /thank-you.
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/thank-you\?paymentId=/);
  await expect(page.getByText('Payment Successful!')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
  const accountEmail = page.getByLabel('Email address');
  await expect(accountEmail).toHaveValue(email);
  await expect(accountEmail).toHaveAttribute('readonly', '');

  const create = page.getByRole('button', { name: 'Create Account' });
  // The name certificates and receipts print: asked for, never made up from the email.
  await page.getByLabel('Full name').fill('Jordan Avery');
  const passwordField = page.getByLabel('Password', { exact: true });
  const confirmField = page.getByLabel('Confirm Password');
  // A weak password is refused.
  await passwordField.fill('weakpass');
  await confirmField.fill('weakpass');
  await expect(page.getByText('Please choose a stronger password')).toBeVisible();
  await expect(page.getByText('Password strength: Weak')).toBeVisible();
  await expect(create).toBeDisabled();
  // A mismatch is refused.
  await passwordField.fill(password);
  await expect(page.getByText('Password strength: Strong')).toBeVisible();
  await confirmField.fill(`${password}x`);
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(create).toBeDisabled();
  await confirmField.fill(password);
  await expect(create).toBeEnabled();
  await create.click();

  await expect(page).toHaveURL(/\/dashboard\/courses$/);
  await expect(page.getByRole('heading', { name: /Continue Learning/ })).toBeVisible();
  await expect(page.getByTestId('member-card')).toContainText('Jordan Avery');
  await expect(page.getByTestId('member-card')).toContainText('Lifetime');

  const firstCourse = page.getByRole('link', { name: /^Open Course/ }).first();
  await firstCourse.click();
  await expect(page).toHaveURL(/\/course\/\d+/);
  const counter = page.getByText(/^Lesson \d+ of \d+$/);
  await expect(counter).toHaveText(/^Lesson 1 of \d+$/);
  const total = Number((await counter.textContent())!.split(' of ')[1]);
  const courseUrl = new URL(page.url()).pathname;

  // Mark every lesson complete, moving on with Next, until the course reaches 100%.
  for (let n = 1; n <= total; n++) {
    await expect(counter).toHaveText(`Lesson ${n} of ${total}`);
    await page.getByRole('button', { name: 'Mark as Complete', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Completed', exact: true })).toBeVisible();
    await expect(page.getByTestId('progress-count')).toHaveText(`${n} / ${total} lessons`);
    const next = page.getByRole('button', { name: /Next Lesson/ });
    if (n < total) await next.click();
    else await expect(next).toBeDisabled();
  }
  await expect(page.getByTestId('progress-percent')).toHaveText('100%');

  await page.getByRole('link', { name: 'Back to courses' }).click();
  await expect(page.getByRole('progressbar').first()).toHaveAttribute('aria-valuenow', '100');
  const token = await page.evaluate(() => localStorage.getItem('learnerToken'));
  expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('isAuthenticated'))).toBeNull();
  // Signing out ended the session on the server too.
  expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);

  // The old session is over: the guard sends the learner to sign in, and back to the course afterwards.
  await page.goto(courseUrl);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await signInOnPage(page, { email, password });
  await expect(page).toHaveURL(new RegExp(`${courseUrl}$`));
  // Progress was kept, and the viewer resumes at the last lesson opened.
  await expect(page.getByTestId('progress-percent')).toHaveText('100%');
  await expect(page.getByTestId('progress-count')).toHaveText(`${total} / ${total} lessons`);
  await expect(counter).toHaveText(`Lesson ${total} of ${total}`);
});

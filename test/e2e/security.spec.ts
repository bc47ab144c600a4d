import { Secret, TOTP } from 'otpauth';
import { adminToken, demoCredentials, signInAdmin } from './admin-session';
import { expect, test } from './fixtures';
import { demoLearner, lastMailTo, signInOnPage } from './learner-helpers';

const PASSWORD = 'Granite-Meadow-4417!';

/** The code an authenticator app would show for `secret`, `stepsAhead` periods from now. */
const codeFor = (secret: string, stepsAhead = 0): string =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

test('admin two-factor sign-in: enable, enrol from the shown secret, sign in with a code, then with a recovery code that works once', async ({
  page,
  request,
}) => {
  const owner = await adminToken(request);
  const headers = { authorization: `Bearer ${owner}` };
  const email = `second.admin.${Date.now()}@example.com`;
  const created = await request.post('/api/admin/users', {
    headers,
    data: { name: 'Second Admin', email, password: PASSWORD, role: 'admin', status: 'active', plan: 'lifetime' },
  });
  expect(created.status()).toBe(201);

  let recovery: string | undefined;
  try {
    // Sign in (no second factor yet). Requiring two-factor sign-in from such a session is refused: it would end it.
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin\/overview$/);
    await page.goto('/admin/settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('switch', { name: 'Two-factor authentication' }).check();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText(/Set up two-factor authentication for your own account first/).first()).toBeVisible();

    // Set it up on the same page: the password again, then the shown secret, then the switch saves.
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await page.getByLabel('Your password').fill('not-my-password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your password is not right' })).toBeVisible();
    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByAltText(/QR code/)).toBeVisible();
    const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
    await page.getByLabel('Code from the app').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    // The codes show once the server answered: wait for them (allTextContents reads the page as it is, without waiting).
    const codeItems = page.getByRole('list', { name: 'Recovery codes' }).locator('li');
    await expect(codeItems).toHaveCount(10);
    const codes = (await codeItems.allTextContents()).map((c) => c.trim());
    await page.getByRole('button', { name: 'I have saved these codes' }).click();
    await expect(page.getByText(/Recovery codes left: 10/)).toBeVisible();
    await page.getByRole('switch', { name: 'Two-factor authentication' }).check();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();
    recovery = codes[9];
    // The owner's session, signed in with a password alone, has ended with it.
    expect((await request.get('/api/admin/users', { headers })).status()).toBe(401);

    // Sign out, then in: the password alone opens nothing.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/:\d+\/$/);
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toContainText('That code is not right');
    await page.getByLabel('Authentication code').fill(codeFor(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin\/overview$/);

    // A recovery code signs in once.
    for (const attempt of ['first', 'second'] as const) {
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await expect(page).toHaveURL(/:\d+\/$/);
      await page.goto('/admin/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await page.getByLabel('Recovery code').fill(codes[0]);
      await page.getByRole('button', { name: 'Verify' }).click();
      if (attempt === 'first') {
        await expect(page).toHaveURL(/\/admin\/overview$/);
      } else {
        await expect(page.getByRole('alert')).toContainText('That code is not right');
        await expect(page).toHaveURL(/\/admin\/login/);
      }
    }
  } finally {
    // Only a session that passed a second factor can still change settings: the second admin's, with a recovery code kept for it.
    let token = owner;
    if (recovery) {
      const { challenge } = await (await request.post('/api/admin/login', { data: { email, password: PASSWORD } })).json();
      token = (await (await request.post('/api/admin/login/two-factor', { data: { challenge, code: recovery } })).json()).token;
    }
    const off = await request.put('/api/admin/settings/security', { headers: { authorization: `Bearer ${token}` }, data: { twoFactorEnabled: false } });
    expect(off.status()).toBe(200);
  }
});

test('paid files: a lesson PDF is not at a public address, and the learner opens it through a link of their own', async ({ page, request }) => {
  expect((await request.get('/media/seed/course-1-lesson-4.pdf')).status()).toBe(404);
  const learner = await demoLearner(request);
  const token = (await (await request.post('/api/auth/login', { data: learner })).json()).token as string;
  const course = (await (await request.get('/api/courses/1', { headers: { authorization: `Bearer ${token}` } })).json()).course;
  const pdfLesson = course.lessons.find((l: { type: string }) => l.type === 'pdf');
  expect(pdfLesson.pdfUrl).toMatch(/^\/api\/courses\/1\/lessons\/\d+\/file\?u=/);

  await page.goto(`/login?redirect=${encodeURIComponent(`/course/1?lesson=${pdfLesson.id}`)}`);
  await signInOnPage(page, learner);
  const open = page.getByRole('link', { name: /Open PDF/ });
  await expect(open).toBeVisible();
  const href = (await open.getAttribute('href'))!;
  expect(href).toMatch(/\/file\?u=.*&sig=/);
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a buyer on another device finishes the account from the emailed link; a bare payment id is not enough', async ({ browser, request }) => {
  const email = `other.device.${Date.now()}@example.com`;
  const created = await (await request.post('/api/payments/create', { data: { amount: 497, currency: 'USDT', blockchain: 'Tron (TRC-20)', email } })).json();
  expect((await request.post(`/api/payments/sandbox/${created.paymentId}/simulate`, { data: { outcome: 'finished' } })).ok()).toBe(true);
  let mail: ReturnType<typeof lastMailTo>;
  await expect(() => expect((mail = lastMailTo(email, 'receipt'))).toBeTruthy()).toPass({ timeout: 30_000 });
  const link = mail!.text.match(/https?:\/\/\S+\/thank-you\?paymentId=\S+#claim=\S+/)![0];

  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(`/thank-you?paymentId=${created.paymentId}`);
  await expect(strangerPage.getByText(/open the “Finish creating your account” link we emailed/)).toBeVisible();
  await expect(strangerPage.getByText(email)).toHaveCount(0);
  expect(
    (
      await strangerPage.request.post('/api/auth/create-account', { data: { email, name: 'Stranger', password: PASSWORD, paymentId: created.paymentId } })
    ).status(),
  ).toBe(403);
  await stranger.close();

  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await phonePage.goto(new URL(link).pathname + new URL(link).search + new URL(link).hash);
  await expect(phonePage.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
  await expect(phonePage.getByLabel('Email address')).toHaveValue(email);
  await phonePage.getByLabel('Full name').fill('Phone Buyer');
  await phonePage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await phonePage.getByLabel('Confirm Password').fill(PASSWORD);
  await phonePage.getByRole('button', { name: 'Create Account' }).click();
  await expect(phonePage).toHaveURL(/\/dashboard/);
  await phone.close();
});

test("resetting another admin's two-factor sign-in asks for your password, and ends their sessions", async ({ page, request }) => {
  const owner = await adminToken(request);
  const email = `lost.phone.${Date.now()}@example.com`;
  const created = await request.post('/api/admin/users', {
    headers: { authorization: `Bearer ${owner}` },
    data: { name: 'Lost Phone', email, password: PASSWORD, role: 'admin', status: 'active', plan: 'lifetime' },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id as string;
  const first = (await (await request.post('/api/admin/login', { data: { email, password: PASSWORD } })).json()).token as string;
  const theirs = { authorization: `Bearer ${first}` };
  const { secret } = await (await request.post('/api/admin/two-factor/setup', { headers: theirs, data: { password: PASSWORD } })).json();
  const confirmed = await (await request.post('/api/admin/two-factor/confirm', { headers: theirs, data: { code: codeFor(secret) } })).json();
  const session = { authorization: `Bearer ${confirmed.token}` };
  expect((await request.get('/api/admin/users', { headers: session })).status()).toBe(200);

  const { admin } = await demoCredentials(request);
  await signInAdmin(page, owner);
  await page.goto(`/admin/users/${id}/show`);
  await page.getByRole('button', { name: 'Reset two-factor' }).click();
  await page.getByRole('dialog').getByLabel('Your password').fill('not-my-password');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Failed to reset two-factor sign-in: Your password is not right')).toBeVisible();
  expect((await request.get('/api/admin/users', { headers: session })).status()).toBe(200);

  await page.getByRole('button', { name: 'Reset two-factor' }).click();
  await page.getByRole('dialog').getByLabel('Your password').fill(admin.password);
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Two-factor sign-in of Lost Phone was reset')).toBeVisible();
  expect((await request.get('/api/admin/users', { headers: session })).status()).toBe(401);
});

import type { APIRequestContext, Page } from '@playwright/test';
import { adminToken, signInAdmin } from './admin-session';
import { expect, test } from './fixtures';
import { buyAccount, demoLearner, expectAccessible, signInOnPage } from './learner-helpers';

const PASSWORD = 'Quartz-Lantern-58';

interface CapturedMail {
  id: string;
  to: string;
  subject: string;
  tag: string | null;
  text: string;
  html?: string;
}

/** The newest captured mail to `to` with `tag`, read through the developers' mail viewer (/api/dev/mail). */
async function capturedMail(request: APIRequestContext, to: string, tag: string): Promise<CapturedMail> {
  let id = '';
  await expect(async () => {
    const list = await (await request.get(`/api/dev/mail?to=${encodeURIComponent(to)}&tag=${tag}`)).json();
    expect(list.mail.length).toBeGreaterThan(0);
    id = list.mail[0].id;
  }).toPass({ timeout: 60_000 });
  return (await (await request.get(`/api/dev/mail/${id}`)).json()) as CapturedMail;
}

async function signIn(page: Page, credentials: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await signInOnPage(page, credentials);
  await expect(page).toHaveURL(/\/dashboard/);
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

test('pay and close the tab: the receipt mail has a working finish-your-account link that creates the account and signs in', async ({ browser, request }) => {
  const email = `closed.tab.${Date.now()}@example.com`;
  const buyer = await browser.newContext();
  const tab = await buyer.newPage();
  await tab.goto('/payment');
  await tab.getByLabel('Email address').fill(email);
  await tab.getByLabel('Cryptocurrency').selectOption('USDT');
  await tab.getByLabel('Blockchain Network').selectOption('Tron (TRC-20)');
  await tab.getByRole('button', { name: 'Pay Now' }).click();
  await expect(tab).toHaveURL(/\/api\/payments\/sandbox\/checkout\//);
  await tab.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(tab).toHaveURL(/\/thank-you\?paymentId=/);
  // The buyer closes the tab (and the browser) without creating the account.
  await buyer.close();

  const mail = await capturedMail(request, email, 'receipt');
  expect(mail.subject).toMatch(/receipt R-\d{6}$/);
  expect(mail.text).toContain('497.00 USD');
  const link = new URL(/https?:\/\/\S+\/thank-you\?\S+#claim=\S+/.exec(mail.text)![0]);
  // The HTML part a mail client shows carries the same link.
  const html = await request.get(`/api/dev/mail/${mail.id}/html`);
  expect(await html.text()).toContain(`/thank-you?paymentId=${link.searchParams.get('paymentId')}`);

  const later = await browser.newContext();
  const page = await later.newPage();
  await page.goto(link.pathname + link.search + link.hash);
  await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Email address')).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/courses$/);
  await expect(page.getByRole('heading', { name: /Continue Learning/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('isAuthenticated'))).toBe('true');
  await later.close();
});

test('a lifetime member who tries to buy again is stopped before paying, with a way back to the courses', async ({ page, request }) => {
  const learner = await demoLearner(request);
  const paymentsOf = async () =>
    (
      await (
        await request.get(`/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ email: learner.email }))}`, {
          headers: auth(await adminToken(request)),
        })
      ).json()
    ).length as number;
  const before = await paymentsOf();
  await signIn(page, learner);
  await page.goto('/payment');
  const email = page.getByLabel('Email address');
  await expect(email).toHaveValue(learner.email);
  await expect(email).toHaveAttribute('readonly', '');
  await page.getByLabel('Cryptocurrency').selectOption('BTC');
  await page.getByLabel('Blockchain Network').selectOption('Bitcoin Network');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const owned = page.getByTestId('already-owned');
  await expect(owned).toContainText('You already own lifetime access');
  await expect(owned).toContainText('You already have lifetime access with this email.');
  await expect(page).toHaveURL(/\/payment$/);
  await expectAccessible(page);
  expect(await paymentsOf()).toBe(before);
  await owned.getByRole('link', { name: 'Go to My Courses' }).click();
  await expect(page).toHaveURL(/\/dashboard\/courses$/);
});

test('a refund request from the account page: an eligible one reaches the admin, an ineligible one says why', async ({ page, request }) => {
  const eligible = { email: `refund.ok.${Date.now()}@example.com`, password: PASSWORD };
  await buyAccount(request, eligible.email, eligible.password);
  await signIn(page, eligible);
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  const purchase = page.getByTestId('purchase');
  await expect(purchase).toContainText('497.00 USD');
  await purchase.getByRole('button', { name: 'Request a Refund' }).click();
  await purchase.getByLabel(/Why are you asking for a refund/).fill('Not what I expected');
  await purchase.getByRole('button', { name: 'Send Refund Request' }).click();
  await expect(purchase).toContainText('Refund requested: waiting for review');
  await expectAccessible(page);

  // The admin sees it among the pending requests and on the payment.
  const token = await adminToken(request);
  const pending = await (
    await request.get(`/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ refundRequest: 'pending', email: eligible.email }))}`, {
      headers: auth(token),
    })
  ).json();
  expect(pending).toHaveLength(1);
  const admin = await page.context().browser()!.newContext();
  const adminPage = await admin.newPage();
  await signInAdmin(adminPage, token);
  await adminPage.goto(`/admin/payments/${pending[0].id}/show`);
  await expect(adminPage.getByTestId('refund-request')).toContainText('Pending: within the refund policy');
  await expect(adminPage.getByTestId('refund-request')).toContainText('Not what I expected');
  await admin.close();

  // A learner who has opened more than 20% of the lessons is told why not.
  const heavy = { email: `refund.no.${Date.now()}@example.com`, password: PASSWORD };
  await buyAccount(request, heavy.email, heavy.password);
  const session = await (await request.post('/api/auth/login', { data: heavy })).json();
  const courses = (await (await request.get('/api/courses')).json()).courses as Array<{ id: number }>;
  const lessons: Array<{ courseId: number; id: number }> = [];
  for (const c of courses) {
    const course = (await (await request.get(`/api/courses/${c.id}`, { headers: auth(session.token) })).json()).course;
    for (const l of course.lessons) lessons.push({ courseId: c.id, id: l.id });
  }
  for (const l of lessons.slice(0, Math.ceil(lessons.length * 0.25) + 1)) {
    expect((await request.post(`/api/courses/${l.courseId}/lessons/${l.id}/complete`, { headers: auth(session.token) })).ok()).toBe(true);
  }
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await signIn(page, heavy);
  await page.goto('/dashboard/account');
  const refused = page.getByTestId('purchase');
  await refused.getByRole('button', { name: 'Request a Refund' }).click();
  await refused.getByRole('button', { name: 'Send Refund Request' }).click();
  await expect(refused.getByRole('alert')).toContainText('This purchase cannot be refunded');
  await expect(refused.getByRole('alert')).toContainText('% of the lessons accessed (at most 20%)');
  await expect(refused.getByRole('button', { name: 'Send Refund Request' })).toBeVisible();
});

test("a free member's Content Database shows the upgrade state, not an error", async ({ page, request }) => {
  const free = { email: `free.member.${Date.now()}@example.com`, password: PASSWORD };
  const created = await request.post('/api/admin/users', {
    headers: auth(await adminToken(request)),
    data: { name: 'Free Member', email: free.email, password: free.password, role: 'student', status: 'active', plan: 'free' },
  });
  expect(created.ok()).toBe(true);
  await signIn(page, free);
  await page.getByRole('link', { name: 'Content Database' }).click();
  const upgrade = page.getByTestId('upgrade-state');
  await expect(upgrade.getByRole('heading', { name: 'Unlock lifetime access' })).toBeVisible();
  await expect(page.getByText(/Could not load/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try Again' })).toHaveCount(0);
  await expectAccessible(page);
  await upgrade.getByRole('link', { name: 'Get Lifetime Access' }).click();
  await expect(page).toHaveURL(/\/payment$/);
});

test('rating a course after a lesson shows the new average and count in the admin', async ({ page, request }) => {
  const learner = { email: `rater.${Date.now()}@example.com`, password: PASSWORD };
  await buyAccount(request, learner.email, learner.password);
  const token = await adminToken(request);
  const courseId = (await (await request.get('/api/courses')).json()).courses[0].id as number;
  const ratings = await (
    await request.get(`/api/admin/reviews?filter=${encodeURIComponent(JSON.stringify({ courseId }))}&range=[0,99]`, { headers: auth(token) })
  ).json();
  const stars = ratings.map((r: { stars: number }) => r.stars) as number[];
  const expected = `${(Math.round(((stars.reduce((a, b) => a + b, 0) + 4) / (stars.length + 1)) * 10) / 10).toFixed(1)}`;

  await signIn(page, learner);
  await page.goto(`/course/${courseId}`);
  await expect(page.getByText('Complete a lesson of this course to rate it.')).toBeVisible();
  await page.getByRole('button', { name: 'Mark as Complete' }).click();
  await expect(page.getByText(/Lesson complete\.|Course completed!/)).toBeVisible();
  await page.getByRole('button', { name: '4 stars' }).click();
  await page.getByLabel('Your review (optional)').fill('Clear and practical <b>lessons</b>');
  await page.getByRole('button', { name: 'Save Rating' }).click();
  await expect(page.getByText('Thank you! Your rating was saved.')).toBeVisible();
  const count = `${stars.length + 1} ${stars.length + 1 === 1 ? 'rating' : 'ratings'}`;
  await expect(page.getByTestId('course-rating')).toHaveText(`★ ${expected} (${count})`);

  await signInAdmin(page, token);
  await page.goto(`/admin/courses/${courseId}/show`);
  await expect(page.getByText(`${expected}/5 (${count})`)).toBeVisible();
  await page.goto('/admin/reviews');
  await expect(page.getByText('Clear and practical lessons')).toBeVisible();
});

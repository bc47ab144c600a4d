import type { APIRequestContext, Page } from '@playwright/test';
import { adminToken, signInAdmin } from './admin-session';
import { expect, test } from './fixtures';
import { buyAccount, demoLearner, expectAccessible, signInOnPage, startCryptoCheckout } from './learner-helpers';

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
  await startCryptoCheckout(tab, email);
  await tab.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(tab).toHaveURL(/\/thank-you\?paymentId=/);
  // The buyer closes the tab (and the browser) without creating the account.
  await buyer.close();

  const mail = await capturedMail(request, email, 'receipt');
  expect(mail.subject).toMatch(/receipt R-\d{6}$/);
  expect(mail.text).toContain('$497.00');
  const link = new URL(/https?:\/\/\S+\/thank-you\?\S+#claim=\S+/.exec(mail.text)![0]);
  // The HTML part a mail client shows carries the same link.
  const html = await request.get(`/api/dev/mail/${mail.id}/html`);
  expect(await html.text()).toContain(`/thank-you?paymentId=${link.searchParams.get('paymentId')}`);

  const later = await browser.newContext();
  const page = await later.newPage();
  await page.goto(link.pathname + link.search + link.hash);
  await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Email address')).toHaveValue(email);
  await page.getByLabel('Full name').fill('Morgan Closed-Tab');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/courses$/);
  await expect(page.getByRole('heading', { name: /Continue Learning/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('isAuthenticated'))).toBe('true');
  await later.close();
});

test('a signed-in lifetime member is told on arriving at /payment that there is nothing to buy, with a way back to the courses', async ({ page, request }) => {
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
  // Said at once, before choosing anything: Pay Now cannot start a second purchase.
  const owned = page.getByTestId('already-owned');
  await expect(owned).toContainText('You already own lifetime access');
  await expect(owned).toContainText('Your account already has lifetime access to every course');
  await page.getByLabel('Cryptocurrency').selectOption('BTC');
  await page.getByLabel('Blockchain Network').selectOption('Bitcoin Network');
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
  await expect(page).toHaveURL(/\/payment$/);
  await expectAccessible(page);
  expect(await paymentsOf()).toBe(before);
  await owned.getByRole('link', { name: 'Go to My Courses' }).click();
  await expect(page).toHaveURL(/\/dashboard\/courses$/);
});

test("signed out, a lifetime member's email checks out like any other (the page tells no one who the customers are); the member gets a sign-in link by email", async ({
  page,
  request,
}) => {
  const learner = await demoLearner(request);
  await page.goto('/payment');
  await page.getByLabel('Email address').fill(learner.email);
  await page.getByLabel('Cryptocurrency').selectOption('USDT');
  await page.getByLabel('Blockchain Network').selectOption('Tron (TRC-20)');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  // The provider's page, as for a stranger's email: no "already owned" here.
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\//);
  const mail = await capturedMail(request, learner.email, 'already-owned');
  expect(mail.subject).toMatch(/^You already have lifetime access to /);
  const signIn = new URL(/https?:\/\/\S+\/login/.exec(mail.text)![0]);
  await page.goto(signIn.pathname);
  await signInOnPage(page, learner);
  await expect(page).toHaveURL(/\/dashboard/);
});

test('a refund request from the account page: an eligible one reaches the admin, an ineligible one says why', async ({ page, request }) => {
  const eligible = { email: `refund.ok.${Date.now()}@example.com`, password: PASSWORD };
  await buyAccount(request, eligible.email, eligible.password);
  await signIn(page, eligible);
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  const purchase = page.getByTestId('purchase');
  await expect(purchase).toContainText('Lifetime Access · $497');
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
  // Declining asks for the reason the buyer is told; the buyer is emailed it and sees it on the account page.
  await adminPage.getByTestId('refund-request').getByRole('button', { name: 'Decline Request' }).click();
  const decline = adminPage.getByRole('dialog', { name: 'Decline refund request' });
  await expect(decline.getByRole('button', { name: 'Decline Request' })).toBeDisabled();
  await decline.getByLabel('Reason for the buyer').fill('The course bundle was fully downloaded');
  await decline.getByRole('button', { name: 'Decline Request' }).click();
  await expect(adminPage.getByText('Refund request declined; the buyer is emailed your reason')).toBeVisible();
  await expect(adminPage.getByTestId('refund-request')).toContainText('Your reason: “The course bundle was fully downloaded”');
  await admin.close();
  const declinedMail = await capturedMail(request, eligible.email, 'refund-declined');
  expect(declinedMail.text).toContain('The course bundle was fully downloaded');
  await page.reload();
  await expect(purchase).toContainText('Refund request declined: The course bundle was fully downloaded');

  // A learner who opens more than 20% of the lessons after the page loaded is refused on sending: the form closes on the reasons and the support contact.
  const heavy = { email: `refund.no.${Date.now()}@example.com`, password: PASSWORD };
  await buyAccount(request, heavy.email, heavy.password);
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await signIn(page, heavy);
  await page.goto('/dashboard/account');
  const refused = page.getByTestId('purchase');
  await refused.getByRole('button', { name: 'Request a Refund' }).click();
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
  await refused.getByRole('button', { name: 'Send Refund Request' }).click();
  const why = refused.getByTestId('refund-not-eligible');
  await expect(why).toContainText('This purchase is outside the refund policy');
  await expect(why).toContainText('% of the lessons accessed (at most 20%)');
  await expect(why.getByTestId('support-contact')).toContainText('Questions about a refund? Contact support:');
  await expect(refused.getByRole('button', { name: 'Send Refund Request' })).toHaveCount(0);
  // Coming back later, the purchase says the same at once: no form that cannot succeed.
  await page.reload();
  await expect(page.getByTestId('refund-not-eligible')).toContainText('% of the lessons accessed (at most 20%)');
  await expect(page.getByTestId('purchase').getByRole('button', { name: 'Request a Refund' })).toHaveCount(0);
});

test('a learner who changed their email and is refunded: the refund mail reaches the new address and the member card no longer says lifetime', async ({
  page,
  request,
}) => {
  const learner = { email: `refund.moved.${Date.now()}@example.com`, password: PASSWORD };
  await buyAccount(request, learner.email, learner.password);
  const session = await (await request.post('/api/auth/login', { data: learner })).json();
  const moved = `moved.${learner.email}`;
  expect((await request.post('/api/account/email-change', { headers: auth(session.token), data: { newEmail: moved, currentPassword: PASSWORD } })).ok()).toBe(
    true,
  );
  const confirm = await capturedMail(request, moved, 'email-change');
  const token = decodeURIComponent(/confirm-email\?token=(\S+)/.exec(confirm.text)![1]);
  expect((await request.post('/api/account/email-change/confirm', { data: { token } })).ok()).toBe(true);

  await signIn(page, { email: moved, password: PASSWORD });
  await expect(page.getByTestId('member-card')).toContainText('Premium Member · Lifetime');
  const admin = await adminToken(request);
  const [payment] = await (
    await request.get(`/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ email: learner.email }))}`, { headers: auth(admin) })
  ).json();
  expect((await request.post(`/api/admin/payments/${payment.id}/refund`, { headers: auth(admin), data: { reason: 'Goodwill refund' } })).ok()).toBe(true);

  const refundMail = await capturedMail(request, moved, 'refund');
  expect(refundMail.text).toContain('Goodwill refund');
  await page.reload();
  await expect(page.getByTestId('member-card')).toContainText('Free Member');
  await expect(page.getByTestId('member-card')).not.toContainText('Lifetime');

  // The refund issued a credit note: the mail names it and links to the purchases on the account page, which list it beside the receipt and download it.
  const creditNote = /Credit note: (CN-\d{6})/.exec(refundMail.text)![1];
  const purchases = new URL(/https?:\/\/\S+\/dashboard\/account#account-purchases/.exec(refundMail.text)![0]);
  await page.goto(purchases.pathname + purchases.hash);
  // Scrolled to the purchases (below the profile and email panels) once the page has drawn them.
  await expect(page.getByRole('heading', { name: 'Purchase History' })).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  const refunded = page.getByTestId('purchase');
  await expect(refunded).toContainText(`Credit note ${creditNote}`);
  const downloading = page.waitForEvent('download');
  await refunded.getByRole('button', { name: 'Download Credit Note (PDF)' }).click();
  expect((await downloading).suggestedFilename()).toBe(`credit-note-${creditNote}.pdf`);
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

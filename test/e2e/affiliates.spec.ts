import { expect, test } from './fixtures';
import { authHeader, signInAdmin } from './admin-session';
import { buyAccount, signInWithApi } from './learner-helpers';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const PASSWORD = 'Affiliate-Partner-7';

test('a learner applies, the admin approves, a visitor comes through the referral link and buys; the dashboard shows the sale and its pending commission, a refund reverses it, and the console funnel counts it all', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const adminToken = await signInAdmin(page);
  const origin = page.url().replace(/\/admin.*$/, '');

  // The future affiliate: a learner who applies from the account page.
  const partnerContext = await browser.newContext({ baseURL: origin });
  const partner = await partnerContext.newPage();
  const email = `partner-${unique()}@example.com`;
  await buyAccount(partner.request, email, PASSWORD);
  await signInWithApi(partner, { email, password: PASSWORD });
  await partner.goto('/dashboard/account');
  const programme = partner.getByRole('region', { name: 'Affiliate Programme' });
  await programme.getByLabel('How will you promote the academy?').fill('A newsletter for 4,000 affiliate marketers and a YouTube channel.');
  await programme.getByLabel('Payout details').fill('partner-payouts@example.com');
  await programme.getByRole('button', { name: 'Send Application' }).click();
  await expect(programme.getByText('Your application is being reviewed.', { exact: false })).toBeVisible();

  // The admin approves the application in the console.
  await page.goto('/admin/affiliates');
  await page.getByPlaceholder('Search name, email or code').fill(email);
  // The search has applied once it is in the address (react-admin writes it after a pause; a click before that is undone).
  await expect(page).toHaveURL(/filter=.*partner-/);
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('cell', { name: email }).click();
  await expect(page).toHaveURL(/\/admin\/affiliates\/[^/]+$/);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('button', { name: 'Suspend' })).toBeVisible();

  // The approved affiliate sees their referral link.
  await partner.reload();
  const link = await programme.getByTestId('referral-link').textContent();
  const code = /ref=([A-Za-z0-9_-]+)/.exec(link ?? '')?.[1];
  expect(code).toBeTruthy();

  // A visitor in a fresh browser arrives through the link, then buys by card (sandbox) in that browser.
  // A person's browser: headless Chromium names itself HeadlessChrome, which the referral counter rightly takes for a bot.
  const visitorContext = await browser.newContext({
    baseURL: origin,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  });
  const visitor = await visitorContext.newPage();
  const visited = visitor.waitForResponse((r) => r.url().endsWith('/api/referrals/visit'));
  await visitor.goto(`/?ref=${code}`);
  const visit = await visited;
  expect(visit.status()).toBe(200);
  expect(await visit.json()).toMatchObject({ recorded: true });
  const buyer = `referred-${unique()}@example.com`;
  await buyAccount(visitor.request, buyer, PASSWORD, { method: 'card' });

  // The affiliate's dashboard: one click, one sale, a pending commission.
  // The commission is the worker's (from payment.confirmed): the dashboard is read again until it is there.
  await expect(async () => {
    await partner.goto('/dashboard/referrals');
    await expect(partner.getByTestId('tile-sales')).toContainText('1', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(partner.getByTestId('tile-clicks')).toContainText('1');
  const recent = partner.getByRole('region', { name: 'Recent commissions' }).getByRole('table');
  await expect(recent.getByRole('row')).toHaveCount(2);
  await expect(recent).toContainText('Pending');

  // A refund reverses the commission.
  const payments = await (
    await request.get(`/api/admin/payments?filter=${encodeURIComponent(JSON.stringify({ q: buyer }))}`, { headers: authHeader(adminToken) })
  ).json();
  const refunded = await request.post(`/api/admin/payments/${payments[0].id}/refund`, {
    headers: authHeader(adminToken),
    data: { reason: 'Changed their mind within the window' },
  });
  expect(refunded.ok()).toBe(true);
  await expect(async () => {
    await partner.reload();
    await expect(partner.getByRole('region', { name: 'Recent commissions' })).toContainText('Reversed', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // The console's funnel (Analytics > Sources, by affiliate): the visit, the checkout, the sale and its refund, counted by the worker's rollups.
  const sources = page.getByRole('region', { name: 'Sources' });
  await expect(async () => {
    await page.goto('/admin/analytics');
    const cells = sources.getByRole('row').filter({ hasText: code! }).getByRole('cell');
    await expect(cells).toHaveText([code!, '1', '1', '1', '1', '100.0%', '100.0%', '100.0%', '100.0%'], { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await sources.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await (await download).createReadStream();
  let text = '';
  for await (const chunk of csv) text += chunk;
  expect(text.split(/\r?\n/)[0]).toBe('Source,Visits,Checkouts,Paid,Refunded,Checkout rate,Paid rate,Conversion rate,Refund rate');
  expect(text).toContain(`${code},1,1,1,1,100.0,100.0,100.0,100.0`);

  await partnerContext.close();
  await visitorContext.close();
});

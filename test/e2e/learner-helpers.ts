import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { transitionsFinished } from './settled';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

export interface Credentials {
  email: string;
  password: string;
}

/** The demo learner of the running app (demo mode), as GET /api/public-config reports it. */
export async function demoLearner(request: APIRequestContext): Promise<Credentials> {
  const config = await (await request.get('/api/public-config')).json();
  expect(config.demoMode).toBe(true);
  return config.demoCredentials.learner;
}

/** Signs in through the learner login screen, which must already be open. */
export async function signInOnPage(page: Page, { email, password }: Credentials): Promise<void> {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** No serious or critical accessibility violations on the current screen. */
export async function expectAccessible(page: Page): Promise<void> {
  await transitionsFinished(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** How a test buyer pays: a coin and its network, or the sandbox's card page. */
/** Starts a USDT (Tron) checkout for `email` on the payment page and waits for the sandbox processor's page. */
export async function startCryptoCheckout(tab: Page, email: string): Promise<void> {
  await tab.goto('/payment');
  await tab.getByLabel('Email address').fill(email);
  await tab.getByLabel('Cryptocurrency').selectOption('USDT');
  await tab.getByLabel('Blockchain Network').selectOption('Tron (TRC-20)');
  await tab.getByRole('button', { name: 'Pay Now' }).click();
  await expect(tab).toHaveURL(/\/api\/payments\/sandbox\/checkout\//);
}

export type TestPayment = { currency: string; blockchain: string } | { method: 'card' };

/** A paid checkout and its account, created through the API the way the purchase journey creates them. */
export async function buyAccount(
  request: APIRequestContext,
  email: string,
  password: string,
  payment: TestPayment = { currency: 'BTC', blockchain: 'Bitcoin Network' },
): Promise<void> {
  const created = await request.post('/api/payments/create', { data: { amount: 497, clientId: `user_${Date.now()}`, email, ...payment } });
  const { paymentId, claimSecret, paymentUrl } = await created.json();
  if ('method' in payment) {
    // The hosted card page's Pay button: its session id ends the page's address.
    const session = new URL(paymentUrl).pathname.split('/').at(-1);
    expect((await request.post(`/api/payments/sandbox/card/${session}/simulate`, { data: { outcome: 'pay' } })).ok()).toBe(true);
  } else {
    expect((await request.post(`/api/payments/sandbox/${paymentId}/simulate`, { data: { outcome: 'finished' } })).ok()).toBe(true);
  }
  await expect(async () => expect((await (await request.get(`/api/payments/${paymentId}/status`)).json()).state).toBe('PAID')).toPass({ timeout: 60_000 });
  expect((await request.post('/api/auth/create-account', { data: { email, name: 'Test Learner', password, paymentId, claimSecret } })).ok()).toBe(true);
}

/** Signs the learner in through the API and puts the session where the site keeps it (any interface language, no form). */
export async function signInWithApi(page: Page, credentials: Credentials): Promise<string> {
  const answer = await page.request.post('/api/auth/login', { data: credentials });
  expect(answer.status()).toBe(200);
  const { token } = await answer.json();
  await page.goto('/login');
  await page.evaluate(
    ([t, email]) => {
      localStorage.setItem('learnerToken', t);
      localStorage.setItem('isAuthenticated', 'true');
      localStorage.setItem('userEmail', email);
    },
    [token as string, credentials.email],
  );
  return token;
}

/** The last captured email sent to `to` (development mail capture in the app's data folder), optionally of one kind (tag). */
export function lastMailTo(to: string, tag?: string): { to: string; subject: string; text: string; tag?: string } | undefined {
  const dir = join(process.env.E2E_DATA_DIR!, 'mail');
  if (!existsSync(dir)) return undefined;
  const mails = readdirSync(dir).map(
    (f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string; subject: string; text: string; tag?: string; at: string },
  );
  return mails
    .filter((m) => m.to === to && (tag === undefined || m.tag === tag))
    .sort((a, b) => a.at.localeCompare(b.at))
    .at(-1);
}

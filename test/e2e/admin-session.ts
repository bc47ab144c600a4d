import type { APIRequestContext, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { transitionsFinished } from './settled';
import { expect } from './fixtures';

export interface Credentials {
  email: string;
  password: string;
}

/** Demo credentials as the API publishes them in demo mode (the suite runs the app with DEMO_MODE=true). */
export async function demoCredentials(request: APIRequestContext): Promise<{ admin: Credentials; learner: Credentials }> {
  const config = await (await request.get('/api/public-config')).json();
  expect(config.demoMode).toBe(true);
  return config.demoCredentials;
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const { admin } = await demoCredentials(request);
  const res = await request.post('/api/admin/login', { data: admin });
  expect(res.status()).toBe(200);
  return (await res.json()).token;
}

/** Puts an admin session into the browser's storage the way the login page does, without going through the form. */
export async function signInAdmin(page: Page, token?: string): Promise<string> {
  const { admin } = await demoCredentials(page.request);
  const value = token ?? (await adminToken(page.request));
  await page.goto('/admin/login');
  await page.evaluate(
    ([t, email]) => {
      localStorage.setItem('adminToken', t);
      localStorage.setItem('isAdminAuthenticated', 'true');
      localStorage.setItem('adminEmail', email);
    },
    [value, admin.email],
  );
  return value;
}

/**
 * No serious or critical axe violations on the current page. Axe reads a
 * notification mid-fade as low contrast, so it runs once notifications have gone.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await expect(page.locator('.MuiSnackbar-root')).toHaveCount(0, { timeout: 15_000 });
  await transitionsFinished(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

export const authHeader = (token: string) => ({ Authorization: `Bearer ${token}` });

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { signInAdmin } from './admin-session';
import { expect, test } from './fixtures';

/**
 * Issue 34 (webhooks): an admin adds an endpoint pointing at a local receiver in Admin > Integrations, reveals its
 * secret, sends a test event, and sees it delivered in the endpoint's log; the receiver verifies the signature with
 * the secret the console showed, using the standardwebhooks package.
 */
test('an admin adds a webhook endpoint, sends a test event and sees it delivered, signed with the secret shown', async ({ page }) => {
  test.setTimeout(120_000);
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/${Date.now().toString(36)}`;
  try {
    await signInAdmin(page);
    await page.goto('/admin/integrations');
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await webhooks.getByRole('button', { name: 'Add webhook endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    await dialog.getByRole('textbox', { name: 'URL' }).fill(url);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Local receiver');
    await dialog.getByRole('checkbox', { name: /payment\.confirmed/ }).check();
    await dialog.getByRole('button', { name: 'Save endpoint' }).click();
    await expect(dialog).toHaveCount(0);

    const row = webhooks.getByRole('row').filter({ hasText: url });
    await expect(row).toContainText('Enabled');
    await webhooks.getByRole('button', { name: `Open the webhook endpoint ${url}` }).click();
    const details = page.getByRole('dialog', { name: `Webhook endpoint ${url}` });
    await details.getByRole('button', { name: 'Reveal secret' }).click();
    const secret = (await details.getByRole('group', { name: 'Signing secret' }).locator('pre').textContent())?.trim();
    expect(secret).toMatch(/^whsec_/);
    await expect(details.getByRole('group', { name: 'Node.js verification example' })).toContainText(`new Webhook('${secret}')`);

    await details.getByRole('button', { name: 'Send test event' }).click();
    const log = details.getByRole('list', { name: 'Deliveries' });
    await expect(log).toContainText('webhook.test');
    await expect(log).toContainText('delivered', { timeout: 20_000 });
    expect(received).toHaveLength(1);
    const event = new Webhook(secret!).verify(received[0].body, received[0].headers as Record<string, string>) as { type: string };
    expect(event.type).toBe('webhook.test');
    await expect(log).toContainText(`webhook-id ${received[0].headers['webhook-id']}`);
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, Notification } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, createQueryClient, dataProvider, type WebhookDelivery, type WebhookEndpointRecord } from '../../api';
import { fakeApi, storeAdminSession } from '../../test/fakeApi';
import { WebhooksSection } from '../WebhooksSection';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const CATALOGUE = {
  testEventType: 'webhook.test',
  eventTypes: [
    { type: 'payment.confirmed', description: 'A payment was confirmed' },
    { type: 'payment.refunded', description: 'A payment was refunded' },
    { type: 'course.completed', description: 'A learner completed a course' },
  ],
};

const endpoint = (overrides: Partial<WebhookEndpointRecord> = {}): WebhookEndpointRecord => ({
  id: 'e0000000-0000-4000-8000-000000000001',
  url: 'https://crm.example.com/hooks',
  description: 'CRM sync',
  eventTypes: ['payment.confirmed'],
  status: 'enabled',
  disabledReason: null,
  disabledAt: null,
  consecutiveFailures: 0,
  previousSecretExpiresAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

const CRM = endpoint();
const GONE = endpoint({
  id: 'e0000000-0000-4000-8000-000000000002',
  url: 'https://old.example.com/hooks',
  description: '',
  status: 'disabled',
  disabledReason: 'The receiver answered 410 Gone',
});

const delivery: WebhookDelivery = {
  id: 'd0000000-0000-4000-8000-000000000001',
  endpointId: CRM.id,
  eventId: null,
  eventType: 'webhook.test',
  state: 'delivered',
  attemptCount: 1,
  nextAttemptAt: '2026-11-20T08:00:00.000Z',
  lastStatus: 200,
  lastError: null,
  deliveredAt: '2026-11-20T08:00:00.000Z',
  createdAt: '2026-11-20T08:00:00.000Z',
  body: '{"type":"webhook.test"}',
  attempts: [
    {
      attempt: 1,
      requestHeaders: { 'webhook-id': 'd0000000-0000-4000-8000-000000000001' },
      requestBody: '{"type":"webhook.test"}',
      responseStatus: 200,
      responseBody: 'ok',
      durationMs: 12,
      error: null,
      createdAt: '2026-11-20T08:00:00.000Z',
    },
  ],
};

function serve() {
  let endpoints = [CRM, GONE];
  const deliveries: WebhookDelivery[] = [];
  return fakeApi({
    'GET /api/admin/webhooks/event-types': () => ({ body: CATALOGUE }),
    'GET /api/admin/webhooks': () => ({ body: endpoints, headers: { 'Content-Range': `webhooks 0-${endpoints.length - 1}/${endpoints.length}` } }),
    'POST /api/admin/webhooks': (body) => {
      const { url, description, eventTypes } = body as WebhookEndpointRecord;
      if (url.startsWith('http://'))
        return {
          status: 400,
          body: { statusCode: 400, error: 'Bad Request', message: 'The URL must start with https://', errors: { url: 'The URL must start with https://' } },
        };
      const created = endpoint({ id: 'e0000000-0000-4000-8000-000000000009', url, description, eventTypes });
      endpoints = [created, ...endpoints];
      return { status: 201, body: created };
    },
    [`POST /api/admin/webhooks/${GONE.id}/enable`]: () => {
      endpoints = endpoints.map((e) => (e.id === GONE.id ? { ...e, status: 'enabled' as const, disabledReason: null } : e));
      return { body: endpoints.find((e) => e.id === GONE.id) };
    },
    [`GET /api/admin/webhooks/${CRM.id}/secret`]: () => ({ body: { secret: SECRET, previousSecret: null, previousSecretExpiresAt: null } }),
    [`POST /api/admin/webhooks/${CRM.id}/rotate-secret`]: () => ({
      body: { secret: 'whsec_TmV3U2VjcmV0TmV3U2VjcmV0TmV3U2VjcmV0', previousSecret: SECRET, previousSecretExpiresAt: '2026-11-28T10:00:00.000Z' },
    }),
    [`POST /api/admin/webhooks/${CRM.id}/test`]: () => {
      deliveries.unshift(delivery);
      return { status: 201, body: { ...delivery, state: 'pending', attempts: [] } };
    },
    [`GET /api/admin/webhooks/${CRM.id}/deliveries`]: () => ({ body: deliveries, headers: { 'Content-Range': `webhook-deliveries 0-0/${deliveries.length}` } }),
    [`POST /api/admin/webhooks/${CRM.id}/deliveries/${delivery.id}/resend`]: () => ({ body: { ...delivery, state: 'pending' } }),
  });
}

function renderSection() {
  render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider} queryClient={createQueryClient()}>
      <WebhooksSection />
      <Notification />
    </AdminContext>,
  );
}

const section = () => screen.getByRole('region', { name: 'Webhooks' });
const rowOf = async (url: string) => (await within(section()).findByText(url)).closest('tr')!;
const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  localStorage.clear();
  storeAdminSession();
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('the webhooks of the Integrations page', () => {
  it('lists the endpoints with their events and status, and enables a disabled one', async () => {
    const { calls } = serve();
    renderSection();
    const crm = await rowOf('https://crm.example.com/hooks');
    expect(within(crm).getByText('payment.confirmed')).toBeTruthy();
    expect(within(crm).getByText('Enabled')).toBeTruthy();
    const gone = await rowOf('https://old.example.com/hooks');
    expect(within(gone).getByText('The receiver answered 410 Gone')).toBeTruthy();
    fireEvent.click(within(gone).getByRole('button', { name: 'Enable the webhook endpoint https://old.example.com/hooks' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/api/admin/webhooks/${GONE.id}/enable`)).toBe(true));
    expect(await screen.findByText('Webhook endpoint https://old.example.com/hooks enabled')).toBeTruthy();
  });

  it('adds an endpoint with events chosen from the catalogue, showing a refused URL on its field', async () => {
    const { calls } = serve();
    renderSection();
    await rowOf('https://crm.example.com/hooks');
    fireEvent.click(within(section()).getByRole('button', { name: 'Add webhook endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    const save = within(dialog).getByRole('button', { name: 'Save endpoint' }) as HTMLButtonElement;
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'URL' }), { target: { value: 'http://crm.example.com/in' } });
    expect(save.disabled).toBe(true);
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /payment\.refunded/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /course\.completed/ }));
    fireEvent.click(save);
    expect(await within(dialog).findByText('The URL must start with https://')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'URL' }), { target: { value: ' https://crm.example.com/in ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: 'Refunds' } });
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add webhook endpoint' })).toBeNull());
    const posts = calls.filter((c) => c.method === 'POST' && c.path === '/api/admin/webhooks');
    expect(posts.at(-1)?.body).toEqual({ url: 'https://crm.example.com/in', description: 'Refunds', eventTypes: ['payment.refunded', 'course.completed'] });
    expect(await rowOf('https://crm.example.com/in')).toBeTruthy();
  });

  it('reveals and rotates the secret with examples made from it, sends a test event and resends a delivery from the log', async () => {
    const { calls } = serve();
    renderSection();
    const crm = await rowOf('https://crm.example.com/hooks');
    fireEvent.click(within(crm).getByRole('button', { name: 'Open the webhook endpoint https://crm.example.com/hooks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Webhook endpoint https://crm.example.com/hooks' });
    expect(await within(dialog).findByText('No deliveries yet.')).toBeTruthy();
    expect(within(dialog).queryByText(SECRET)).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reveal secret' }));
    expect(await within(dialog).findByText(SECRET)).toBeTruthy();
    const curl = await within(dialog).findByRole('group', { name: 'Signed curl example' });
    expect(curl.textContent).toContain("curl -X POST 'https://crm.example.com/hooks'");
    expect(curl.textContent).toMatch(/webhook-signature: v1,[A-Za-z0-9+/]+=*/);
    expect(within(dialog).getByRole('group', { name: 'Node.js verification example' }).textContent).toContain(`new Webhook('${SECRET}')`);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect(await within(dialog).findByText('whsec_TmV3U2VjcmV0TmV3U2VjcmV0TmV3U2VjcmV0')).toBeTruthy();
    expect(within(dialog).getByText(/The previous secret also signs every delivery until/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send test event' }));
    const log = await within(dialog).findByRole('list', { name: 'Deliveries' });
    expect(within(log).getByText('webhook.test')).toBeTruthy();
    expect(within(log).getByText(`webhook-id ${delivery.id}`)).toBeTruthy();
    fireEvent.click(within(log).getByRole('button', { name: `Resend the webhook.test delivery ${delivery.id}` }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith(`/deliveries/${delivery.id}/resend`))).toBe(true));
    expect(await screen.findByText('Delivery of webhook.test queued again')).toBeTruthy();
  });
});

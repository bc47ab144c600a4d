import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, Notification } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, createQueryClient, dataProvider, type ApiKeyRecord, type ApiKeyResource, type NewApiKey } from '../../api';
import { fakeApi, storeAdminSession } from '../../test/fakeApi';
import { endOfDay } from '../CreateApiKeyDialog';
import IntegrationsPage from '../IntegrationsPage';

const RESOURCES: ApiKeyResource[] = [
  { resource: 'analytics', label: 'Analytics' },
  { resource: 'courses', label: 'Courses' },
  { resource: 'payments', label: 'Payments' },
  { resource: 'users', label: 'Users' },
];

const apiKey = (overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord => ({
  id: 'k0000000-0000-4000-8000-000000000001',
  name: 'CRM sync',
  prefix: 'cpk_AbCdEf123456',
  scopes: { users: 'read', courses: 'write' },
  expiresAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  createdBy: { id: 'a1', email: 'admin@example.com' },
  lastUsedAt: '2026-11-20T08:00:00.000Z',
  revokedAt: null,
  status: 'active',
  ...overrides,
});

const CRM = apiKey();
const OLD = apiKey({
  id: 'k0000000-0000-4000-8000-000000000002',
  name: 'Old export',
  prefix: 'cpk_Zz9988776655',
  scopes: { payments: 'read' },
  expiresAt: '2026-10-01T00:00:00.000Z',
  lastUsedAt: null,
  status: 'expired',
});
const GONE = apiKey({
  id: 'k0000000-0000-4000-8000-000000000003',
  name: 'Leaked key',
  prefix: 'cpk_Qq1122334455',
  revokedAt: '2026-11-10T00:00:00.000Z',
  status: 'revoked',
});

const SECRET = 'cpk_N3wKey000001_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA';

/** A fake API of the keys: a created key joins the list (without its secret), a revoked one turns revoked. */
function serveKeys(options: { create?: (body: unknown) => { status?: number; body?: unknown }; revokeStatus?: number } = {}) {
  let keys = [CRM, OLD, GONE];
  return fakeApi({
    'GET /api/admin/api-keys/scopes': () => ({ body: { resources: RESOURCES } }),
    'GET /api/admin/api-keys': () => ({ body: keys, headers: { 'Content-Range': `api-keys 0-${keys.length - 1}/${keys.length}` } }),
    'POST /api/admin/api-keys': (body) => {
      if (options.create) return options.create(body);
      const { name, scopes, expiresAt = null } = body as NewApiKey;
      const created = apiKey({ id: 'k0000000-0000-4000-8000-000000000009', name, prefix: 'cpk_N3wKey000001', scopes, expiresAt, lastUsedAt: null });
      keys = [created, ...keys];
      return { status: 201, body: { ...created, secret: SECRET } };
    },
    [`DELETE /api/admin/api-keys/${CRM.id}`]: () => {
      if (options.revokeStatus)
        return { status: options.revokeStatus, body: { statusCode: options.revokeStatus, error: 'Error', message: 'The key is locked' } };
      keys = keys.map((k) => (k.id === CRM.id ? { ...k, status: 'revoked' as const, revokedAt: '2026-11-21T00:00:00.000Z' } : k));
      return { body: keys.find((k) => k.id === CRM.id) };
    },
  });
}

function renderPage() {
  render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider} queryClient={createQueryClient()}>
      <IntegrationsPage />
      <Notification />
    </AdminContext>,
  );
}

const keysSection = () => screen.getByRole('region', { name: 'API keys' });
const rowOf = async (name: string) => (await within(keysSection()).findByText(name)).closest('tr')!;

async function choose(dialog: HTMLElement, resource: string, level: string) {
  fireEvent.mouseDown(await within(dialog).findByRole('combobox', { name: resource }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: level }));
}

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

describe('the API keys of the Integrations page', () => {
  it('lists the keys with their prefix, access, status, expiry, last use and creator', async () => {
    serveKeys();
    renderPage();
    const crm = await rowOf('CRM sync');
    expect(Array.from(crm.children).map((cell) => cell.textContent)).toEqual([
      'CRM sync',
      'cpk_AbCdEf123456',
      'Read & write: Courses · Read: Users',
      'Active',
      'Never',
      expect.stringMatching(/^Nov 20, 2026/),
      expect.stringMatching(/^admin@example\.com/),
      'Revoke',
    ]);
    const old = await rowOf('Old export');
    expect(within(old).getByText('Expired')).toBeTruthy();
    expect(within(old).getByText('Read: Payments')).toBeTruthy();
    expect(within(old).getByText(/^Oct 1, 2026/)).toBeTruthy();
    const gone = await rowOf('Leaked key');
    expect(within(gone).getByText('Revoked')).toBeTruthy();
    expect(within(gone).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it('creates a key with its access per resource and expiry, and shows the key once with examples that use it', async () => {
    const { calls } = serveKeys();
    renderPage();
    await rowOf('CRM sync');
    fireEvent.click(within(keysSection()).getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    const create = within(dialog).getByRole('button', { name: 'Create key' }) as HTMLButtonElement;
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: '  Reporting  ' } });
    // No access chosen yet: nothing to create.
    expect(create.disabled).toBe(true);
    await choose(dialog, 'Payments', 'Read');
    await choose(dialog, 'Courses', 'Read & write');
    await choose(dialog, 'Analytics', 'Read');
    await choose(dialog, 'Analytics', 'None');
    fireEvent.change(within(dialog).getByLabelText('Expires on'), { target: { value: '2099-12-31' } });
    fireEvent.click(create);

    const shown = await screen.findByRole('dialog', { name: 'API key "Reporting" created' });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'Reporting', scopes: { payments: 'read', courses: 'write' }, expiresAt: endOfDay('2099-12-31') },
    ]);
    expect(shown.textContent).toContain('Copy this key now: it will not be shown again');
    expect(within(shown).getByRole('group', { name: 'API key' }).textContent).toContain(SECRET);
    // The example reads a list the key may read (courses come before payments in the catalogue), from this very origin.
    const url = `${window.location.origin}/api/admin/courses?range=%5B0%2C9%5D`;
    expect(within(shown).getByRole('group', { name: 'curl example' }).querySelector('pre')!.textContent).toBe(
      `curl -H "Authorization: Bearer ${SECRET}" "${url}"`,
    );
    const node = within(shown).getByRole('group', { name: 'Node.js example' }).textContent;
    expect(node).toContain(`fetch('${url}'`);
    expect(node).toContain(`Authorization: 'Bearer ${SECRET}'`);

    fireEvent.click(within(shown).getByRole('button', { name: 'Copy key' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await screen.findByText('API key copied')).toBeTruthy();
  });

  it('forgets the key once its dialog is closed', async () => {
    serveKeys();
    renderPage();
    await rowOf('CRM sync');
    fireEvent.click(within(keysSection()).getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Reporting' } });
    await choose(dialog, 'Users', 'Read');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: /created/ });
    // The example prefers the users list when the key may read it.
    expect(within(shown).getByRole('group', { name: 'curl example' }).textContent).toContain('/api/admin/users?range=%5B0%2C9%5D');
    expect(document.body.textContent).toContain(SECRET);

    fireEvent.click(within(shown).getByRole('button', { name: 'I have copied the key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    // The list shows the new key by its prefix only.
    const reporting = await rowOf('Reporting');
    expect(within(reporting).getByText('cpk_N3wKey000001')).toBeTruthy();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('revokes a key only once the admin confirms', async () => {
    const { calls } = serveKeys();
    renderPage();
    fireEvent.click(within(await rowOf('CRM sync')).getByRole('button', { name: 'Revoke the API key CRM sync' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('Revoke "CRM sync" (cpk_AbCdEf123456)?');
    fireEvent.click(within(confirm).getByRole('button', { name: /Cancel/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(within(await rowOf('CRM sync')).getByRole('button', { name: 'Revoke the API key CRM sync' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('API key "CRM sync" revoked')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/admin/api-keys/${CRM.id}`]);
    await waitFor(async () => expect(within(await rowOf('CRM sync')).getByText('Revoked')).toBeTruthy());
    expect(within(await rowOf('CRM sync')).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it("shows the API's refusals: a revoke in the notice, a create's field error on its field", async () => {
    serveKeys({
      revokeStatus: 409,
      create: () => ({
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'Validation failed', errors: { expiresAt: 'The expiry must be in the future' } },
      }),
    });
    renderPage();
    fireEvent.click(within(await rowOf('CRM sync')).getByRole('button', { name: 'Revoke the API key CRM sync' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Could not revoke the API key "CRM sync": The key is locked')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(keysSection()).getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Reporting' } });
    await choose(dialog, 'Users', 'Read');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Could not create the API key: Validation failed')).toBeTruthy();
    expect(within(dialog).getByText('The expiry must be in the future')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: /created/ })).toBeNull();
  });

  it('says why the list could not be read', async () => {
    // A server without the API keys yet: the fake API answers 404 in the API's error shape.
    fakeApi({});
    renderPage();
    expect(await within(keysSection()).findByText('Could not load the API keys: No route for GET /api/admin/api-keys')).toBeTruthy();
  });
});

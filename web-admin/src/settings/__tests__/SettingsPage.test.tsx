import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, Notification } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { authProvider, dataProvider, type Settings } from '../../api';
import { fakeApi, meAsAdmin, storeAdminSession } from '../../test/fakeApi';
import SettingsPage from '../SettingsPage';

const stored = (): Settings => ({
  general: {
    siteName: 'Affiliate Academy',
    siteDescription: 'Courses',
    adminEmail: 'admin@example.com',
    timezone: 'UTC',
    language: 'en',
    groupChatUrl: 'https://chat.example.com/join',
    supportEmail: '',
    supportUrl: '',
    sellerName: '',
    sellerAddress: 'Affiliate Academy Ltd., Belize City',
    sellerTaxId: '',
    taxRates: 'DE=19, FR=20',
  },
  security: { twoFactorEnabled: false, sessionTimeout: 30 },
  notifications: { emailNotifications: true, newUserNotifications: true, courseCompletionNotifications: false, lessonDigest: true, systemAlerts: true },
  system: { maintenanceMode: false, debugMode: false, cacheEnabled: true, backupFrequency: 'daily', backupRetentionDays: 30 },
  payments: {
    cardPublicKey: 'pk_1',
    cardSecretKey: '',
    cardWebhookSecret: '',
    paypalClientId: '',
    paypalClientSecret: '',
    paypalWebhookId: '',
    currency: 'USD',
    priceUSD: '497.00',
    compareAtUSD: '997.00',
    priceEUR: '497.00',
    compareAtEUR: '997.00',
    priceGBP: '497.00',
    compareAtGBP: '997.00',
    priceCAD: '497.00',
    compareAtCAD: '997.00',
    cryptoApiKey: '********',
    cryptoIpnSecret: '',
  },
  email: { smtpHost: '', smtpPort: 587, smtpUsername: '', smtpPassword: '********', smtpEncryption: 'tls', fromEmail: '' },
  affiliates: {
    enabled: true,
    attributionWindowDays: 30,
    attributionModel: 'last_click',
    commissionType: 'percent',
    commissionPercent: 30,
    commissionFixedUSD: '50.00',
    commissionFixedEUR: '45.00',
    commissionFixedGBP: '40.00',
    commissionFixedCAD: '70.00',
    holdDays: 30,
  },
  recovery: { remindersEnabled: true, delayMinutes: 60, secondReminder: true, couponCode: '' },
});

function renderSettings() {
  return render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider}>
      <SettingsPage />
      <Notification />
    </AdminContext>,
  );
}

const openTab = async (name: string) => fireEvent.click(await screen.findByRole('tab', { name }));
const helperOf = (input: HTMLElement) => document.getElementById(`${input.id}-helper-text`)?.textContent;

beforeEach(() => {
  localStorage.clear();
  storeAdminSession();
});

describe('SettingsPage', () => {
  it('refuses a session timeout outside 5-480 on the field without calling the server', async () => {
    const { calls } = fakeApi({ 'GET /api/auth/me': meAsAdmin, 'GET /api/admin/settings': () => ({ body: stored() }) });
    renderSettings();
    await openTab('Security');
    const timeout = await screen.findByLabelText(/Session timeout/);
    fireEvent.change(timeout, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(timeout.getAttribute('aria-invalid')).toBe('true'));
    expect(helperOf(timeout)).toBe('Session timeout must be between 5 and 480 minutes');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("puts the server's field errors on the fields and does not claim success", async () => {
    fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/settings': () => ({ body: stored() }),
      'PUT /api/admin/settings/general': () => ({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Please enter a valid email address',
          errors: { adminEmail: 'Please enter a valid email address' },
        },
      }),
    });
    renderSettings();
    const email = await screen.findByLabelText(/^Admin email/);
    fireEvent.change(email, { target: { value: 'admin@nowhere' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(helperOf(email)).toBe('Please enter a valid email address');
    expect(await screen.findByText(/Failed to save settings/)).toBeTruthy();
    expect(screen.queryByText('Settings saved successfully!')).toBeNull();
  });

  const generalSaves = () => {
    const message = 'Tax rates: XX is not a country code (ISO 3166, two letters, such as DE)';
    return fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/settings': () => ({ body: stored() }),
      'PUT /api/admin/settings/general': (body) =>
        (body as { taxRates: string }).taxRates.includes('XX')
          ? { status: 400, body: { statusCode: 400, error: 'Bad Request', message, errors: { taxRates: message } } }
          : { body: { ...stored().general, ...(body as object) } },
    });
  };

  it("puts the server's message about a bad tax rate list on the field", async () => {
    generalSaves();
    renderSettings();
    const rates = (await screen.findByLabelText(/^Tax rates by buyer country/)) as HTMLInputElement;
    expect(rates.value).toBe('DE=19, FR=20');
    fireEvent.change(rates, { target: { value: 'DE=19, XX=20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(rates.getAttribute('aria-invalid')).toBe('true'));
    expect(helperOf(rates)).toBe('Tax rates: XX is not a country code (ISO 3166, two letters, such as DE)');
    expect(screen.queryByText('Settings saved successfully!')).toBeNull();
  });

  it("saves the seller's VAT/tax ID and the tax rates per buyer country", async () => {
    const { calls } = generalSaves();
    renderSettings();
    fireEvent.change(await screen.findByLabelText(/^Tax rates by buyer country/), { target: { value: 'DE=19, AT=20' } });
    fireEvent.change(screen.getByLabelText(/^Seller VAT\/tax ID/), { target: { value: 'ATU12345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ taxRates: 'DE=19, AT=20', sellerTaxId: 'ATU12345678' });
  });

  it('says the settings were saved only after the server saved them', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/settings': () => ({ body: stored() }),
      'PUT /api/admin/settings/security': (body) => ({ body: { ...stored().security, ...(body as object) } }),
    });
    renderSettings();
    await openTab('Security');
    fireEvent.change(await screen.findByLabelText(/Session timeout/), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ twoFactorEnabled: false, sessionTimeout: 5 });
  });

  it('shows the affiliate programme section with its labels and saves it on its own', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/settings': () => ({ body: stored() }),
      'PUT /api/admin/settings/affiliates': (body) => ({ body: { ...stored().affiliates, ...(body as object) } }),
    });
    renderSettings();
    await openTab('Affiliates');
    expect(((await screen.findByLabelText(/^Attribution window \(days\)/)) as HTMLInputElement).value).toBe('30');
    expect((screen.getByLabelText('Affiliate programme enabled') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('combobox', { name: /^Attribution/ }).textContent).toBe('Last click wins');
    expect((screen.getByLabelText(/^Commission \(percent of the sale\)/) as HTMLInputElement).value).toBe('30');
    expect((screen.getByLabelText(/^Hold before payable \(days\)/) as HTMLInputElement).value).toBe('30');
    expect(screen.queryByLabelText(/^Commission per sale in USD/)).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Commission type/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Fixed amount per sale' }));
    for (const currency of ['USD', 'EUR', 'GBP', 'CAD']) expect(await screen.findByLabelText(new RegExp(`^Commission per sale in ${currency}`))).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Commission per sale in EUR/), { target: { value: '40.00' } });
    fireEvent.change(screen.getByLabelText(/^Attribution window \(days\)/), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/api/admin/settings/affiliates']);
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ commissionType: 'fixed', commissionFixedEUR: '40.00', attributionWindowDays: 60 });
  });

  it("shows the abandoned-checkout reminders section and puts the server's word on an unknown coupon on its field", async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/settings': () => ({ body: stored() }),
      'PUT /api/admin/settings/recovery': (body) =>
        (body as { couponCode?: string }).couponCode === 'NOPE'
          ? {
              status: 400,
              body: {
                statusCode: 400,
                error: 'Bad Request',
                message: 'No active coupon has this code (Coupons lists them)',
                errors: { couponCode: 'No active coupon has this code (Coupons lists them)' },
              },
            }
          : { body: { ...stored().recovery, ...(body as object) } },
    });
    renderSettings();
    await openTab('Recovery');
    expect(((await screen.findByLabelText('Abandoned-checkout reminders')) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/^Reminder delay \(minutes\)/) as HTMLInputElement).value).toBe('60');
    expect((screen.getByLabelText('Second reminder after 24 hours') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Reminder coupon/), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(helperOf(screen.getByLabelText(/^Reminder coupon/))).toBe('No active coupon has this code (Coupons lists them)'));
    expect(screen.queryByText('Settings saved successfully!')).toBeNull();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/api/admin/settings/recovery']);
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ remindersEnabled: true, delayMinutes: 60, secondReminder: true, couponCode: 'NOPE' });
  });

  it('never shows a stored secret, reveals only what the admin types, and keeps a secret left empty', async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/settings': () => ({ body: stored() }),
      'PUT /api/admin/settings/payments': (body) => ({ body: { ...stored().payments, ...(body as object), cryptoIpnSecret: '********' } }),
    });
    renderSettings();
    await openTab('Payments');
    const apiKey = (await screen.findByLabelText(/^Crypto processor API key/)) as HTMLInputElement;
    expect(apiKey.value).toBe('');
    expect(apiKey.type).toBe('password');
    expect(helperOf(apiKey)).toMatch(/A value is stored/);
    expect(document.body.innerHTML).not.toContain('********');

    const ipn = screen.getByLabelText(/^Crypto processor IPN secret/) as HTMLInputElement;
    fireEvent.change(ipn, { target: { value: 'typed-secret' } });
    expect(ipn.type).toBe('password');
    const field = ipn.closest('.MuiFormControl-root') as HTMLElement;
    fireEvent.click(within(field).getByRole('button', { name: /show/i }));
    expect(ipn.type).toBe('text');
    expect(ipn.value).toBe('typed-secret');

    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings saved successfully!')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')?.body as Record<string, unknown>;
    expect(put.cryptoIpnSecret).toBe('typed-secret');
    expect(put).not.toHaveProperty('cryptoApiKey');
    expect(put).not.toHaveProperty('cardSecretKey');
    await waitFor(() => expect((screen.getByLabelText(/^Crypto processor IPN secret/) as HTMLInputElement).value).toBe(''));
  });

  it("reports a failed test email with the server's error, never a fake success", async () => {
    fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/settings': () => ({ body: stored() }),
      'POST /api/admin/settings/test-email': () => ({
        status: 502,
        body: { statusCode: 502, error: 'Bad Gateway', message: 'The test email to admin@example.com could not be sent: connect ECONNREFUSED' },
      }),
    });
    renderSettings();
    await openTab('Email');
    fireEvent.click(await screen.findByRole('button', { name: 'Send test email' }));
    expect(await screen.findByText('Test email failed: The test email to admin@example.com could not be sent: connect ECONNREFUSED')).toBeTruthy();
    expect(screen.queryByText('Test email sent successfully!')).toBeNull();
  });

  const backupRow = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
    id,
    name: `backup-${id}.json.gz`,
    status,
    trigger: 'manual',
    size: null,
    error: null,
    method: null,
    note: null,
    createdAt: '2026-11-22T10:00:00Z',
    completedAt: null,
    downloadUrl: null,
    ...extra,
  });

  it('says a backup succeeded only once it is complete, with its size; lists backups with size, method and a download', async () => {
    let backups = [
      backupRow('b1', 'completed', {
        size: 2_621_440,
        method: 'built-in',
        note: 'No pg_dump for PostgreSQL 18 on this machine.',
        completedAt: '2026-11-20T10:00:05Z',
        downloadUrl: '/api/admin/backups/b1/download',
      }),
    ];
    let polls = 0;
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/settings': () => ({ body: stored() }),
      'GET /api/admin/backups': () => ({ body: backups, headers: { 'Content-Range': `backups 0-${backups.length - 1}/${backups.length}` } }),
      'POST /api/admin/backups': () => {
        backups = [backupRow('b2', 'running'), ...backups];
        return { status: 202, body: { success: true, message: 'Backup initiated: backup-b2.json.gz', backup: backups[0] } };
      },
      'GET /api/admin/backups/b2': () => {
        polls += 1;
        if (polls < 2) return { body: backupRow('b2', 'running') };
        backups[0] = backupRow('b2', 'completed', { size: 5120, method: 'pg_dump 18.4', downloadUrl: '/api/admin/backups/b2/download' });
        return { body: backups[0] };
      },
    });
    renderSettings();
    await openTab('System');
    const table = await screen.findByRole('table', { name: 'Backups' });
    expect(within(table).getByText('2.5 MB')).toBeTruthy();
    expect(within(table).getByText(/Built-in exporter — No pg_dump for PostgreSQL 18/)).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Download backup-b1.json.gz' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Backup now' }));
    expect(await screen.findByText('Backup initiated successfully!', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(/Backup completed/)).toBeNull();
    expect(await screen.findByText('Backup completed: backup-b2.json.gz (5.0 KB)', {}, { timeout: 5000 })).toBeTruthy();
    expect(await within(table).findByRole('button', { name: 'Download backup-b2.json.gz' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/backups']);
  }, 20_000);

  it('reports a backup that fails as failed, never as a success', async () => {
    fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/settings': () => ({ body: stored() }),
      'GET /api/admin/backups': () => ({ body: [], headers: { 'Content-Range': 'backups */0' } }),
      'POST /api/admin/backups': () => ({ status: 202, body: { success: true, message: 'Backup initiated', backup: backupRow('b3', 'pending') } }),
      'GET /api/admin/backups/b3': () => ({ body: backupRow('b3', 'failed', { error: 'No space left on device' }) }),
    });
    renderSettings();
    await openTab('System');
    fireEvent.click(await screen.findByRole('button', { name: 'Backup now' }));
    expect(await screen.findByText('Backup failed: No space left on device', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(/Backup completed/)).toBeNull();
  }, 20_000);
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, Notification, ResourceContextProvider } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { authProvider, dataProvider, type MailLogEntry } from '../../api';
import { fakeApi, meAsAdmin, storeAdminSession } from '../../test/fakeApi';
import { MailLogList } from '../MailLogList';

const mail = (id: string, over: Partial<MailLogEntry>): MailLogEntry => ({
  id,
  to: 'buyer@example.com',
  subject: 'Your receipt R-001001',
  tag: 'receipt',
  state: 'sent',
  attempts: 1,
  redrives: 0,
  lastError: null,
  lastFailedAt: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  sentAt: '2026-11-20T09:00:01.000Z',
  deadAt: null,
  ...over,
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  storeAdminSession();
});

function renderList() {
  return render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider}>
      <ResourceContextProvider value="mail-log">
        <MailLogList />
      </ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );
}

describe('MailLogList', () => {
  it('lists owed, failing, sent and dead mails with their attempts and error, and retries the selected failing ones', async () => {
    let rows = [
      mail('00000000-0000-4000-8000-000000000001', { state: 'dead', attempts: 20, sentAt: null, lastError: 'connect ECONNREFUSED 127.0.0.1:25' }),
      mail('00000000-0000-4000-8000-000000000002', { state: 'failed', attempts: 3, sentAt: null, lastError: 'Greeting never received', subject: 'Welcome' }),
      mail('00000000-0000-4000-8000-000000000003', { state: 'owed', attempts: 0, sentAt: null, subject: 'Reset your password', tag: 'password-reset' }),
      mail('00000000-0000-4000-8000-000000000004', {}),
    ];
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/mail-log': (_body, url) => {
        const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as { state?: string };
        const shown = rows.filter((r) => !filter.state || r.state === filter.state);
        return { body: shown, headers: { 'Content-Range': `mail-log 0-${Math.max(shown.length - 1, 0)}/${shown.length}`, 'X-Offset-Limit': '10000' } };
      },
      'POST /api/admin/mail-log/retry': (body) => {
        const ids = (body as { ids: string[] }).ids;
        rows = rows.map((r) => (ids.includes(r.id) ? { ...r, state: 'owed' } : r));
        return { body: { success: true, retried: ids.length } };
      },
    });
    renderList();
    expect((await screen.findByTestId('mail-state-00000000-0000-4000-8000-000000000001')).textContent).toBe('Dead');
    expect(screen.getByTestId('mail-state-00000000-0000-4000-8000-000000000002').textContent).toBe('Failing');
    expect(screen.getByTestId('mail-state-00000000-0000-4000-8000-000000000003').textContent).toBe('Owed');
    expect(screen.getByTestId('mail-state-00000000-0000-4000-8000-000000000004').textContent).toBe('Sent');
    expect(screen.getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeTruthy();
    const dead = screen.getByTestId('mail-state-00000000-0000-4000-8000-000000000001').closest('tr')!;
    expect(dead.textContent).toContain('20');

    // A sent mail selected with a failing one: only the failing one is sent again.
    for (const id of ['00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000004'])
      fireEvent.click(within(screen.getByTestId(`mail-state-${id}`).closest('tr')!).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Retry selected (1)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Send the 1 selected mails again?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 mail owed again: sent once mail works')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ ids: ['00000000-0000-4000-8000-000000000002'] }]);
    await waitFor(() => expect(screen.getByTestId('mail-state-00000000-0000-4000-8000-000000000002').textContent).toBe('Owed'));
  }, 60_000);
});

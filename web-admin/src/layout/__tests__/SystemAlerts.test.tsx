import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, Notification } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { authProvider, dataProvider } from '../../api';
import { fakeApi, meAsAdmin, storeAdminSession } from '../../test/fakeApi';
import { SystemAlerts } from '../SystemAlerts';

beforeEach(() => {
  localStorage.clear();
  storeAdminSession();
});

describe('SystemAlerts', () => {
  it('shows the open alerts (a failing mail transport) with the way to deal with them, and dismisses one', async () => {
    let alerts = [
      {
        id: '7',
        kind: 'mail-failing',
        subject: 'Mail is failing',
        text: 'Sending an email failed: connect ECONNREFUSED 127.0.0.1:25',
        count: 4,
        firstAt: '2026-11-20T09:00:00.000Z',
        lastAt: '2026-11-20T09:05:00.000Z',
      },
    ];
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/alerts': () => ({ body: { alerts } }),
      'POST /api/admin/alerts/7/dismiss': () => {
        const [dismissed] = alerts;
        alerts = [];
        return { body: dismissed };
      },
    });
    render(
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider}>
        <SystemAlerts />
        <Notification />
      </AdminContext>,
    );
    const alert = await screen.findByTestId('system-alert-mail-failing');
    expect(alert.textContent).toContain('Mail is failing (4 times)');
    expect(alert.textContent).toContain('connect ECONNREFUSED 127.0.0.1:25');
    expect(screen.getByRole('link', { name: 'Open the mail log' }).getAttribute('href')).toMatch(/\/mail-log$/);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('system-alert-mail-failing')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/alerts/7/dismiss']);
  });
});

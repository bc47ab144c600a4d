import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, Notification } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, dataProvider } from '../../api';
import { fakeApi, meAsAdmin, storeAdminSession } from '../../test/fakeApi';
import QueuesPage from '../QueuesPage';

const failedJob = { id: '17', name: 'send-email', failedReason: 'connect ECONNREFUSED 127.0.0.1:1', attemptsMade: 1, timestamp: Date.UTC(2026, 10, 20, 9), finishedOn: null, data: {} };

function renderPage() {
  return render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider}>
      <QueuesPage />
      <Notification />
    </AdminContext>,
  );
}

beforeEach(() => {
  localStorage.clear();
  storeAdminSession();
});
afterEach(() => vi.unstubAllGlobals());

describe('QueuesPage', () => {
  it('shows the counts and failed jobs with their error; Retry asks first, then calls the API and refreshes', async () => {
    let failed = [failedJob];
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/queues': () => ({
        body: {
          queues: [
            { name: 'notifications', waiting: 2, active: 1, delayed: 0, completed: 40, failed: failed.length },
            { name: 'payments', waiting: 0, active: 0, delayed: 0, completed: 12, failed: 0 },
          ],
        },
      }),
      'GET /api/admin/queues/notifications/failed': () => ({ body: { jobs: failed } }),
      'POST /api/admin/queues/notifications/jobs/17/retry': () => {
        failed = [];
        return { body: { success: true } };
      },
    });
    renderPage();

    expect((await screen.findByTestId('queue-notifications-completed')).textContent).toBe('40');
    expect(screen.getByTestId('queue-notifications-failed').textContent).toBe('1');
    const row = await screen.findByTestId('failed-job-17');
    expect(row.textContent).toContain('connect ECONNREFUSED 127.0.0.1:1');
    expect(screen.queryByText('Failed jobs in payments')).toBeNull();

    fireEvent.click(within(row).getByRole('button', { name: 'Retry job 17' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Retry job 17 (send-email) in notifications?');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Job 17 queued for retry')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/queues/notifications/jobs/17/retry']);
    await waitFor(() => expect(screen.queryByTestId('failed-job-17')).toBeNull());
  });

  it("shows the server's error when Remove fails and keeps the job", async () => {
    fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/queues': () => ({ body: { queues: [{ name: 'maintenance', waiting: 0, active: 0, delayed: 0, completed: 0, failed: 1 }] } }),
      'GET /api/admin/queues/maintenance/failed': () => ({ body: { jobs: [{ ...failedJob, name: 'backup-database' }] } }),
      'DELETE /api/admin/queues/maintenance/jobs/17': () => ({
        status: 409,
        body: { statusCode: 409, error: 'Conflict', message: 'Job 17 is running and cannot be removed' },
      }),
    });
    renderPage();
    const row = await screen.findByTestId('failed-job-17');
    fireEvent.click(within(row).getByRole('button', { name: 'Remove job 17' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Are you sure you want to remove job 17 (backup-database) from maintenance?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Remove failed: Job 17 is running and cannot be removed')).toBeTruthy();
    expect(screen.getByTestId('failed-job-17')).toBeTruthy();
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, Notification } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { authProvider, dataProvider } from '../../api';
import { fakeApi, meAsAdmin, storeAdminSession } from '../../test/fakeApi';
import QueuesPage from '../QueuesPage';

const noDeliveries = { pending: 0, dead: 0, oldestPendingSeconds: null };
const noCommands = { owed: 0, failed: 0, dead: 0, oldestOwedSeconds: null };

const failedJob = {
  id: '17',
  name: 'send-email',
  failedReason: 'connect ECONNREFUSED 127.0.0.1:1',
  attemptsMade: 1,
  timestamp: Date.UTC(2026, 10, 20, 9),
  finishedOn: null,
  data: {},
};

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
          deliveries: noDeliveries,
          commands: noCommands,
        },
      }),
      'GET /api/admin/queues/notifications/failed': () => ({ body: { jobs: failed, total: failed.length } }),
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
      'GET /api/admin/queues': () => ({
        body: { queues: [{ name: 'maintenance', waiting: 0, active: 0, delayed: 0, completed: 0, failed: 1 }], deliveries: noDeliveries, commands: noCommands },
      }),
      'GET /api/admin/queues/maintenance/failed': () => ({ body: { jobs: [{ ...failedJob, name: 'backup-database' }], total: 1 } }),
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

  it('pages through every failed job and retries them all after asking', async () => {
    const jobs = Array.from({ length: 30 }, (_, i) => ({ ...failedJob, id: `job-${i}` }));
    let failedLeft = jobs.length;
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/queues': () => ({
        body: {
          queues: [{ name: 'payments', waiting: 0, active: 0, delayed: 0, completed: 0, failed: failedLeft }],
          deliveries: noDeliveries,
          commands: noCommands,
        },
      }),
      'GET /api/admin/queues/payments/failed': (_body, url) => {
        const [start, end] = JSON.parse(url.searchParams.get('range') ?? '[0,24]') as [number, number];
        const left = jobs.slice(0, failedLeft);
        return { body: { jobs: left.slice(start, end + 1), total: left.length } };
      },
      'POST /api/admin/queues/payments/failed/retry': () => {
        const retried = failedLeft;
        failedLeft = 0;
        return { body: { success: true, retried } };
      },
    });
    renderPage();
    expect(await screen.findByTestId('failed-job-job-0')).toBeTruthy();
    expect(screen.queryByTestId('failed-job-job-25')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByTestId('failed-job-job-29')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/admin/queues/payments/failed' && c.method === 'GET')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Retry all 30' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Retry all 30 failed jobs in payments?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('30 failed jobs queued for retry')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([['/api/admin/queues/payments/failed/retry', {}]]);
  });

  it('lists the dead letters with their error and retries the selected ones', async () => {
    const letter = (n: number) => ({
      id: `grant-access/0000000${n}-0000-4000-8000-000000000000`,
      consumer: 'grant-access',
      queue: 'payments',
      eventId: `0000000${n}-0000-4000-8000-000000000000`,
      eventType: 'payment.confirmed',
      occurredAt: '2026-11-20T09:00:00.000Z',
      deadAt: '2026-11-20T14:00:00.000Z',
      error: `Still failing ${n}`,
      redrives: 8,
      jobId: `grant-access-${n}`,
    });
    let dead = [letter(1), letter(2)];
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/queues': () => ({
        body: {
          queues: [{ name: 'payments', waiting: 0, active: 0, delayed: 0, completed: 0, failed: 0 }],
          deliveries: { pending: 3, dead: dead.length, oldestPendingSeconds: 600 },
          commands: { owed: 1, failed: 2, dead: 1, oldestOwedSeconds: 7200 },
        },
      }),
      'GET /api/admin/dead-letters': () => ({ body: dead, headers: { 'Content-Range': `dead-letters 0-${dead.length - 1}/${dead.length}` } }),
      'POST /api/admin/dead-letters/retry': (body) => {
        const ids = (body as { ids: string[] }).ids;
        dead = dead.filter((d) => !ids.includes(d.id));
        return { body: { success: true, retried: ids.length } };
      },
    });
    renderPage();
    expect((await screen.findByTestId('deliveries-summary')).textContent).toBe('Event deliveries owed: 3 (oldest 10 min) · Dead letters: 2');
    expect(screen.getByTestId('commands-summary').textContent).toBe('Commands owed (mails, captures): 3 (oldest 2 h) · Failing: 2 · Dead: 1');
    const row = await screen.findByTestId('dead-letter-00000002-0000-4000-8000-000000000000');
    expect(row.textContent).toContain('Still failing 2');
    expect(row.textContent).toContain('payment.confirmed');
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Retry selected (1)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Deliver the 1 selected dead letters again?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 dead letter sent for delivery again')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ ids: ['grant-access/00000002-0000-4000-8000-000000000000'] }]);
    await waitFor(() => expect(screen.queryByTestId('dead-letter-00000002-0000-4000-8000-000000000000')).toBeNull());
  });

  it('shows mail delivery from the owed mails: failing, with the mail server error and what waits', async () => {
    fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/queues': () => ({
        body: {
          queues: [{ name: 'notifications', waiting: 0, active: 0, delayed: 3, completed: 0, failed: 0 }],
          deliveries: noDeliveries,
          commands: noCommands,
        },
      }),
      'GET /api/admin/mail-delivery': () => ({
        body: {
          status: 'failing',
          recentFailures: 3,
          deadRecently: 1,
          unsent: 3,
          oldestUnsentSeconds: 900,
          lastSentAt: null,
          lastFailedAt: '2026-11-20T09:05:00.000Z',
          lastError: 'connect ECONNREFUSED 127.0.0.1:25',
        },
      }),
    });
    renderPage();
    expect((await screen.findByTestId('mail-delivery-status')).textContent).toBe('Failing');
    const panel = screen.getByTestId('mail-delivery');
    expect(panel.textContent).toContain('Unsent: 3 (oldest 15 min)');
    expect(panel.textContent).toContain('Failing in the last hour: 3');
    expect(panel.textContent).toContain('Last sent: never');
    expect(panel.textContent).toContain('connect ECONNREFUSED 127.0.0.1:25');
    expect(screen.getByRole('link', { name: 'Mail log' }).getAttribute('href')).toMatch(/\/mail-log$/);
  });
});

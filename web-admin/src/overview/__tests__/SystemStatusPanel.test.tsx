import { render, screen } from '@testing-library/react';
import { AdminContext, defaultI18nProvider } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { authProvider, createQueryClient, dataProvider, type SystemStatus } from '../../api';
import { fakeApi, storeAdminSession } from '../../test/fakeApi';
import { SystemStatusPanel } from '../SystemStatusPanel';

const status = (delivery: SystemStatus['delivery']): SystemStatus => ({
  status: delivery?.status === 'ok' ? 'online' : 'degraded',
  server: { status: 'online', uptimeSeconds: 7200 },
  database: { status: 'connected', latencyMs: 2 },
  redis: { status: 'connected', latencyMs: 1 },
  api: { status: 'operational' },
  queues: [],
  mail: null,
  delivery,
});

function renderPanel(answer: SystemStatus) {
  fakeApi({ 'GET /api/admin/system-status': () => ({ body: answer }) });
  render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider} queryClient={createQueryClient()}>
      <SystemStatusPanel />
    </AdminContext>,
  );
}

beforeEach(() => {
  localStorage.clear();
  storeAdminSession();
});

describe('the overview system status panel', () => {
  it('shows deliveries as Ok when nothing is dead or late', async () => {
    renderPanel(status({ status: 'ok', deadLetters: 0, owed: 0, oldestOwedSeconds: null, outboxBacklog: 0 }));
    const row = await screen.findByTestId('status-deliveries');
    expect(row.textContent).toBe('Deliveries Ok');
  });

  it('names the dead letters, the owed work with its age and the outbox backlog, as /metrics and the alerts count them', async () => {
    renderPanel(status({ status: 'dead letters', deadLetters: 3, owed: 12, oldestOwedSeconds: 420, outboxBacklog: 2 }));
    const row = await screen.findByTestId('status-deliveries');
    expect(row.textContent).toBe('Deliveries (3 dead letters; 12 owed, oldest 7 min; 2 not yet queued)Dead letters');
  });

  it('says when deliveries could not be read', async () => {
    renderPanel(status(null));
    expect((await screen.findByTestId('status-deliveries')).textContent).toBe('Deliveries Unknown');
  });
});

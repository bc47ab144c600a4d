import { render, screen } from '@testing-library/react';
import { AdminContext, defaultI18nProvider } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, dataProvider } from '../../api';
import { fakeApi, meAsAdmin, storeAdminSession } from '../../test/fakeApi';
import { AdminLayout } from '../AdminLayout';

function Broken(): never {
  throw new Error('Cannot read the lesson list');
}

beforeEach(() => {
  localStorage.clear();
  storeAdminSession();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the shell', () => {
  it("shows a 'Rendering Error' box with the message when a section throws, and keeps the header and sidebar", async () => {
    fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/system-status': () => ({
        body: {
          status: 'online',
          server: { status: 'online', uptimeSeconds: 5 },
          database: { status: 'connected', latencyMs: 1 },
          redis: { status: 'connected', latencyMs: 1 },
          api: { status: 'operational' },
          queues: [],
        },
      }),
    });
    const page = (
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider}>
        <AdminLayout>
          <Broken />
        </AdminLayout>
      </AdminContext>
    );
    const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: ['/courses'] });
    render(<RouterProvider router={router} useTransitions={false} />);
    expect(await screen.findByText('Rendering Error')).toBeTruthy();
    expect(screen.getByText('Cannot read the lesson list')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Courses', level: 1 })).toBeTruthy();
    expect(await screen.findByText('System Online')).toBeTruthy();
    expect(await screen.findByText('Admin User')).toBeTruthy();
  });
});

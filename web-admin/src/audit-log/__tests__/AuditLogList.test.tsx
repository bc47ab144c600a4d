import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, ResourceContextProvider } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { authProvider, dataProvider } from '../../api';
import { totalLabel } from '../../common/ScalePagination';
import { fakeApi, meAsAdmin, storeAdminSession } from '../../test/fakeApi';
import { AuditLogList } from '../AuditLogList';

const entries = (from: number) =>
  Array.from({ length: 50 }, (_, i) => ({
    id: 5_000_000 - from - i,
    at: '2024-06-01T00:00:00Z',
    actorEmail: 'a@x.io',
    action: 'update',
    resource: 'users',
    summary: `Entry ${from + i}`,
  }));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  storeAdminSession();
});

describe('AuditLogList at scale', () => {
  it('says an estimated total is one and pages forward with the cursor', async () => {
    const asked: Array<string | null> = [];
    fakeApi({
      'GET /api/auth/me': meAsAdmin,
      'GET /api/admin/audit-log': (_body, url) => {
        const after = url.searchParams.get('after');
        asked.push(after);
        const from = after ? 50 : 0;
        return {
          body: entries(from),
          headers: {
            'Content-Range': `audit-log ${from}-${from + 49}/4987654`,
            'X-Total-Estimated': 'true',
            'X-Offset-Limit': '10000',
            'X-Next-Cursor': `after-${from + 49}`,
          },
        };
      },
    });
    render(
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider}>
        <ResourceContextProvider value="audit-log">
          <AuditLogList />
        </ResourceContextProvider>
      </AdminContext>,
    );
    expect(await screen.findByText('1-50 of about 5M', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Entry 0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('51-100 of about 5M', {}, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Entry 50')).toBeTruthy(), { timeout: 15_000 });
    expect(asked).toEqual([null, 'after-49']);
  }, 60_000);

  it('writes exact totals in full and estimates rounded', () => {
    expect(totalLabel(1234567, true)).toBe('about 1.2M');
    expect(totalLabel(12345, true)).toBe('about 12.3K');
    expect(totalLabel(1000000, false)).toBe('1,000,000');
  });
});

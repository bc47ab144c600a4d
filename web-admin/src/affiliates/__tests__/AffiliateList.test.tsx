import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, Notification, ResourceContextProvider } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { authProvider, dataProvider } from '../../api';
import { captureDownloads } from '../../test/downloads';
import { fakeApi, meAsAdmin, storeAdminSession } from '../../test/fakeApi';
import { affiliateRecord } from '../../test/records';
import { AffiliateList } from '../AffiliateList';

const AFFILIATES = [
  affiliateRecord(),
  affiliateRecord({
    id: '5a0f7c1e-0000-4000-8000-000000000002',
    name: 'Ben Blogger',
    email: 'ben@example.com',
    code: 'BEN',
    status: 'pending',
    clicks: 0,
    sales: 0,
    pendingTotal: '0.00',
    payableTotal: '0.00',
  }),
];

function serveAffiliates() {
  return fakeApi({
    'GET /api/auth/me': meAsAdmin,
    'GET /api/admin/affiliates': (_body, url) => {
      const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as { q?: string; status?: string };
      const shown = AFFILIATES.filter(
        (a) => (!filter.status || a.status === filter.status) && (!filter.q || a.name.toLowerCase().includes(filter.q.toLowerCase())),
      );
      return { body: shown, headers: { 'Content-Range': `affiliates 0-${Math.max(shown.length - 1, 0)}/${shown.length}` } };
    },
    'GET /api/admin/affiliates/export': () => ({
      body: 'name,email',
      headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="affiliates.csv"' },
    }),
  });
}

function renderList() {
  render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider}>
      <ResourceContextProvider value="affiliates">
        <AffiliateList />
      </ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const listQueries = (calls: ReturnType<typeof serveAffiliates>['calls']) =>
  calls.filter((c) => c.path === '/api/admin/affiliates').map((c) => c.url.searchParams);

const saved = captureDownloads();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // The list keeps its filter in the address: each test starts from the unfiltered grid.
  window.history.replaceState(null, '', '/');
  storeAdminSession();
});

describe('AffiliateList', () => {
  it('lists each affiliate with their code, status, clicks, sales and totals, newest application first', async () => {
    const { calls } = serveAffiliates();
    renderList();
    await screen.findByText('Anna Partner');
    const anna = rowOf('Anna Partner');
    for (const text of ['anna@example.com', 'ANNA', 'Approved', '120', '4', '149.10 USD', '298.20 USD', '0.00 USD'])
      expect(within(anna).getByText(text)).toBeTruthy();
    expect(within(rowOf('Ben Blogger')).getByText('Pending')).toBeTruthy();
    const [first] = listQueries(calls);
    expect(JSON.parse(first.get('sort')!)).toEqual(['appliedAt', 'DESC']);
    expect(JSON.parse(first.get('range')!)).toEqual([0, 24]);
  });

  it('filters by status and by the search text, and asks the server for both', async () => {
    const { calls } = serveAffiliates();
    renderList();
    await screen.findByText('Ben Blogger');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Approved' }));
    await waitFor(() => expect(screen.queryByText('Ben Blogger')).toBeNull());
    expect(screen.getByText('Anna Partner')).toBeTruthy();
    expect(listQueries(calls).some((q) => JSON.parse(q.get('filter')!).status === 'approved')).toBe(true);

    fireEvent.change(screen.getByPlaceholderText('Search name, email or code'), { target: { value: 'nobody' } });
    await waitFor(() => expect(screen.queryByText('Anna Partner')).toBeNull());
    expect(listQueries(calls).at(-1)!.get('filter')).toBe(JSON.stringify({ status: 'approved', q: 'nobody' }));
  });

  it("exports the server's CSV of the current filter", async () => {
    const { calls } = serveAffiliates();
    renderList();
    await screen.findByText('Anna Partner');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toEqual(['affiliates.csv']));
    const exported = calls.find((c) => c.path === '/api/admin/affiliates/export')!;
    expect(JSON.parse(exported.url.searchParams.get('sort')!)).toEqual(['appliedAt', 'DESC']);
    expect(JSON.parse(exported.url.searchParams.get('filter')!)).toEqual({});
  });
});

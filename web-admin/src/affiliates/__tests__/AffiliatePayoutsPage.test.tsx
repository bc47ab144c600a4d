import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, Notification, ResourceContextProvider } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { authProvider, dataProvider } from '../../api';
import type { AffiliateOwed, AffiliatePayoutRecord, AffiliatePayoutRequest } from '../../api/types';
import { captureDownloads } from '../../test/downloads';
import { fakeApi, meAsAdmin, storeAdminSession } from '../../test/fakeApi';
import { affiliateOwed } from '../../test/records';
import { AffiliatePayoutsPage } from '../payouts/AffiliatePayoutsPage';

const ANNA = '5a0f7c1e-0000-4000-8000-000000000001';
const BEN = '5a0f7c1e-0000-4000-8000-000000000002';
const CARL = '5a0f7c1e-0000-4000-8000-000000000003';

const OWED: AffiliateOwed[] = [
  affiliateOwed({ affiliateId: ANNA, amount: '149.10' }),
  affiliateOwed({
    affiliateId: BEN,
    name: 'Ben Blogger',
    email: 'ben@example.com',
    payoutMethod: 'bank',
    payoutDetails: 'DE89 3704 0044 0532 0130 00',
    amount: '50.90',
  }),
  affiliateOwed({ affiliateId: CARL, name: 'Carl Crypto', email: 'carl@example.com', payoutMethod: 'crypto', payoutDetails: 'TXYZ...wallet', amount: '75.00' }),
  affiliateOwed({ affiliateId: ANNA, currency: 'EUR', amount: '40.00' }),
];

const BATCH: AffiliatePayoutRecord = {
  id: 'b0000000-0000-4000-8000-000000000001',
  currency: 'EUR',
  total: '310.00',
  count: 2,
  reference: 'SEPA-2026-10',
  paidAt: '2026-11-01T12:00:00.000Z',
};

/** A fake API whose owed rows leave once paid, and whose batches grow with each payout. */
function servePayouts() {
  let owed = OWED;
  const batches = [BATCH];
  return fakeApi({
    'GET /api/auth/me': meAsAdmin,
    'GET /api/admin/affiliate-payouts/owed': () => ({ body: owed }),
    'GET /api/admin/affiliate-payouts': () => ({ body: batches, headers: { 'Content-Range': `affiliate-payouts 0-${batches.length - 1}/${batches.length}` } }),
    'POST /api/admin/affiliate-payouts': (body) => {
      const { currency, affiliateIds = [], reference } = body as AffiliatePayoutRequest;
      const paid = owed.filter((row) => row.currency === currency && affiliateIds.includes(row.affiliateId));
      owed = owed.filter((row) => !paid.includes(row));
      const batch = {
        id: 'b0000000-0000-4000-8000-000000000002',
        currency,
        total: '200.00',
        count: paid.length,
        reference,
        paidAt: '2026-11-20T12:00:00.000Z',
      };
      batches.unshift(batch);
      return { body: batch };
    },
    [`GET /api/admin/affiliate-payouts/${BATCH.id}/export`]: () => ({
      body: 'name,email',
      headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="affiliate-payout-SEPA-2026-10.csv"' },
    }),
  });
}

function renderPage() {
  render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider}>
      <ResourceContextProvider value="affiliate-payouts">
        <AffiliatePayoutsPage />
      </ResourceContextProvider>
      <Notification />
    </AdminContext>,
  );
}

const section = (heading: RegExp) => screen.getByRole('region', { name: heading });

const saved = captureDownloads();

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  storeAdminSession();
});

describe('AffiliatePayoutsPage', () => {
  it('shows what each affiliate is owed per currency, with their payout method and details', async () => {
    servePayouts();
    renderPage();
    await screen.findByRole('heading', { name: 'Owed in USD: 275.00' });
    const usd = section(/Owed in USD/);
    const ben = within(usd).getByText('Ben Blogger').closest('tr')!;
    for (const text of ['ben@example.com', 'Bank transfer', 'DE89 3704 0044 0532 0130 00', 'USD', '50.90']) expect(within(ben).getByText(text)).toBeTruthy();
    expect(within(section(/Owed in EUR/)).getByText('40.00')).toBeTruthy();
    expect(within(section(/Owed in EUR/)).queryByText('Ben Blogger')).toBeNull();
  });

  it('marks the chosen affiliates of one currency as paid only with a reference', async () => {
    const { calls } = servePayouts();
    renderPage();
    await screen.findByRole('heading', { name: /Owed in USD/ });
    const usd = section(/Owed in USD/);
    const markPaid = within(usd).getByRole('button', { name: 'Mark as paid' }) as HTMLButtonElement;
    expect(markPaid.disabled).toBe(true);
    fireEvent.click(within(usd).getByRole('checkbox', { name: 'Select Anna Partner (USD)' }));
    fireEvent.click(within(usd).getByRole('checkbox', { name: 'Select Carl Crypto (USD)' }));
    fireEvent.click(markPaid);

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Record 224.10 USD to 2 affiliates as paid?');
    const confirm = within(dialog).getByRole('button', { name: 'Mark as paid' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Reference/), { target: { value: '   ' } });
    expect(confirm.disabled).toBe(true);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Reference/), { target: { value: 'WIRE-2026-11-20 ' } });
    fireEvent.click(confirm);
    expect(await screen.findByText('Marked as paid: 200.00 USD, reference WIRE-2026-11-20')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { currency: 'USD', affiliateIds: [ANNA, CARL], reference: 'WIRE-2026-11-20' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The paid rows leave the owed table, and the batch joins the list.
    await waitFor(() => expect(within(section(/Owed in USD/)).queryByText('Carl Crypto')).toBeNull());
    expect(within(section(/Owed in USD/)).getByText('Ben Blogger')).toBeTruthy();
    expect(await screen.findByText('WIRE-2026-11-20')).toBeTruthy();
  });

  it('lists the past batches and exports one as CSV', async () => {
    const { calls } = servePayouts();
    renderPage();
    const row = (await screen.findByText('SEPA-2026-10')).closest('tr')!;
    expect(within(row).getByText('310.00 EUR')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(saved).toEqual(['affiliate-payout-SEPA-2026-10.csv']));
    expect(calls.some((c) => c.path === `/api/admin/affiliate-payouts/${BATCH.id}/export`)).toBe(true);
  });
});

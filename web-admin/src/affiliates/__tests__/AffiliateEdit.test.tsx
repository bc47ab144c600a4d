import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, Notification, ResourceContextProvider } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { authProvider, dataProvider } from '../../api';
import type { AffiliateRecord } from '../../api/types';
import { fakeApi, meAsAdmin, storeAdminSession } from '../../test/fakeApi';
import { affiliateRecord } from '../../test/records';
import { AffiliateEdit } from '../AffiliateEdit';

/** The affiliate's page, served by a fake API that applies each PUT to the record. */
function renderEdit(start: AffiliateRecord) {
  let record = start;
  const api = fakeApi({
    'GET /api/auth/me': meAsAdmin,
    [`GET /api/admin/affiliates/${start.id}`]: () => ({ body: record }),
    [`PUT /api/admin/affiliates/${start.id}`]: (body) => {
      record = { ...record, ...(body as Partial<AffiliateRecord>) };
      return { body: record };
    },
  });
  const page = (
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider}>
      <ResourceContextProvider value="affiliates">
        <AffiliateEdit />
      </ResourceContextProvider>
      <Notification />
    </AdminContext>
  );
  const router = createMemoryRouter([{ path: '/affiliates/:id', element: page }], { initialEntries: [`/affiliates/${start.id}`] });
  render(<RouterProvider router={router} />);
  return api;
}

const puts = (calls: ReturnType<typeof fakeApi>['calls']) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);
const button = (name: string) => screen.queryByRole('button', { name });

beforeEach(() => {
  localStorage.clear();
  storeAdminSession();
});

describe('AffiliateEdit', () => {
  it('approves a pending application with a PUT of the status alone, then offers Suspend', async () => {
    const { calls } = renderEdit(affiliateRecord({ status: 'pending', decidedAt: null }));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Anna Partner was approved')).toBeTruthy();
    expect(puts(calls)).toEqual([{ status: 'approved' }]);
    await waitFor(() => expect(button('Suspend')).toBeTruthy());
    expect(button('Approve')).toBeNull();
    expect(button('Reject')).toBeNull();
  });

  it('offers only the changes the status allows, and asks before rejecting', async () => {
    const { calls } = renderEdit(affiliateRecord({ status: 'pending', decidedAt: null }));
    await screen.findByRole('button', { name: 'Approve' });
    expect(button('Suspend')).toBeNull();
    expect(button('Reinstate')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Reject the application of Anna Partner?');
    expect(puts(calls)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Anna Partner was rejected')).toBeTruthy();
    expect(puts(calls)).toEqual([{ status: 'rejected' }]);
  });

  it('reinstates a suspended affiliate', async () => {
    const { calls } = renderEdit(affiliateRecord({ status: 'suspended' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reinstate' }));
    expect(await screen.findByText('Anna Partner was reinstated')).toBeTruthy();
    expect(puts(calls)).toEqual([{ status: 'approved' }]);
  });

  it('saves a fixed commission override and their own coupon, and only those fields', async () => {
    const { calls } = renderEdit(affiliateRecord());
    expect(((await screen.findByRole('radio', { name: /Programme default/ })) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText(/Commission per sale/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Fixed amount per sale' }));
    fireEvent.change(await screen.findByLabelText(/Commission per sale/), { target: { value: '25.00' } });
    fireEvent.change(screen.getByLabelText(/Own coupon code/), { target: { value: 'ANNA10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toEqual([{ commissionType: 'fixed', commissionValue: '25.00', couponCode: 'ANNA10' }]));
  });

  it('goes back to the programme commission with nulls', async () => {
    const { calls } = renderEdit(affiliateRecord({ commissionType: 'percent', commissionValue: '40', couponCode: 'ANNA10' }));
    expect(((await screen.findByLabelText(/Commission \(percent of the sale\)/)) as HTMLInputElement).value).toBe('40');
    fireEvent.click(screen.getByRole('radio', { name: /Programme default/ }));
    fireEvent.change(screen.getByLabelText(/Own coupon code/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toEqual([{ commissionType: null, commissionValue: null, couponCode: null }]));
  });
});

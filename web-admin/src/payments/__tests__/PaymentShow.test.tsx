import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, Notification, ResourceContextProvider } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, dataProvider } from '../../api';
import type { PaymentDetail } from '../../api/types';
import { fakeApi, meAsAdmin, storeAdminSession } from '../../test/fakeApi';
import { paymentDetail } from '../../test/records';
import { PaymentShow } from '../PaymentShow';

const BILLED: Partial<PaymentDetail> = {
  currency: 'EUR',
  couponCode: 'LAUNCH20',
  listAmount: '497.00',
  discountAmount: '99.40',
  amount: '397.60',
  invoiceNumber: 'R-001042',
  buyerCountry: 'DE',
  buyerCompany: 'Muster GmbH',
  buyerAddress: 'Hauptstraße 1\n10115 Berlin',
  buyerVatId: 'DE123456789',
  taxRate: '19',
  taxAmount: '63.48',
};

function renderShow(record: PaymentDetail) {
  const api = fakeApi({
    'GET /api/auth/me': meAsAdmin,
    [`GET /api/admin/payments/${record.id}`]: () => ({ body: record }),
    [`GET /api/admin/payments/${record.id}/invoice`]: () => ({
      body: '%PDF-1.7',
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="invoice-${record.invoiceNumber}.pdf"` },
    }),
    [`GET /api/admin/payments/${record.id}/credit-note`]: () => ({
      body: '%PDF-1.7',
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="credit-note-${record.creditNoteNumber}.pdf"` },
    }),
  });
  const page = (
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider}>
      <ResourceContextProvider value="payments">
        <PaymentShow />
      </ResourceContextProvider>
      <Notification />
    </AdminContext>
  );
  const router = createMemoryRouter([{ path: '/payments/:id/show', element: page }], { initialEntries: [`/payments/${record.id}/show`] });
  render(<RouterProvider router={router} />);
  return api;
}

/** The value shown under a field's label on the page. */
async function field(label: string): Promise<string> {
  const labelElement = await screen.findByText(label, { selector: '.RaLabeled-label span' });
  const row = labelElement.closest('.ra-field')!;
  return row.lastElementChild?.textContent ?? '';
}

const saved: string[] = [];

beforeEach(() => {
  localStorage.clear();
  storeAdminSession();
  saved.length = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: () => undefined }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PaymentShow', () => {
  it("shows the invoice number, coupon and discount, the tax and the buyer's company, country, VAT ID and address", async () => {
    renderShow(paymentDetail(BILLED));
    expect(await field('Invoice')).toBe('R-001042');
    expect(await field('Coupon')).toBe('LAUNCH20: −99.40 EUR off 497.00 EUR');
    expect(await field('Tax')).toBe('63.48 EUR included (19%)');
    expect(await field('Buyer company')).toBe('Muster GmbH');
    expect(await field('Buyer country')).toBe('Germany (DE)');
    expect(await field('Buyer VAT ID')).toBe('DE123456789');
    expect(await field('Billing address')).toBe('Hauptstraße 1\n10115 Berlin');
  });

  it('says when no tax was charged and the buyer gave no details', async () => {
    renderShow(paymentDetail());
    expect(await field('Tax')).toBe('No tax charged');
    expect(await field('Buyer company')).toBe('-');
    expect(await field('Buyer country')).toBe('-');
    expect(await field('Buyer VAT ID')).toBe('-');
  });

  it('downloads the invoice of a paid payment with the admin token, and offers no credit note before a refund', async () => {
    const { calls } = renderShow(paymentDetail(BILLED));
    fireEvent.click(await screen.findByRole('button', { name: 'Download invoice' }));
    await waitFor(() => expect(saved).toEqual(['invoice-R-001042.pdf']));
    const download = calls.find((c) => c.path.endsWith('/invoice'));
    expect(download).toMatchObject({ method: 'GET', path: `/api/admin/payments/${paymentDetail().id}/invoice`, auth: 'Bearer admin-token' });
    expect(screen.queryByRole('button', { name: 'Download credit note' })).toBeNull();
  });

  it('downloads the credit note of a refunded payment', async () => {
    const { calls } = renderShow(paymentDetail({ ...BILLED, state: 'REFUNDED', refundedAt: '2026-11-22T10:00:00.000Z', creditNoteNumber: 'CN-000007' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Download credit note' }));
    await waitFor(() => expect(saved).toEqual(['credit-note-CN-000007.pdf']));
    expect(calls.some((c) => c.path.endsWith('/credit-note') && c.auth === 'Bearer admin-token')).toBe(true);
    expect(screen.getByRole('button', { name: 'Download invoice' })).toBeTruthy();
  });

  it('offers no document for a payment never paid', async () => {
    renderShow(paymentDetail({ state: 'AWAITING_PAYMENT', paidAt: null, invoiceNumber: null }));
    expect(await screen.findByText('AWAITING_PAYMENT')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download invoice' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download credit note' })).toBeNull();
  });
});

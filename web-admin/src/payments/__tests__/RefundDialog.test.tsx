import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, Notification } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, dataProvider } from '../../api';
import type { PaymentDetail } from '../../api/types';
import { fakeApi, meAsAdmin, storeAdminSession } from '../../test/fakeApi';
import { paymentDetail } from '../../test/records';
import { RefundDialog } from '../RefundDialog';

const payment = (eligible: boolean): PaymentDetail =>
  paymentDetail({
    refundEligibility: eligible
      ? { eligible: true, reasons: [], daysSincePayment: 3, percentAccessed: 10 }
      : { eligible: false, reasons: ['Paid 45 days ago (refunds within 30 days)'], daysSincePayment: 45, percentAccessed: 10 },
  });

function renderDialog(record: PaymentDetail, onClose = vi.fn()) {
  render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={defaultI18nProvider}>
      <RefundDialog payment={record} open onClose={onClose} />
      <Notification />
    </AdminContext>,
  );
  return onClose;
}

beforeEach(() => {
  localStorage.clear();
  storeAdminSession();
});

describe('RefundDialog', () => {
  it("shows the refund policy's verdict and needs a reason before refunding", async () => {
    const { calls } = fakeApi({
      'GET /api/auth/me': meAsAdmin,
      [`POST /api/admin/payments/${payment(true).id}/refund`]: () => ({ body: { ...payment(true), state: 'REFUNDED' } }),
    });
    const onClose = renderDialog(payment(true));
    expect(screen.getByText(/Eligible under the refund policy \(paid 3 days ago, 10% of lessons accessed\)/)).toBeTruthy();
    const refund = screen.getByRole('button', { name: 'Refund' }) as HTMLButtonElement;
    expect(refund.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'Changed their mind' } });
    fireEvent.click(refund);
    expect(await screen.findByText('Payment refunded; the access it bought is revoked')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Changed their mind' });
    expect(onClose).toHaveBeenCalled();
  });

  it("lists why a payment is outside the policy and shows the server's refusal on the reason field", async () => {
    fakeApi({
      'GET /api/auth/me': meAsAdmin,
      [`POST /api/admin/payments/${payment(false).id}/refund`]: () => ({
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'Validation failed', errors: { reason: 'Please give a reason for the refund' } },
      }),
    });
    const onClose = renderDialog(payment(false));
    expect(screen.getByText('Paid 45 days ago (refunds within 30 days)')).toBeTruthy();
    const reason = screen.getByLabelText(/Reason/);
    fireEvent.change(reason, { target: { value: 'Too late' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Please give a reason for the refund')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

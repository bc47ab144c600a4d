import type { AffiliateDashboard, AffiliateSelf } from '../../../api/types';

export const affiliate = (overrides: Partial<AffiliateSelf> = {}): AffiliateSelf => ({
  id: '3a9c1e2f-4b5d-4e6f-8a7b-9c0d1e2f3a4b',
  code: 'MAYA30',
  status: 'approved',
  referralLink: 'http://localhost:3000/?ref=MAYA30',
  couponCode: null,
  commission: { type: 'percent', value: '30' },
  payoutMethod: 'paypal',
  payoutDetails: 'maya@example.com',
  appliedAt: '2026-11-01T09:00:00.000Z',
  decidedAt: '2026-11-02T09:00:00.000Z',
  ...overrides,
});

export const dashboard = (overrides: Partial<AffiliateDashboard> = {}): AffiliateDashboard => ({
  totals: {
    clicks: 1250,
    checkouts: 42,
    sales: 9,
    commission: [
      { currency: 'USD', pending: '298.20', approved: '149.10', paid: '447.30', reversed: '149.10' },
      { currency: 'EUR', pending: '134.85', approved: '0.00', paid: '0.00', reversed: '0.00' },
    ],
  },
  days: [
    { day: '2026-11-25', clicks: 40, checkouts: 2, sales: 0 },
    { day: '2026-11-26', clicks: 55, checkouts: 3, sales: 1 },
    { day: '2026-11-27', clicks: 61, checkouts: 1, sales: 1 },
  ],
  commissions: [
    { id: 'c2', createdAt: '2026-11-27T10:00:00.000Z', amount: '149.10', currency: 'USD', state: 'pending', payableAt: '2026-12-11T10:00:00.000Z' },
    { id: 'c1', createdAt: '2026-11-10T10:00:00.000Z', amount: '134.85', currency: 'EUR', state: 'reversed', payableAt: '2026-11-24T10:00:00.000Z' },
  ],
  ...overrides,
});

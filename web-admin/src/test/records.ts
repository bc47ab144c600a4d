import type { AffiliateOwed, AffiliateRecord, AnalyticsRange, Funnel, FunnelDimension, FunnelRow, PaymentDetail } from '../api/types';

/** A paid USD card payment as the payment page reads it; a spec overrides what it is about. */
export function paymentDetail(overrides: Partial<PaymentDetail> = {}): PaymentDetail {
  return {
    id: '7f1c2a52-0000-4000-8000-000000000001',
    email: 'buyer@example.com',
    state: 'PAID',
    provider: 'sandbox',
    providerRef: null,
    providerPaymentId: null,
    providerStatus: null,
    amount: '497.00',
    currency: 'USD',
    method: 'crypto',
    currencyCode: 'USDT',
    network: 'Tron (TRC-20)',
    payCurrency: 'usdttrc20',
    checkoutUrl: null,
    claimedByUserId: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:05:00.000Z',
    paidAt: '2026-11-20T10:05:00.000Z',
    refundedAt: null,
    refundReason: null,
    refundEligibility: { eligible: true, reasons: [], daysSincePayment: 3, percentAccessed: 10 },
    refundRequest: null,
    couponCode: null,
    listAmount: '497.00',
    discountAmount: '0.00',
    invoiceNumber: 'R-000001',
    creditNoteNumber: null,
    buyerCountry: null,
    buyerCompany: null,
    buyerAddress: null,
    buyerVatId: null,
    taxRate: null,
    taxAmount: null,
    events: [],
    history: [],
    ...overrides,
  };
}

/** An approved affiliate with a few sales, as the affiliates grid and page read it; a spec overrides what it is about. */
export function affiliateRecord(overrides: Partial<AffiliateRecord> = {}): AffiliateRecord {
  return {
    id: '5a0f7c1e-0000-4000-8000-000000000001',
    name: 'Anna Partner',
    email: 'anna@example.com',
    code: 'ANNA',
    status: 'approved',
    clicks: 120,
    sales: 4,
    pendingTotal: '149.10',
    payableTotal: '298.20',
    paidTotal: '0.00',
    currency: 'USD',
    commissionType: null,
    commissionValue: null,
    couponCode: null,
    payoutMethod: 'paypal',
    payoutDetails: 'anna@example.com',
    website: 'https://anna.example',
    promotionPlan: 'A weekly newsletter on affiliate marketing with 4,000 readers',
    appliedAt: '2026-11-01T10:00:00.000Z',
    decidedAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

/** What one affiliate is owed in one currency. */
export function affiliateOwed(overrides: Partial<AffiliateOwed> = {}): AffiliateOwed {
  return {
    affiliateId: '5a0f7c1e-0000-4000-8000-000000000001',
    name: 'Anna Partner',
    email: 'anna@example.com',
    payoutMethod: 'paypal',
    payoutDetails: 'anna@example.com',
    currency: 'USD',
    amount: '149.10',
    lines: 1,
    ...overrides,
  };
}

/** One source's line of the funnel (or the totals): nothing counted and no rate unless the spec says so. */
export function funnelRow(value: string, label: string, figures: Partial<FunnelRow> = {}): FunnelRow {
  return {
    value,
    label,
    visits: 0,
    checkouts: 0,
    paid: 0,
    refunded: 0,
    checkoutRate: null,
    paidRate: null,
    conversionRate: null,
    refundRate: null,
    ...figures,
  };
}

/** The funnel of a range without a visit or a checkout; a spec adds the rows it is about. */
export function funnel(range: AnalyticsRange, dimension: FunnelDimension, overrides: Partial<Funnel> = {}): Funnel {
  return { range, dimension, rows: [], totals: funnelRow('', 'Total'), days: [], ...overrides };
}

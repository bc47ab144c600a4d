import type { CouponRow } from '../../src/modules/payments/coupons.repository';

/** An active 10 % coupon with no limits, for unit specs: one factory, typed by the repository's row. */
export function couponRow(over: Partial<CouponRow> = {}): CouponRow {
  return {
    id: 'c1',
    code: 'SPRING',
    kind: 'percent',
    percent_off: '10.00',
    amount_off: null,
    currency: null,
    valid_from: null,
    valid_to: null,
    max_redemptions: null,
    redemptions: 0,
    once_per_email: false,
    active: true,
    created_at: new Date('2026-01-01T00:00:00Z'),
    updated_at: new Date('2026-01-01T00:00:00Z'),
    ...over,
  };
}

import { REFUND_MAX_ACCESSED_PERCENT, REFUND_WINDOW_DAYS, refundEligibility } from './refund-policy';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const paidDaysAgo = (days: number) => ({ state: 'PAID' as const, paid_at: new Date(NOW - days * 86_400_000) });

describe('refund policy', () => {
  it('accepts a paid payment within the window with little of the course accessed', () => {
    expect(refundEligibility(paidDaysAgo(3), 5, NOW)).toEqual({ eligible: true, reasons: [], daysSincePayment: 3, percentAccessed: 5 });
  });

  it('is inclusive at both limits', () => {
    expect(refundEligibility(paidDaysAgo(REFUND_WINDOW_DAYS), REFUND_MAX_ACCESSED_PERCENT, NOW).eligible).toBe(true);
  });

  it('refuses past the window, above the accessed share, or a payment that is not PAID, listing every reason', () => {
    expect(refundEligibility(paidDaysAgo(REFUND_WINDOW_DAYS + 1), 0, NOW).reasons).toEqual([
      `Paid ${REFUND_WINDOW_DAYS + 1} days ago (refunds within 30 days)`,
    ]);
    expect(refundEligibility(paidDaysAgo(1), 20.1, NOW).reasons).toEqual(['20.1% of the lessons accessed (at most 20%)']);
    const all = refundEligibility({ state: 'REFUNDED', paid_at: new Date(NOW - 40 * 86_400_000) }, 50, NOW);
    expect(all.eligible).toBe(false);
    expect(all.reasons).toHaveLength(3);
    expect(all.reasons[0]).toBe('The payment is REFUNDED, not PAID');
  });

  it('has no day count for a payment never paid', () => {
    expect(refundEligibility({ state: 'AWAITING_PAYMENT', paid_at: null }, 0, NOW)).toMatchObject({ eligible: false, daysSincePayment: null });
  });
});

import { decide, isLate, type PaymentState, type ProviderReport } from './payment-state';

const expected = { id: 'order-1', amount: '497.00', currency: 'USD', payCurrency: 'usdttrc20' };
const report = (status: string, over: Partial<ProviderReport> = {}): ProviderReport => ({
  status,
  orderId: 'order-1',
  priceAmount: 497,
  priceCurrency: 'usd',
  payCurrency: 'usdttrc20',
  providerPaymentId: '1',
  ...over,
});

describe('payment state machine', () => {
  it('walks the happy path forward', () => {
    let state: PaymentState = 'AWAITING_PAYMENT';
    for (const [status, next] of [
      ['waiting', null],
      ['confirming', 'CONFIRMING'],
      ['confirmed', null],
      ['finished', 'PAID'],
    ] as const) {
      const d = decide(state, report(status), expected);
      expect(d.next).toBe(next);
      if (d.next) state = d.next;
    }
    expect(state).toBe('PAID');
  });

  it('ignores lower-rank reports arriving late', () => {
    expect(decide('PAID', report('confirming'), expected).next).toBeNull();
    expect(decide('PAID', report('waiting'), expected).next).toBeNull();
    expect(decide('PAID', report('finished'), expected).next).toBeNull();
    expect(decide('CONFIRMING', report('waiting'), expected).next).toBeNull();
  });

  it('goes straight to PAID when finished arrives first', () => {
    expect(decide('AWAITING_PAYMENT', report('finished'), expected).next).toBe('PAID');
  });

  it('makes partially_paid UNDERPAID, and a later full payment PAID', () => {
    expect(decide('CONFIRMING', report('partially_paid'), expected).next).toBe('UNDERPAID');
    expect(decide('UNDERPAID', report('finished'), expected).next).toBe('PAID');
  });

  it.each([
    [{ priceAmount: 49.7 }, /amount 49.7/],
    [{ priceAmount: '497.01' }, /amount/],
    [{ priceCurrency: 'eur' }, /currency eur/],
    [{ orderId: 'order-2' }, /order order-2/],
    [{ payCurrency: 'btc' }, /pay currency btc/],
    [{ priceAmount: 'lots' }, /amount/],
  ])('sends a finished report with %p to MANUAL_REVIEW', (over, why) => {
    const d = decide('CONFIRMING', report('finished', over), expected);
    expect(d.next).toBe('MANUAL_REVIEW');
    expect(d.reason).toMatch(why);
  });

  it('accepts equal decimals written differently', () => {
    expect(decide('CONFIRMING', report('finished', { priceAmount: '497.0' }), expected).next).toBe('PAID');
  });

  it('refunds only a paid payment and never moves on from REFUNDED', () => {
    expect(decide('PAID', report('refunded'), expected).next).toBe('REFUNDED');
    expect(decide('CONFIRMING', report('refunded'), expected).next).toBeNull();
    expect(decide('REFUNDED', report('finished'), expected).next).toBeNull();
    expect(decide('MANUAL_REVIEW', report('finished'), expected).next).toBeNull();
  });

  it('ends in EXPIRED or FAILED and ignores unknown statuses', () => {
    expect(decide('AWAITING_PAYMENT', report('expired'), expected).next).toBe('EXPIRED');
    expect(decide('CONFIRMING', report('failed'), expected).next).toBe('FAILED');
    expect(decide('EXPIRED', report('confirming'), expected).next).toBeNull();
    expect(decide('AWAITING_PAYMENT', report('teleported'), expected).next).toBeNull();
  });

  it('never drops money that arrives after EXPIRED or FAILED', () => {
    for (const state of ['EXPIRED', 'FAILED'] as const) {
      expect(decide(state, report('finished'), expected).next).toBe('PAID');
      expect(decide(state, report('finished', { priceAmount: 49.7 }), expected)).toMatchObject({
        next: 'MANUAL_REVIEW',
        reason: expect.stringMatching(/amount 49.7/),
      });
      expect(decide(state, report('partially_paid'), expected).next).toBe('MANUAL_REVIEW');
      expect(decide(state, report('expired'), expected).next).toBeNull();
    }
  });
});

describe('isLate', () => {
  it('is a report older than the payment’s state, whose amounts must not overwrite newer ones', () => {
    expect(isLate('UNDERPAID', report('confirming'))).toBe(true);
    expect(isLate('PAID', report('partially_paid'))).toBe(true);
    expect(isLate('UNDERPAID', report('partially_paid'))).toBe(false);
    expect(isLate('AWAITING_PAYMENT', report('confirming'))).toBe(false);
    expect(isLate('CONFIRMING', report('not-a-status'))).toBe(true);
  });
});

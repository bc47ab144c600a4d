import { fakeOf, fakeTransactions } from '../../../test/support/fakes';
import type { ReceiptsRepository } from './receipts.repository';
import type { Tx } from '../../events/transaction-runner';
import type { AccessService } from '../users';
import type { PaymentRow } from './payment.model';
import type { PaymentEventsRepository } from './payment-events.repository';
import type { PaymentState } from './payment-state';
import { PaymentTransitions } from './payment-transitions.service';
import type { PaymentsRepository, Transition } from './payments.repository';
import type { CouponsRepository } from './coupons.repository';
import { paymentRow } from '../../../test/factories/payment-row';

const ID = '6d3f0d7e-1f1e-4c52-9a55-2b8f7c8a0a01';

function payment(state: PaymentState): PaymentRow {
  return paymentRow({ id: ID, state });
}

const report = (status: string, over: Record<string, unknown> = {}) => ({
  payment_id: 42,
  payment_status: status,
  order_id: ID,
  price_amount: 497,
  price_currency: 'usd',
  pay_currency: 'usdttrc20',
  ...over,
});

/** A stored report and its payment in memory; the transitions and outcomes they receive are recorded. */
function setup(state: PaymentState | null, body: Record<string, unknown>, processed = false, provider = 'sandbox') {
  const current = state ? payment(state) : undefined;
  const transitions: Transition[] = [];
  const outcomes: string[] = [];
  const revoked: string[] = [];
  const payments = fakeOf<PaymentsRepository>()({
    transition: async (_m, _id, t) => void transitions.push(t),
    noteProviderPaymentId: async () => undefined,
    noteCryptoProgress: async () => undefined,
  });
  const events = fakeOf<PaymentEventsRepository>()({
    lockWithPayment: async () => ({ event: { processed_at: processed ? new Date() : null, payload: body, provider }, payment: current }),
    markProcessed: async (_m, _id, outcome) => void outcomes.push(outcome),
  });
  const access = fakeOf<AccessService>()({ revokeForPayment: async (_m, paymentId) => (revoked.push(paymentId), 'user-1') });
  const { runner, emitted, owed } = fakeTransactions();
  const issued: string[] = [];
  const documents = fakeOf<ReceiptsRepository>()({
    issue: async (_m, paymentId) => (issued.push(`invoice ${paymentId}`), { number: '1001', issued_at: new Date() }),
    issueCreditNote: async (_m, paymentId) => (issued.push(`credit note ${paymentId}`), { number: '1', issued_at: new Date() }),
  });
  const service = new PaymentTransitions(payments, events, access, {} as CouponsRepository, documents);
  const apply = () => runner.run((tx: Tx) => service.apply(tx, 'event-1'));
  return { apply, transitions, outcomes, revoked, emitted, owed, service, runner, issued };
}

describe('PaymentTransitions.apply (a stored provider report through the state machine)', () => {
  it('confirms a finished payment: PAID, history with the reason, payment.confirmed, outcome recorded', async () => {
    const t = setup('AWAITING_PAYMENT', report('finished'));
    await t.apply();
    expect(t.transitions).toEqual([expect.objectContaining({ from: 'AWAITING_PAYMENT', next: 'PAID', providerStatus: 'finished', providerPaymentId: '42' })]);
    expect(t.emitted.map((e) => e.type)).toEqual(['payment.confirmed']);
    expect(t.outcomes).toHaveLength(1);
    // The invoice number is taken in the same transaction.
    expect(t.issued).toEqual([`invoice ${ID}`]);
  });

  it('does nothing twice: a report already processed changes nothing', async () => {
    const t = setup('AWAITING_PAYMENT', report('finished'), true);
    expect(await t.apply()).toBe('already processed');
    expect(t.transitions).toEqual([]);
    expect(t.outcomes).toEqual([]);
  });

  it('records a report that matches no payment, without a transition', async () => {
    const t = setup(null, report('finished'));
    expect(await t.apply()).toMatch(/no payment matches order/);
    expect(t.transitions).toEqual([]);
    expect(t.outcomes).toEqual([expect.stringMatching(/no payment matches order/)]);
  });

  it('sends a wrong amount to manual review and announces the failure', async () => {
    const t = setup('AWAITING_PAYMENT', report('finished', { price_amount: 49.7 }));
    await t.apply();
    expect(t.transitions[0].next).toBe('MANUAL_REVIEW');
    expect(t.emitted.map((e) => e.type)).toEqual(['payment.failed']);
  });

  it('applies an expiry, and ignores a stale status for a payment already paid', async () => {
    const expired = setup('AWAITING_PAYMENT', report('expired'));
    await expired.apply();
    expect(expired.transitions[0].next).toBe('EXPIRED');
    const stale = setup('PAID', report('waiting'));
    await stale.apply();
    expect(stale.transitions).toEqual([]);
    expect(stale.emitted).toEqual([]);
  });

  it('a refund revokes the access the payment bought, in the same transaction, and announces who lost it', async () => {
    const t = setup('PAID', report('refunded'));
    await t.runner.run((tx: Tx) => t.service.transition(tx, payment('PAID'), 'REFUNDED', 'refunded by admin: duplicate', null, { refundReason: 'duplicate' }));
    expect(t.revoked).toEqual([ID]);
    expect(t.issued).toEqual([`invoice ${ID}`, `credit note ${ID}`]);
    expect(t.transitions[0]).toMatchObject({ next: 'REFUNDED', refundReason: 'duplicate' });
    expect(t.emitted).toEqual([
      expect.objectContaining({ type: 'payment.refunded', payload: expect.objectContaining({ userId: 'user-1', reason: 'duplicate' }) }),
    ]);
  });

  it('an approved PayPal order owes its capture in the same transaction; an approval arriving after the payment was paid owes nothing', async () => {
    const approved = {
      id: 'WH-1',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: 'ORDER-1', status: 'APPROVED', purchase_units: [{ custom_id: ID, amount: { currency_code: 'USD', value: '497.00' } }] },
    };
    const fresh = setup('AWAITING_PAYMENT', approved, false, 'paypal');
    await fresh.apply();
    expect(fresh.transitions[0].next).toBe('CONFIRMING');
    expect(fresh.owed).toEqual([{ name: 'capture-payment', data: { paymentId: ID }, key: `capture-${ID}` }]);
    // The same approval again while still CONFIRMING: owed again under the same key (one row, the database keeps the first).
    const again = setup('CONFIRMING', approved, false, 'paypal');
    await again.apply();
    expect(again.owed).toEqual([{ name: 'capture-payment', data: { paymentId: ID }, key: `capture-${ID}` }]);
    const late = setup('PAID', approved, false, 'paypal');
    await late.apply();
    expect(late.owed).toEqual([]);
    const crypto = setup('AWAITING_PAYMENT', report('confirming'));
    await crypto.apply();
    expect(crypto.owed).toEqual([]);
  });
});

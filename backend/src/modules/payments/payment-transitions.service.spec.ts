import { fakeTransactions } from '../../../test/support/fakes';
import type { Tx } from '../../events/transaction-runner';
import type { AccessService } from '../users';
import type { PaymentRow } from './payment.model';
import type { PaymentEventsRepository } from './payment-events.repository';
import type { PaymentState } from './payment-state';
import { PaymentTransitions } from './payment-transitions.service';
import type { PaymentsRepository, Transition } from './payments.repository';
import type { CouponsRepository } from './coupons.repository';

const ID = '6d3f0d7e-1f1e-4c52-9a55-2b8f7c8a0a01';

function payment(state: PaymentState): PaymentRow {
  return {
    id: ID,
    email: 'buyer@example.com',
    amount: '497.00',
    currency: 'USD',
    currency_code: 'USDT',
    network: 'Tron (TRC-20)',
    pay_currency: 'usdttrc20',
    provider: 'sandbox',
    provider_ref: 'inv-1',
    provider_payment_id: null,
    provider_status: null,
    state,
    checkout_url: null,
    client_id: null,
    claimed_by_user_id: null,
    claimed_at: null,
    claim_secret_hash: null,
    paid_at: null,
    refunded_at: null,
    refund_reason: null,
    created_at: new Date(),
    updated_at: new Date(),
    method: 'crypto',
    list_amount: null,
    discount_amount: '0.00',
    coupon_code: null,
    pay_address: null,
    pay_amount: null,
    pay_expires_at: null,
    amount_received: null,
    provider_refund_ref: null,
  };
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
function setup(state: PaymentState | null, body: Record<string, unknown>, processed = false) {
  const current = state ? payment(state) : undefined;
  const transitions: Transition[] = [];
  const outcomes: string[] = [];
  const revoked: string[] = [];
  const payments = {
    transition: async (_m: unknown, _id: string, t: Transition) => void transitions.push(t),
    noteProviderPaymentId: async () => undefined,
    noteCryptoProgress: async () => undefined,
  } as unknown as PaymentsRepository;
  const events = {
    lockWithPayment: async () => ({ event: { processed_at: processed ? new Date() : null, payload: body, provider: 'sandbox' }, payment: current }),
    markProcessed: async (_m: unknown, _id: string, outcome: string) => void outcomes.push(outcome),
  } as unknown as PaymentEventsRepository;
  const access = { revokeForPayment: async (_m: unknown, paymentId: string) => (revoked.push(paymentId), 'user-1') } as unknown as AccessService;
  const { runner, emitted } = fakeTransactions();
  const service = new PaymentTransitions(payments, events, access, {} as CouponsRepository);
  const apply = () => runner.run((tx: Tx) => service.apply(tx, 'event-1'));
  return { apply, transitions, outcomes, revoked, emitted, service, runner };
}

describe('PaymentTransitions.apply (a stored provider report through the state machine)', () => {
  it('confirms a finished payment: PAID, history with the reason, payment.confirmed, outcome recorded', async () => {
    const t = setup('AWAITING_PAYMENT', report('finished'));
    await t.apply();
    expect(t.transitions).toEqual([expect.objectContaining({ from: 'AWAITING_PAYMENT', next: 'PAID', providerStatus: 'finished', providerPaymentId: '42' })]);
    expect(t.emitted.map((e) => e.type)).toEqual(['payment.confirmed']);
    expect(t.outcomes).toHaveLength(1);
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
    expect(t.transitions[0]).toMatchObject({ next: 'REFUNDED', refundReason: 'duplicate' });
    expect(t.emitted).toEqual([
      expect.objectContaining({ type: 'payment.refunded', payload: expect.objectContaining({ userId: 'user-1', reason: 'duplicate' }) }),
    ]);
  });
});

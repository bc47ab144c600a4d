import { fakeAudit, fakeOf, fakeTransactions } from '../../../test/support/fakes';
import { statusOfErrorCode } from '../../common/errors/error-status';
import type { AuthUser } from '../../common/auth/auth-user';
import type { ProgressService } from '../learning';
import type { PaymentRow } from './payment.model';
import type { PaymentState } from './payment-state';
import type { PaymentTransitions } from './payment-transitions.service';
import { PaymentsError, PaymentsErrorCode } from './payments.error';
import type { PaymentsRepository } from './payments.repository';
import type { RefundRequestsRepository } from './refund-requests.repository';
import type { PaymentProviders } from './providers/payment-providers';
import { Refunds } from './refunds.service';

const admin = { id: 'a1', email: 'admin@example.com' } as AuthUser;

function setup(state: PaymentState | null, claimedBy: string | null = null, accessed = 0) {
  const row = state ? ({ id: 'p1', email: 'buyer@example.com', state, paid_at: new Date(), claimed_by_user_id: claimedBy } as PaymentRow) : undefined;
  const moved: Array<{ next: string; refundReason?: string }> = [];
  const payments = fakeOf<PaymentsRepository>()({ lock: async () => row, find: async () => row });
  const transitions = fakeOf<PaymentTransitions>()({
    transition: async (_tx, _p, next, _reason, _r, extra) => void moved.push({ next, ...extra }),
  });
  const asked: string[] = [];
  const progress = fakeOf<ProgressService>()({
    accessedPercents: async (userIds: string[]) => (asked.push(...userIds), new Map(userIds.map((id) => [id, accessed]))),
  });
  const { runner } = fakeTransactions();
  const { audit, entries } = fakeAudit();
  const requests = fakeOf<RefundRequestsRepository>()({ resolve: async () => true });
  return {
    refunds: new Refunds(payments, transitions, progress, runner, audit, requests, fakeOf<PaymentProviders>()({ byName: () => null })),
    moved,
    entries,
    asked,
    row,
  };
}

const failure = async (work: Promise<unknown>) => {
  try {
    await work;
    return null;
  } catch (err) {
    return err as PaymentsError;
  }
};

describe('Refunds', () => {
  it('refunds a PAID payment through the transition function, with the reason, audited', async () => {
    const t = setup('PAID');
    await t.refunds.refund('p1', 'duplicate purchase', admin);
    expect(t.moved).toEqual([{ next: 'REFUNDED', refundReason: 'duplicate purchase' }]);
    expect(t.entries).toEqual([
      expect.objectContaining({ action: 'refund', resourceId: 'p1', before: { state: 'PAID' }, after: { state: 'REFUNDED', reason: 'duplicate purchase' } }),
    ]);
  });

  it('refuses a payment that is not PAID (400) and an unknown one (404), changing nothing', async () => {
    for (const state of ['AWAITING_PAYMENT', 'REFUNDED', 'EXPIRED'] as const) {
      const t = setup(state);
      const err = await failure(t.refunds.refund('p1', 'x', admin));
      expect(err).toBeInstanceOf(PaymentsError);
      expect(err?.code).toBe(PaymentsErrorCode.NotRefundable);
      expect(statusOfErrorCode(err!.code)).toBe(400);
      expect(t.moved).toEqual([]);
      expect(t.entries).toEqual([]);
    }
    const missing = await failure(setup(null).refunds.refund('p1', 'x', admin));
    expect(statusOfErrorCode(missing!.code)).toBe(404);
  });

  it("judges eligibility on the share of lessons the buyer's account opened (none without an account)", async () => {
    const claimed = setup('PAID', 'user-7', 35);
    expect((await claimed.refunds.eligibilities([claimed.row!])).get('p1')).toMatchObject({ eligible: false, percentAccessed: 35 });
    expect(claimed.asked).toEqual(['user-7']);
    const unclaimed = setup('PAID');
    expect((await unclaimed.refunds.eligibilities([unclaimed.row!])).get('p1')).toMatchObject({ eligible: true, percentAccessed: 0 });
    expect(unclaimed.asked).toEqual([]);
  });
});

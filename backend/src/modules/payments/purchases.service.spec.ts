import { failure, fakeOf, fakeTransactions } from '../../../test/support/fakes';
import { statusOfErrorCode } from '../../common/errors/error-status';
import type { ProgressService } from '../learning';
import type { BuyerPaymentsRepository } from './buyer-payments.repository';
import type { PaymentRow } from './payment.model';
import { PaymentsErrorCode } from './payments.error';
import type { PaymentsRepository } from './payments.repository';
import { Purchases } from './purchases.service';
import type { Receipts } from './receipts.service';
import type { RefundRequestRow, RefundRequestsRepository } from './refund-requests.repository';

const DAY = 86_400_000;
const buyer = { id: 'u1', name: 'Ana Lopez', email: 'ana@example.com' };

type Owned = Pick<PaymentRow, 'id' | 'email' | 'state' | 'paid_at' | 'claimed_by_user_id'>;

function row(over: Partial<Owned> = {}): PaymentRow {
  const base: Owned = { id: 'p1', email: 'Ana@Example.com', state: 'PAID', paid_at: new Date(Date.now() - 2 * DAY), claimed_by_user_id: null };
  return fakeOf<PaymentRow>()({ ...base, ...over });
}

function setup(stored: PaymentRow | undefined, o: { accessed?: number; alreadyRequested?: boolean } = {}) {
  const requests: Array<{ paymentId: string; userId: string; reason: string }> = [];
  const pdfs: Array<{ paymentId: string; email: string }> = [];
  const payments = fakeOf<PaymentsRepository>()({
    find: async (id: string) => (stored?.id === id ? stored : undefined),
    lock: async (_m, id: string) => (stored?.id === id ? stored : undefined),
  });
  const refundRequests = fakeOf<RefundRequestsRepository>()({
    insert: async (_m, paymentId, userId, reason) => {
      if (o.alreadyRequested) return undefined;
      requests.push({ paymentId, userId, reason });
      return fakeOf<RefundRequestRow>()({ id: 'r1', reason });
    },
  });
  const receipts = fakeOf<Receipts>()({
    pdf: async (payment: PaymentRow, email = payment.email) => {
      pdfs.push({ paymentId: payment.id, email });
      return { filename: 'receipt.pdf', content: Buffer.from('%PDF'), facts: fakeOf<Awaited<ReturnType<Receipts['pdf']>>['facts']>()({}) };
    },
  });
  const progress = fakeOf<ProgressService>()({ accessedPercent: async () => o.accessed ?? 0 });
  const { runner, emitted } = fakeTransactions();
  const purchases = new Purchases(payments, fakeOf<BuyerPaymentsRepository>()({}), refundRequests, receipts, progress, runner);
  return { purchases, requests, pdfs, emitted };
}

describe('Purchases: whose payment it is', () => {
  it("a payment is the buyer's when bought with their email (any case) or claimed by their account", async () => {
    for (const stored of [row(), row({ email: 'someone@example.com', claimed_by_user_id: 'u1' })]) {
      const t = setup(stored);
      await expect(t.purchases.receipt(buyer, 'p1')).resolves.toMatchObject({ filename: 'receipt.pdf' });
      // The receipt is made out to the signed-in buyer's address.
      expect(t.pdfs).toEqual([{ paymentId: 'p1', email: 'ana@example.com' }]);
    }
  });

  it("someone else's payment answers 404 like an unknown one, for receipts and refund requests", async () => {
    for (const stored of [row({ email: 'other@example.com', claimed_by_user_id: 'u9' }), undefined]) {
      const t = setup(stored);
      for (const err of [await failure(t.purchases.receipt(buyer, 'p1')), await failure(t.purchases.requestRefund(buyer, 'p1', 'why'))]) {
        expect(statusOfErrorCode(err.code)).toBe(404);
        expect(err.code).toBe(PaymentsErrorCode.NotFound);
      }
      expect(t.pdfs).toEqual([]);
      expect(t.requests).toEqual([]);
    }
  });

  it('only a PAID or REFUNDED payment has a receipt', async () => {
    for (const state of ['PAID', 'REFUNDED'] as const) await expect(setup(row({ state })).purchases.receipt(buyer, 'p1')).resolves.toBeTruthy();
    for (const state of ['AWAITING_PAYMENT', 'EXPIRED', 'UNDERPAID'] as const) {
      const err = await failure(setup(row({ state })).purchases.receipt(buyer, 'p1'));
      expect(statusOfErrorCode(err.code)).toBe(404);
      expect(err.message).toBe('This payment has no receipt');
    }
  });
});

describe('Purchases.requestRefund (the refund policy)', () => {
  it('records an eligible request as pending, with the trimmed reason, and emits refund.requested', async () => {
    const t = setup(row(), { accessed: 20 });
    expect(await t.purchases.requestRefund(buyer, 'p1', '  not for me ')).toMatchObject({ success: true, status: 'pending' });
    expect(t.requests).toEqual([{ paymentId: 'p1', userId: 'u1', reason: 'not for me' }]);
    expect(t.emitted).toEqual([
      {
        type: 'refund.requested',
        aggregateId: 'p1',
        payload: { requestId: 'r1', paymentId: 'p1', userId: 'u1', email: 'ana@example.com', name: 'Ana Lopez', reason: 'not for me' },
      },
    ]);
  });

  it.each([
    ['more than 20% of the lessons accessed', row(), 21, /21% of the lessons accessed/],
    ['paid more than 30 days ago', row({ paid_at: new Date(Date.now() - 31 * DAY) }), 0, /Paid 31 days ago/],
    ['not PAID', row({ state: 'REFUNDED' }), 0, /The payment is REFUNDED, not PAID/],
  ])('refuses (422) a purchase %s, with the reason, writing nothing', async (_case, stored, accessed, reason) => {
    const t = setup(stored, { accessed });
    const err = await failure(t.purchases.requestRefund(buyer, 'p1', 'why'));
    expect(statusOfErrorCode(err.code)).toBe(422);
    expect(err.code).toBe(PaymentsErrorCode.RefundNotEligible);
    expect(err.message).toMatch(reason);
    expect(t.requests).toEqual([]);
    expect(t.emitted).toEqual([]);
  });

  it('refuses a second request for the same payment (409), emitting nothing', async () => {
    const t = setup(row(), { alreadyRequested: true });
    const err = await failure(t.purchases.requestRefund(buyer, 'p1', 'why'));
    expect(statusOfErrorCode(err.code)).toBe(409);
    expect(err.code).toBe(PaymentsErrorCode.RefundAlreadyRequested);
    expect(t.emitted).toEqual([]);
  });
});

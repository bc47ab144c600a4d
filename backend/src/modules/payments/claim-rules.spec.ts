import { claimProblem } from './claim-rules';
import { statusOfErrorCode } from '../../common/errors/error-status';
import { PaymentsErrorCode } from './payments.error';

const paid = { state: 'PAID' as const, email: 'Buyer@Example.com', claimed_by_user_id: null };
const code = (p: Parameters<typeof claimProblem>[0], email: string, proven: boolean) => claimProblem(p, email, proven)?.code ?? null;

describe('claim rules (creating an account from a payment)', () => {
  it('accepts a proven, paid, unclaimed payment bought with this email (any case, spaces trimmed)', () => {
    expect(code(paid, ' buyer@example.COM ', true)).toBeNull();
  });

  it('answers an unknown payment as a bad request', () => {
    const problem = claimProblem(undefined, 'x@example.com', false);
    expect(problem?.code).toBe(PaymentsErrorCode.ClaimPaymentNotFound);
    expect(statusOfErrorCode(problem!.code)).toBe(400);
  });

  it('requires proof of purchase before revealing anything else about the payment', () => {
    const problem = claimProblem({ ...paid, state: 'EXPIRED', claimed_by_user_id: 'u1' }, 'other@example.com', false);
    expect(problem?.code).toBe(PaymentsErrorCode.ClaimProofRequired);
    expect(statusOfErrorCode(problem!.code)).toBe(403);
  });

  it('refuses a payment claimed already, one not confirmed yet, one that failed, and another email', () => {
    expect(code({ ...paid, claimed_by_user_id: 'u1' }, paid.email, true)).toBe(PaymentsErrorCode.AlreadyClaimed);
    for (const state of ['AWAITING_PAYMENT', 'CONFIRMING', 'CREATED'] as const)
      expect(code({ ...paid, state }, paid.email, true)).toBe(PaymentsErrorCode.NotConfirmed);
    for (const state of ['EXPIRED', 'FAILED', 'UNDERPAID', 'REFUNDED', 'MANUAL_REVIEW'] as const)
      expect(code({ ...paid, state }, paid.email, true)).toBe(PaymentsErrorCode.NotCompleted);
    const mismatch = claimProblem(paid, 'someone.else@example.com', true);
    expect(mismatch).toMatchObject({ code: PaymentsErrorCode.EmailMismatch, details: { errors: { email: 'The email does not match the payment' } } });
  });
});

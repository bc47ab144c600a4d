import { authFakes, type AuthFakeOptions, hashTestPassword, STRONG } from '../../../test/support/auth-fakes';
import { failure } from '../../../test/support/fakes';
import { statusOfErrorCode } from '../../common/errors/error-status';
import { PaymentsError, PaymentsErrorCode } from '../payments';
import { UsersErrorCode } from '../users';
import { AccountCreation } from './account-creation.service';

beforeAll(hashTestPassword);

function setup(o: AuthFakeOptions = {}) {
  const t = authFakes(o);
  return { ...t, service: new AccountCreation(t.users, t.access, t.payments, t.runner, t.sessions) };
}

describe('AccountCreation.createAccount (from a PAID, unclaimed payment)', () => {
  const input = (over: Record<string, string> = {}) => ({
    email: ' New@Example.com',
    name: '  Bea Moreno ',
    password: STRONG,
    paymentId: 'p1',
    claimSecret: 'secret-1',
    ...over,
  });

  it('creates the student (lifetime), grants and attaches the purchase, claims the payment and signs the buyer in', async () => {
    const t = setup();
    const result = await t.service.createAccount(input());
    expect(t.claimChecks).toEqual([{ paymentId: 'p1', email: 'new@example.com', secret: 'secret-1', token: undefined }]);
    expect(t.inserted).toEqual([{ name: 'Bea Moreno', email: 'new@example.com', role: 'student', plan: 'lifetime' }]);
    expect(t.granted).toEqual([{ paymentId: 'p1', email: 'new@example.com' }]);
    expect(t.attached).toEqual([{ userId: 'u2', email: 'new@example.com' }]);
    expect(t.claimed).toEqual([{ paymentId: 'p1', userId: 'u2' }]);
    expect(t.emitted).toEqual([
      { type: 'account.created', aggregateId: 'u2', payload: { userId: 'u2', email: 'new@example.com', name: 'Bea Moreno', paymentId: 'p1' } },
    ]);
    expect(t.firstLogins).toEqual(['u2']);
    expect(result).toMatchObject({ success: true, message: 'Account created', token: 'token-1', user: { id: 'u2' } });
    expect(t.issued).toEqual([expect.objectContaining({ userId: 'u2', kind: 'learner' })]);
  });

  it('adds the purchase to an existing account with that email, without a new user, password or session', async () => {
    const t = setup();
    const result = await t.service.createAccount(input({ email: 'ana@example.com' }));
    expect(result).toEqual({ success: true, existingAccount: true, message: 'This purchase was added to your existing account. Please sign in.' });
    expect(t.inserted).toEqual([]);
    expect(t.granted).toEqual([{ paymentId: 'p1', email: 'ana@example.com' }]);
    expect(t.claimed).toEqual([{ paymentId: 'p1', userId: 'u1' }]);
    expect(t.emitted).toEqual([]);
    expect(t.issued).toEqual([]);
  });

  it('refuses a weak password or one built from the email before looking at the payment', async () => {
    for (const password of ['password', 'new@example.com']) {
      const t = setup();
      const err = await failure(t.service.createAccount(input({ password })));
      expect(err.code).toBe(UsersErrorCode.WeakPassword);
      expect(statusOfErrorCode(err.code)).toBe(400);
      expect(err.details.errors).toHaveProperty('password');
      expect(t.claimChecks).toEqual([]);
    }
  });

  it("passes on the payment's refusal and writes nothing", async () => {
    const refusal = new PaymentsError(PaymentsErrorCode.ClaimProofRequired, 'proof');
    const t = setup({ claimRefusal: refusal });
    expect(await failure(t.service.createAccount(input({ claimSecret: '', claimToken: 'tok' })))).toBe(refusal);
    expect(t.claimChecks[0]).toMatchObject({ token: 'tok' });
    expect(t.inserted).toEqual([]);
    expect(t.claimed).toEqual([]);
    expect(t.emitted).toEqual([]);
    expect(t.issued).toEqual([]);
  });
});

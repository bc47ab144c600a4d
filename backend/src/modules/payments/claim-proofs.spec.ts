import { ClaimProofs } from './claim-proofs';

describe('ClaimProofs', () => {
  const proofs = new ClaimProofs({ jwtSecret: 'k'.repeat(8) + 'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6' } as never);
  const paymentId = '7d1e9f0c-5c3a-4d2b-9a8e-1f2a3b4c5d6e';

  it('accepts the checkout secret it handed out, and nothing else', () => {
    const { secret, hash } = proofs.newSecret();
    expect(proofs.proves(paymentId, hash, { secret })).toBe(true);
    expect(proofs.proves(paymentId, hash, { secret: `${secret}x` })).toBe(false);
    expect(proofs.proves(paymentId, hash, {})).toBe(false);
    expect(proofs.proves(paymentId, null, { secret })).toBe(false);
  });

  it('accepts the emailed link for its own payment until it expires', () => {
    const now = Date.UTC(2026, 10, 24);
    const token = proofs.linkToken(paymentId, now);
    expect(proofs.proves(paymentId, null, { token }, now)).toBe(true);
    expect(proofs.proves('00000000-0000-4000-8000-000000000000', null, { token }, now)).toBe(false);
    expect(proofs.proves(paymentId, null, { token }, now + 15 * 86_400_000)).toBe(false);
    const [exp, sig] = token.split('.');
    expect(proofs.proves(paymentId, null, { token: `${Number(exp) + 86_400}.${sig}` }, now)).toBe(false);
    expect(proofs.proves(paymentId, null, { token: 'garbage' }, now)).toBe(false);
  });
});

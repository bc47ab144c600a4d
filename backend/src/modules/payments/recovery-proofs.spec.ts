import { RecoveryProofs } from './recovery-proofs';

describe('RecoveryProofs', () => {
  const proofs = new RecoveryProofs({ jwtSecret: 'k'.repeat(8) + 'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6' } as never);
  const paymentId = '7d1e9f0c-5c3a-4d2b-9a8e-1f2a3b4c5d6e';

  it("accepts a reminder's resume token for its own payment until it expires, and nothing forged", () => {
    const now = Date.UTC(2026, 10, 27);
    const token = proofs.resumeToken(paymentId, now);
    expect(proofs.provesResume(paymentId, token, now)).toBe(true);
    expect(proofs.provesResume(paymentId, token, now + 29 * 86_400_000)).toBe(true);
    expect(proofs.provesResume(paymentId, token, now + 31 * 86_400_000)).toBe(false);
    expect(proofs.provesResume('00000000-0000-4000-8000-000000000000', token, now)).toBe(false);
    const [exp, sig] = token.split('.');
    expect(proofs.provesResume(paymentId, `${Number(exp) + 86_400}.${sig}`, now)).toBe(false);
    for (const bad of ['garbage', '', undefined, 42, `${exp}.${'A'.repeat(43)}`]) expect(proofs.provesResume(paymentId, bad, now)).toBe(false);
  });

  it("accepts an address's unsubscribe token whatever the address's case, and no other address's", () => {
    const token = proofs.unsubscribeToken('Ana@Example.com');
    expect(proofs.provesUnsubscribe('ana@example.com', token)).toBe(true);
    expect(proofs.provesUnsubscribe('ANA@EXAMPLE.COM', token)).toBe(true);
    expect(proofs.provesUnsubscribe('bob@example.com', token)).toBe(false);
    expect(proofs.provesUnsubscribe('ana@example.com', `${token.slice(0, -1)}A`)).toBe(token.endsWith('A'));
    expect(proofs.provesUnsubscribe('ana@example.com', undefined)).toBe(false);
    expect(proofs.provesUnsubscribe(undefined, token)).toBe(false);
  });

  it('keeps the two kinds of link apart and apart from other secrets', () => {
    const other = new RecoveryProofs({ jwtSecret: 'z'.repeat(40) } as never);
    expect(other.provesUnsubscribe('ana@example.com', proofs.unsubscribeToken('ana@example.com'))).toBe(false);
    expect(other.provesResume(paymentId, proofs.resumeToken(paymentId))).toBe(false);
  });
});

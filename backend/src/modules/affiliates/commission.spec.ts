import { commissionAmount, mailboxOf, selfReferralReason } from './commission';

describe('commissionAmount', () => {
  it('rounds a percentage half up to the cent and never exceeds the sale', () => {
    expect(commissionAmount('497.00', 'percent', '30')).toBe('149.10');
    expect(commissionAmount('0.05', 'percent', '50')).toBe('0.03');
    expect(commissionAmount('20.00', 'fixed', '50')).toBe('20.00');
  });
});

describe('self-referral', () => {
  const base = { buyerUserId: null, affiliateEmail: 'ana.lopez@example.com', affiliateUserId: 'u-affiliate', payoutDetails: null };

  it('treats tags, case and Gmail dots as one mailbox', () => {
    expect(mailboxOf(' Ana.Lopez+promo@GMail.com ')).toBe('analopez@gmail.com');
    expect(mailboxOf('ana.lopez@googlemail.com')).toBe('analopez@gmail.com');
    expect(mailboxOf('ana.lopez+x@example.com')).toBe('ana.lopez@example.com');
  });

  it('refuses the same account, the same mailbox and the payout address, and names which', () => {
    expect(selfReferralReason({ ...base, buyerEmail: 'someone@example.com', buyerUserId: 'u-affiliate' })).toBe('self-referral: same account');
    expect(selfReferralReason({ ...base, buyerEmail: 'ANA.LOPEZ+deal@example.com' })).toBe('self-referral: same email');
    expect(selfReferralReason({ ...base, buyerEmail: 'payouts@ana.example', payoutDetails: 'PayPal: Payouts@ana.example' })).toBe(
      'self-referral: same payment details',
    );
    expect(selfReferralReason({ ...base, buyerEmail: 'a.n.a@gmail.com', payoutDetails: 'ana+paypal@gmail.com' })).toBe('self-referral: same payment details');
  });

  it('lets a different buyer through, whatever the payout details say', () => {
    expect(selfReferralReason({ ...base, buyerEmail: 'bea@example.com', buyerUserId: 'u-bea', payoutDetails: 'TQ1xWalletAddress9' })).toBeNull();
    expect(selfReferralReason({ ...base, buyerEmail: 'bea@example.com', payoutDetails: 'IBAN DE89 3704 0044 0532 0130 00' })).toBeNull();
  });
});

/**
 * A commission on a sale of `amount` (decimal text, two decimals): a
 * percentage of it, rounded half up to the cent, or a fixed amount. Never
 * more than the sale itself.
 */
export function commissionAmount(amount: string, type: 'percent' | 'fixed', value: string): string {
  const sale = Math.round(Number(amount) * 100);
  const cents = type === 'percent' ? Math.round((sale * Number(value)) / 100) : Math.round(Number(value) * 100);
  return (Math.min(Math.max(cents, 0), sale) / 100).toFixed(2);
}

/**
 * An email address as its mailbox receives it: lower case, without a `+tag`,
 * and for Gmail without the dots it ignores (ana.lopez+x@gmail.com and
 * analopez@googlemail.com are one mailbox).
 */
export function mailboxOf(email: string): string {
  const at = email.trim().toLowerCase().lastIndexOf('@');
  if (at < 1) return email.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  let local = address.slice(0, at).split('+')[0];
  let domain = address.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

export interface SelfReferralCheck {
  /** The email the buyer paid with. */
  buyerEmail: string;
  /** The account signed in at checkout, if any. */
  buyerUserId: string | null;
  affiliateEmail: string;
  affiliateUserId: string | null;
  /** Where the affiliate is paid: a PayPal email, bank details or a wallet address. */
  payoutDetails: string | null;
}

/**
 * Why a sale is the affiliate's own purchase, or null: the same account, the
 * same mailbox as the affiliate's email, or paid with the payment details the
 * affiliate is paid with (the PayPal address their commissions go to, or an
 * email written in their payout details).
 */
export function selfReferralReason(c: SelfReferralCheck): string | null {
  if (c.buyerUserId !== null && c.buyerUserId === c.affiliateUserId) return 'self-referral: same account';
  const buyer = mailboxOf(c.buyerEmail);
  if (buyer === mailboxOf(c.affiliateEmail)) return 'self-referral: same email';
  const payoutEmails = (c.payoutDetails ?? '').match(/[^\s<>(),;:"']+@[^\s<>(),;:"']+\.[^\s<>(),;:"']+/g) ?? [];
  if (payoutEmails.some((email) => mailboxOf(email) === buyer)) return 'self-referral: same payment details';
  return null;
}

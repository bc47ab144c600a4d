/** Mailboxes whose provider ignores dots in the local part, and its other name for the same mailboxes. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The key of a one-per-email coupon's rule: the mailbox an address reaches,
 * not the way it is written. Lower case; a "+tag" dropped for every domain
 * (sub-addressing: ana+1@ and ana@ are one inbox almost everywhere); dots in
 * the local part dropped for Gmail, and googlemail.com read as gmail.com.
 * The payment keeps the address as typed; only the rule uses this.
 * The migration that added coupon_redemptions.email_key computes the same
 * in SQL for the rows before it (1795627200000-coupon-email-keys.ts).
 */
export function couponEmailKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  let local = lower.slice(0, at).split('+')[0];
  let domain = lower.slice(at + 1);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

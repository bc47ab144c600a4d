import { decimalMinus } from './decimal';

/**
 * Wallet URIs that carry an amount: BIP21 and the schemes built on it
 * (`bitcoin:ADDR?amount=0.0038`), and Solana Pay's transfer request, which
 * has the same form. A wallet that scans one fills in both the address and
 * the amount. Other coins (account-based tokens, whose URIs name a contract
 * and an amount in base units) get the address alone.
 */
const SCHEMES: Record<string, string> = { btc: 'bitcoin', ltc: 'litecoin', bch: 'bitcoincash', sol: 'solana' };

const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;

/** The payment URI for sending `amount` to `address` in `payCurrency`, or null when the coin has no such URI. */
export function paymentUri(payCurrency: string, address: string, amount: string): string | null {
  const scheme = SCHEMES[payCurrency.toLowerCase()];
  if (!scheme || !AMOUNT.test(amount) || !/^[A-Za-z0-9:]+$/.test(address)) return null;
  // Bitcoin Cash addresses often carry their own prefix already (CashAddr).
  const target = address.toLowerCase().startsWith(`${scheme}:`) ? address : `${scheme}:${address}`;
  return `${target}?amount=${amount}`;
}

/** What is left to send after an underpayment (null when nothing, or nothing known, is left). */
export function remainingAmount(asked: string, received: string | null): string | null {
  const left = received ? decimalMinus(asked, received) : null;
  return left && !left.startsWith('-') && left !== '0' ? left : null;
}

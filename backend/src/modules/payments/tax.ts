import { fromCents, toCents, toScaled } from './decimal';

/** A tax-inclusive total split into its net amount and the tax in it. */
export interface TaxSplit {
  /** Decimal text with two places, in the payment's currency. */
  net: string;
  tax: string;
  /** The rate in percent, as decimal text ("19", "7.7"). */
  rate: string;
}

const BASIS = 10_000n;

/**
 * Prices include the tax: a total of 497.00 at 19% is 417.65 net and 79.35
 * tax. The net is the total divided by (1 + rate), rounded half up to the
 * cent, and the tax is what remains, so net + tax is the total to the cent.
 * `rate` is a percentage with at most two decimals ("19", "7.7"); the total a
 * decimal with at most two places (negative for a credit).
 */
export function splitInclusiveTax(total: string, rate: string): TaxSplit {
  const cents = toCents(total);
  const scaledRate = toScaled(rate);
  // The rate in hundredths of a percent: 19% is 1900, 7.7% is 770.
  if (scaledRate === null || scaledRate % 1_000_000n !== 0n || scaledRate < 0n || scaledRate > 100n * 100_000_000n) {
    throw new Error(`Not a tax rate: ${rate}`);
  }
  if (cents === null) throw new Error(`Not an amount in cents: ${total}`);
  const basisPoints = scaledRate / 1_000_000n;
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const divisor = BASIS + basisPoints;
  // Half up: (2·abs·BASIS + divisor) / (2·divisor), in integers.
  const netAbs = (2n * abs * BASIS + divisor) / (2n * divisor);
  const net = negative ? -netAbs : netAbs;
  return { net: fromCents(net), tax: fromCents(cents - net), rate: String(Number(basisPoints) / 100) };
}

/** The spec's offer constants: lifetime access, one-time, crossed out from 997, 30-day guarantee. */
export const OFFER = {
  price: 497,
  compareAt: 997,
  guaranteeDays: 30,
  bannerWindow: '24h',
  revenueShare: '70%',
} as const;

/** A price as shown: "$497" for whole amounts, "€449.50" otherwise, in the configured currency. */
export function formatPrice(amount: string | number, currency: string): string {
  const value = Number(amount);
  const whole = Number.isInteger(value);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 }).format(value);
  } catch {
    return `${value.toFixed(whole ? 0 : 2)} ${currency}`;
  }
}

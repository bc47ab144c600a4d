/** The spec's offer constants: lifetime access, one-time, crossed out from 997, 30-day guarantee. */
export const OFFER = {
  price: 497,
  compareAt: 997,
  guaranteeDays: 30,
  bannerWindow: '24h',
  revenueShare: '70%',
} as const;

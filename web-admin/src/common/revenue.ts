import type { CurrencyRevenue } from '../api';

/**
 * A revenue stat card: revenue is per currency and never summed across
 * currencies. One currency: its code in the label ("Revenue (USD)") and its
 * figure; several: each figure with its code ("€120.00 EUR · $497.00 USD").
 */
export function revenueCard(base: string, extra: string | null, list: CurrencyRevenue[] | undefined, fallback: string): { label: string; value: string } {
  const figures = list && list.length > 0 ? list : null;
  if (!figures || figures.length === 1) {
    const code = figures?.[0].currency ?? 'USD';
    return { label: `${base} (${[extra, code].filter(Boolean).join(', ')})`, value: figures?.[0].formatted ?? fallback };
  }
  return { label: extra ? `${base} (${extra})` : base, value: figures.map((r) => `${r.formatted} ${r.currency}`).join(' · ') };
}

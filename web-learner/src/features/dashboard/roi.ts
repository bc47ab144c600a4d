import { formatMoney, formatNumber, formatPercent } from '../../i18n/format';

export interface RoiResult {
  ratio: number;
  percent: number;
  profit: number;
  /** '1.50x' (in German '1,50x') */
  ratioText: string;
  /** '150.0%' (in German '150,0 %') */
  percentText: string;
  /** '$1500.00' or '-$200.00' (in German '1500,00 $') */
  profitText: string;
  interpretation: string;
  band: 'excellent' | 'good' | 'break-even' | 'loss';
}

const BANDS = [
  { band: 'excellent', min: 100, text: 'Excellent! Your campaign is highly profitable.' },
  { band: 'good', min: 50, text: 'Good! Your campaign is generating solid returns.' },
  { band: 'break-even', min: 0, text: 'Break-even or small profit. Consider optimizing your campaign.' },
  { band: 'loss', min: -Infinity, text: 'Loss detected. Review your campaign strategy and costs.' },
] as const;

/**
 * The spec's ROI: ratio = (revenue - investment) / investment, percentage =
 * ratio x 100; computed only when investment > 0 and revenue >= 0. The
 * figures are written as the spec's English writes them ("$1500.00", no
 * grouping), with the interface language's decimal sign and placement.
 */
export function computeRoi(investmentInput: string, revenueInput: string, language = 'en'): RoiResult | null {
  if (investmentInput.trim() === '' || revenueInput.trim() === '') return null;
  const investment = Number(investmentInput);
  const revenue = Number(revenueInput);
  if (!Number.isFinite(investment) || !Number.isFinite(revenue) || investment <= 0 || revenue < 0) return null;
  const profit = revenue - investment;
  const ratio = profit / investment;
  const percent = ratio * 100;
  const { band, text } = BANDS.find((b) => percent >= b.min)!;
  return {
    ratio,
    percent,
    profit,
    ratioText: `${formatNumber(ratio, language, { fractionDigits: 2, grouping: false })}x`,
    percentText: formatPercent(ratio, language, { fractionDigits: 1, grouping: false }),
    profitText: formatMoney(profit, 'USD', language, { fractionDigits: 2, grouping: false }),
    interpretation: text,
    band,
  };
}

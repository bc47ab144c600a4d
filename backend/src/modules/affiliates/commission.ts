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
